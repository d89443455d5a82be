/// `units calendar`: a `ReminderSchedule` as an iCalendar feed (RFC 5545) a
/// phone subscribes to (docs/reminders.md): a 15-minute event with an alarm
/// per reminder, an all-day event per open task (phones show events, not
/// to-dos). Times float: a journal's days are the person's own wherever they
/// are. A UID is the kind, day and name, so a refresh updates its events;
/// `DTSTAMP` is today, not the clock, so `--today` fixes the bytes.
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
            let units = ReportText.count(task.estimate, "unit")
            let open = row.daysOpen == 0 ? "Opened today" : "Open \(ReportText.count(row.daysOpen, "day"))"
            out.text("DESCRIPTION", "\(open); \(units) to \(row.habitName) when done: units task done \"\(task.title)\"")
            out.line("TRANSP", "TRANSPARENT")
            out.line("END", "VEVENT")
        }
        out.line("END", "VCALENDAR")
        output.write(String(decoding: out.bytes, as: UTF8.self))
    }

    /// `units-habit-2025-12-14-Reading@units`: bytes other than letters,
    /// digits, `-`, `.` and `_` percent-encoded, so every calendar compares it as it is.
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
