/// `units calendar`: the reminders of a `ReminderSchedule` as an iCalendar
/// feed (RFC 5545) that a phone's calendar subscribes to (docs/reminders.md).
///
/// - Each reminder is a 15-minute event at its time with a display alarm
///   at its start; each open task an all-day event today, without an alarm
///   (phones' calendars show events from a subscription and leave to-dos
///   out, and tasks have no reminders of their own).
/// - Times are floating (no `TZID`, no `Z`): a journal's days are the
///   person's own days wherever they are, so 21:00 means 21:00 on the
///   phone's clock, also after a flight; no time zone table is needed.
/// - A UID is the reminder's kind, journal day and habit name (a task's
///   opening day and title), so a refreshed feed updates its events instead
///   of adding copies, and a reminder that no longer falls disappears.
/// - `DTSTAMP` is today at 00:00 UTC, not the clock: with `--today` the
///   same journal gives the same bytes.
public struct CalendarFeed: Sendable {
    public var schedule: ReminderSchedule
    /// The calendar's name in the phone's list of calendars.
    public var name: String

    public init(_ schedule: ReminderSchedule, name: String) {
        self.schedule = schedule
        self.name = name
    }

    /// How long a reminder's event lasts in the calendar.
    static let eventMinutes = 15

    public func render(to output: ReportOutput) {
        var out = ICalendarText()
        let stamp = ICalendarText.date(schedule.today) + "T000000Z"
        out.line("BEGIN", "VCALENDAR")
        out.line("VERSION", "2.0")
        out.line("PRODID", "-//units//units calendar \(UnitsVersion.number)//EN")
        out.line("CALSCALE", "GREGORIAN")
        // No METHOD: it is for iTIP messages (RFC 5546), whose PUBLISH
        // would want an ORGANIZER; a feed to subscribe to is plain iCalendar.
        out.text("NAME", name)
        out.text("X-WR-CALNAME", name)
        // Ask subscribers to look again every hour (RFC 7986, and the older
        // name some calendars read): a reminder done today goes away then.
        out.line("REFRESH-INTERVAL;VALUE=DURATION", "PT1H")
        out.line("X-PUBLISHED-TTL", "PT1H")
        var used = Set<String>()
        func uid(_ key: String) -> String {
            var id = Self.uid(key)
            var n = 2
            while !used.insert(id).inserted { id = Self.uid(key + "-\(n)"); n += 1 }
            return id
        }
        for alarm in schedule.alarms {
            out.line("BEGIN", "VEVENT")
            out.line("UID", uid(alarm.key))
            out.line("DTSTAMP", stamp)
            out.line("DTSTART", ICalendarText.localTime(alarm.date, minutes: alarm.minutes))
            out.line("DURATION", "PT\(Self.eventMinutes)M")
            out.text("SUMMARY", alarm.title)
            out.text("DESCRIPTION", alarm.text)
            out.line("TRANSP", "TRANSPARENT")
            out.line("BEGIN", "VALARM")
            out.line("ACTION", "DISPLAY")
            out.line("TRIGGER", "PT0S")
            out.text("DESCRIPTION", alarm.text)
            out.line("END", "VALARM")
            out.line("END", "VEVENT")
        }
        for row in schedule.tasks {
            let task = row.task
            out.line("BEGIN", "VEVENT")
            out.line("UID", uid("task-" + task.opened.description + "-" + task.title))
            out.line("DTSTAMP", stamp)
            out.line("DTSTART;VALUE=DATE", ICalendarText.date(schedule.today))
            out.line("DTEND;VALUE=DATE", ICalendarText.date(schedule.today.adding(days: 1)))
            out.text("SUMMARY", "Task: " + task.title)
            let units = task.estimate == 1 ? "1 unit" : "\(task.estimate) units"
            let open = row.daysOpen == 0 ? "Opened today" : "Open \(ReportText.count(row.daysOpen, "day"))"
            out.text("DESCRIPTION", "\(open); \(units) to \(row.habitName) when done: units task done \"\(task.title)\"")
            out.line("TRANSP", "TRANSPARENT")
            out.line("END", "VEVENT")
        }
        out.line("END", "VCALENDAR")
        output.write(String(decoding: out.bytes, as: UTF8.self))
    }

    /// `units-habit-2025-12-14-Reading@units`: the key's bytes outside
    /// letters, digits, `-`, `.` and `_` percent-encoded, so that every
    /// calendar compares it as it is.
    static func uid(_ key: String) -> String {
        var out = "units-"
        for byte in key.utf8 {
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x2E, 0x5F: out.unicodeScalars.append(Unicode.Scalar(byte))
            default: out += "%" + String(hex: byte, width: 2)
            }
        }
        return out + "@units"
    }
}
