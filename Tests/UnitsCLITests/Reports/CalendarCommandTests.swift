import Foundation
import Testing
@testable import UnitsCLI
import UnitsKit
import UnitsTestSupport

/// `units calendar`: the feed's events for the documents' cases, its
/// structure against RFC 5545, and the feed read by real calendar programs
/// (Python's `icalendar`, Debian's `khal`).
@Suite struct CalendarCommandTests {
    /// One VEVENT of a feed, unfolded: its properties by name (value after
    /// the first `:`, parameters dropped) and its alarms'.
    struct Event {
        var properties: [(name: String, value: String)] = []
        var alarms: [[(name: String, value: String)]] = []
        func value(_ name: String) -> String? { properties.first { $0.name == name }?.value }
        var uid: String { value("UID") ?? "" }
        var start: String { value("DTSTART") ?? "" }
    }

    static func events(_ feed: String) -> [Event] {
        let lines = ICalendarTextLines.unfold(Array(feed.utf8)).map { String(decoding: $0, as: UTF8.self) }
        var events: [Event] = []
        var current: Event?
        var alarm: [(name: String, value: String)]?
        for line in lines {
            let colon = line.firstIndex(of: ":") ?? line.endIndex
            let name = String(line[..<colon].prefix { $0 != ";" })
            let value = colon < line.endIndex ? String(line[line.index(after: colon)...]) : ""
            switch (name, value) {
            case ("BEGIN", "VEVENT"): current = Event()
            case ("END", "VEVENT"): events.append(current!); current = nil
            case ("BEGIN", "VALARM"): alarm = []
            case ("END", "VALARM"): current?.alarms.append(alarm!); alarm = nil
            default:
                if alarm != nil { alarm!.append((name, value)) } else { current?.properties.append((name, value)) }
            }
        }
        return events
    }

    /// The feed of `journal` as of `today`.
    static func feed(_ journal: String, today: String, days: Int = 7, file: String? = nil) throws -> (ExitCode, String, String, String) {
        let path = try file ?? CLI.temporaryFile(journal)
        if file != nil { try journal.write(toFile: path, atomically: true, encoding: .utf8) }
        let (code, out, err) = CLIFixtures.units(["calendar", "--file", path, "--today", today, "--days", String(days)])
        return (code, out, err, path)
    }

    static func habitEvents(_ feed: String, _ habit: String) -> [Event] {
        events(feed).filter { $0.uid.hasSuffix("-" + habit + "@units") && $0.uid.hasPrefix("units-habit-") }
    }

    // 2026-11-23 is a Monday.
    static let header = "units 1\n"

    @Test func dailyReminderHasAnAlarmOnEachOfTheNextDays() throws {
        let journal = Self.header + "2026-11-01 habit Meditate\n  kind: check\n  remind: 21:00\n"
        let (code, feed, err, _) = try Self.feed(journal, today: "2026-11-23", days: 10)
        #expect(code == .ok, "\(err)")
        let events = Self.habitEvents(feed, "Meditate")
        #expect(events.map(\.start) == (23...30).map { "202611\($0)T210000" } + ["20261201T210000", "20261202T210000"])
        for event in events {
            #expect(event.alarms.count == 1)
            #expect(event.alarms.first?.first { $0.name == "TRIGGER" }?.value == "PT0S")
            #expect(event.alarms.first?.first { $0.name == "ACTION" }?.value == "DISPLAY")
        }
        // Off unless set: no day reminders, and a habit without `remind:` has none.
        #expect(!feed.contains("Check Today") && !feed.contains("Log your habits"))
    }

    @Test func noReminderOnAPausedDayNorAfterArchive() throws {
        let journal = Self.header + """
            2026-11-01 habit Meditate
              kind: check
              remind: 21:00
            2026-11-24 pause Meditate 2026-11-25
            2026-11-28 archive Meditate

            """
        let (code, feed, err, _) = try Self.feed(journal, today: "2026-11-23", days: 10)
        #expect(code == .ok, "\(err)")
        #expect(Self.habitEvents(feed, "Meditate").map(\.start) == ["20261123T210000", "20261126T210000", "20261127T210000"])
    }

    @Test func weeklyQuotaMetEndsTheWeeksReminders() throws {
        let journal = Self.header + """
            2026-11-01 habit Gym
              kind: check
              every: 3/week
              remind: 07:00
            2026-11-23 Gym yes
            2026-11-24 Gym yes

            """
        // Before the third check-in: reminded every day left in the week, and the next week.
        let (_, before, _, path) = try Self.feed(journal, today: "2026-11-25", days: 7)
        #expect(Self.habitEvents(before, "Gym").map(\.start) == (25...30).map { "202611\($0)T070000" } + ["20261201T070000"])
        #expect(Self.habitEvents(before, "Gym").first?.value("DESCRIPTION")?.contains("2 of 3 this week so far.") == true)
        // The third check-in, by `units log`: nothing more this week; Monday's is back.
        let (logged, _, logErr) = CLIFixtures.units(["log", "Gym", "yes", "--file", path, "--today", "2026-11-25"])
        #expect(logged == .ok, "\(logErr)")
        let (_, after, _) = CLIFixtures.units(["calendar", "--file", path, "--today", "2026-11-25", "--days", "7"])
        #expect(Self.habitEvents(after, "Gym").map(\.start) == ["20261130T070000", "20261201T070000"])
    }

    @Test func softFloorNudgeOnlyUnderPace() throws {
        let under = Self.header + "2026-11-01 habit Reading\n  unit: page\n  floor: 20/week\n  remind: 19:00\n2026-11-23 Reading 5\n"
        let (_, feed, _, _) = try Self.feed(under, today: "2026-11-24", days: 3)
        let texts = Self.habitEvents(feed, "Reading").compactMap { $0.value("DESCRIPTION") }
        #expect(texts.count == 3)
        #expect(texts.allSatisfy { $0.hasPrefix("You’re 15 pages from your Reading soft floor.") }, "\(texts)")
        #expect(texts.allSatisfy { !$0.contains("behind") && !$0.lowercased().contains("missed") })

        let onPace = Self.header + "2026-11-01 habit Reading\n  unit: page\n  floor: 20/week\n  remind: 19:00\n2026-11-23 Reading 25\n"
        let (_, feed2, _, _) = try Self.feed(onPace, today: "2026-11-24", days: 3)
        let texts2 = Self.habitEvents(feed2, "Reading").compactMap { $0.value("DESCRIPTION") }
        #expect(texts2.count == 3)
        #expect(texts2.allSatisfy { $0.hasPrefix("Drop 1 page into today’s pile?") && !$0.contains("soft floor") }, "\(texts2)")
    }

    @Test func refreshedFeedAfterACheckInKeepsEveryUIDAndDropsTodaysReminder() throws {
        let journal = Self.header + """
            option remind-morning 08:00
            option remind-evening 21:30
            2026-11-01 habit Meditate
              kind: check
              remind: 21:00
            2026-11-01 habit Reading
              unit: page
              remind: 19:00 weekdays
            2026-11-01 habit Stretch
              kind: check

            """
        let (_, first, _, path) = try Self.feed(journal, today: "2026-11-23", days: 7)
        #expect(Self.events(first).first { $0.uid == "units-evening-2026-11-23@units" }?.value("DESCRIPTION") == "Drop 1 unit into today’s pile?")
        let (logged, _, logErr) = CLIFixtures.units(["log", "Meditate", "yes", "--file", path, "--today", "2026-11-23"])
        #expect(logged == .ok, "\(logErr)")
        let (_, second, _) = CLIFixtures.units(["calendar", "--file", path, "--today", "2026-11-23", "--days", "7"])
        let before = Self.events(first).map(\.uid), after = Self.events(second).map(\.uid)
        #expect(Set(before).count == before.count && Set(after).count == after.count, "UIDs are unique")
        #expect(Set(before).subtracting(after) == ["units-habit-2026-11-23-Meditate@units"])
        #expect(Set(after).isSubset(of: Set(before)))
        // Reading's weekdays: Saturday and Sunday have none.
        #expect(Self.habitEvents(second, "Reading").map(\.start) == (23...27).map { "202611\($0)T190000" })
        // The day reminders fall every day; today's evening one says what is left.
        #expect(Self.events(second).filter { $0.uid.hasPrefix("units-morning-") }.count == 7)
        let evening = Self.events(second).first { $0.uid == "units-evening-2026-11-23@units" }
        #expect(evening?.value("DESCRIPTION") == "1 left today\\, if you did them: units log.")
        // Once nothing is left today, today's evening reminder goes too.
        _ = CLIFixtures.units(["log", "Stretch", "yes", "--file", path, "--today", "2026-11-23"])
        let (_, third, _) = CLIFixtures.units(["calendar", "--file", path, "--today", "2026-11-23", "--days", "7"])
        #expect(Set(Self.events(second).map(\.uid)).subtracting(Self.events(third).map(\.uid)) == ["units-evening-2026-11-23@units"])
    }

    @Test func aTimeBeforeDayStartRingsOnTheNextDate() throws {
        let journal = Self.header + "option day-start 04:00\n2026-11-01 habit Late\n  kind: check\n  remind: 01:30\n"
        let (_, feed, _, _) = try Self.feed(journal, today: "2026-11-23", days: 2)
        let events = Self.habitEvents(feed, "Late")
        #expect(events.map(\.uid) == ["units-habit-2026-11-23-Late@units", "units-habit-2026-11-24-Late@units"])
        #expect(events.map(\.start) == ["20261124T013000", "20261125T013000"])
    }

    @Test func openTasksAreAllDayEventsToday() throws {
        let journal = Self.header + "2026-11-01 habit Reading\n2026-11-20 task \"Repaint, the fence; twice\" 3 Reading\n"
        let (_, feed, _, _) = try Self.feed(journal, today: "2026-11-23", days: 2)
        let tasks = Self.events(feed).filter { $0.uid.hasPrefix("units-task-") }
        #expect(tasks.count == 1)
        #expect(tasks.first?.value("DTSTART") == "20261123" && tasks.first?.value("DTEND") == "20261124")
        #expect(tasks.first?.value("SUMMARY") == "Task: Repaint\\, the fence\\; twice")
        #expect(tasks.first?.alarms.isEmpty == true)
        #expect(feed.contains("DTSTART;VALUE=DATE:20261123\r\n"))
    }

    /// Each component has RFC 5545's required properties, once, and none of
    /// its at-most-once properties twice; lines are CR LF and at most 75 octets.
    @Test func everyComponentHasItsRequiredProperties() throws {
        let journal = Self.header + """
            option remind-morning 07:45
            option remind-evening 22:00
            2026-11-01 group Exercise
              remind: 06:30 weekdays
            2026-11-01 habit Gym
              kind: check
              group: Exercise
            2026-11-01 habit Läsning-och-skrivande-med-ett-långt-namn-så-att-raden-viks
              title: "Läsning, skrivande; och \\"mer\\" — ett långt namn 読書 📚 so that the line must fold"
              unit: sida
              floor: 30/week
              remind: 20:15
            2026-11-20 task "Ring, mormor" 1

            """
        let (code, feed, err, _) = try Self.feed(journal, today: "2026-11-23", days: 14)
        #expect(code == .ok, "\(err)")
        let bytes = Array(feed.utf8)
        ICalendarTextLines.check(bytes)
        let lines = ICalendarTextLines.unfold(bytes).map { String(decoding: $0, as: UTF8.self) }
        // Components and their properties, by nesting.
        var stack: [(name: String, props: [String])] = []
        var seen: [String: Int] = [:]
        let required: [String: [String]] = [
            "VCALENDAR": ["PRODID", "VERSION"],
            "VEVENT": ["UID", "DTSTAMP", "DTSTART"],
            "VALARM": ["ACTION", "TRIGGER", "DESCRIPTION"],   // ACTION:DISPLAY needs DESCRIPTION
        ]
        let once: [String: Set<String>] = [
            "VCALENDAR": ["PRODID", "VERSION", "CALSCALE", "METHOD"],
            "VEVENT": ["UID", "DTSTAMP", "DTSTART", "CLASS", "CREATED", "DESCRIPTION", "GEO", "LAST-MODIFIED", "LOCATION", "ORGANIZER",
                       "PRIORITY", "SEQUENCE", "STATUS", "SUMMARY", "TRANSP", "URL", "RECURRENCE-ID", "DTEND", "DURATION"],
            "VALARM": ["ACTION", "TRIGGER", "DESCRIPTION", "DURATION", "REPEAT"],
        ]
        for line in lines {
            let colon = line.firstIndex(of: ":")!
            let name = String(line[..<colon].prefix { $0 != ";" })
            let value = String(line[line.index(after: colon)...])
            #expect(name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") } && name == name.uppercased(), "property name \(name)")
            if name == "BEGIN" { stack.append((value, [])); continue }
            if name == "END" {
                let (component, props) = stack.removeLast()
                #expect(component == value)
                seen[component, default: 0] += 1
                for property in required[component] ?? [] {
                    #expect(props.filter { $0 == property }.count == 1, "\(component) needs one \(property): \(props)")
                }
                for property in once[component] ?? [] { #expect(props.filter { $0 == property }.count <= 1, "\(component) has \(property) twice") }
                if component == "VEVENT" { #expect(!(props.contains("DTEND") && props.contains("DURATION")), "DTEND and DURATION") }
                continue
            }
            stack[stack.count - 1].props.append(name)
            // Floating date-times (no Z, no TZID) except DTSTAMP, which RFC 5545 wants in UTC.
            if name == "DTSTAMP" { #expect(value.count == 16 && value.hasSuffix("Z")) }
            if name == "DTSTART", !line.hasPrefix("DTSTART;VALUE=DATE:") { #expect(value.count == 15 && !line.contains("TZID")) }
        }
        #expect(stack.isEmpty)
        #expect(!feed.contains("\r\nMETHOD:"), "an iTIP method would want an ORGANIZER")
        #expect(seen["VCALENDAR"] == 1 && (seen["VEVENT"] ?? 0) > 20 && (seen["VALARM"] ?? 0) > 20)
        let uids = Self.events(feed).map(\.uid)
        #expect(Set(uids).count == uids.count)
        #expect(uids.allSatisfy { $0.allSatisfy(\.isASCII) })
        // The group's reminder falls on weekdays; its option Gym has none of its own.
        #expect(Self.habitEvents(feed, "Exercise").count == 10)
        #expect(Self.habitEvents(feed, "Gym").isEmpty)
    }

    /// RFC 5545 TEXT read back: `\\`, `\;`, `\,` and `\n` to what they stand for.
    static func unescaped(_ text: String) -> String {
        var out = "", escaping = false
        for c in text {
            if escaping { out.append(c == "n" || c == "N" ? "\n" : c); escaping = false } else if c == "\\" { escaping = true } else { out.append(c) }
        }
        return out
    }

    /// Titles of every awkward kind (separators, quotes, backslashes, other
    /// scripts, emoji, controls): each folds and reads back as written.
    @Test(arguments: 0..<3)
    func awkwardTitlesReadBackExactly(seed: Int) throws {
        print("CalendarCommandTests seed \(seed)")
        var rng = SplitMix64(state: UInt64(seed) &* 0x2545_F491 &+ 11)
        let pool: [String] = ["a", "Z", " ", ",", ";", ":", "\\", "\"", "é", "読", "📚", "👩‍👩‍👧", "e\u{301}", "\t", "\u{07}", "\u{7F}", "\u{85}", "\u{2028}"]
        var journal = Self.header
        var titles: [String] = []
        for i in 0..<25 {
            var title = ""
            for _ in 0..<(1 + Int(rng.next() % 60)) { title += pool[Int(rng.next() % UInt64(pool.count))] }
            titles.append(title)
            let quoted = title.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            journal += "2026-11-01 habit H\(i)\n  kind: check\n  title: \"\(quoted)\"\n  remind: \(10 + i % 12):15\n"
        }
        let (code, feed, err, _) = try Self.feed(journal, today: "2026-11-23", days: 1)
        #expect(code == .ok, "seed \(seed): \(err)")
        ICalendarTextLines.check(Array(feed.utf8))
        for (i, title) in titles.enumerated() {
            let summary = try #require(Self.habitEvents(feed, "H\(i)").first?.value("SUMMARY"), "seed \(seed) H\(i)")
            let expected = String(String.UnicodeScalarView(title.unicodeScalars.map { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F ? " " : $0 }))
            #expect(Self.unescaped(summary) == expected, "seed \(seed) H\(i)")
        }
    }

    @Test func badRemindersAreLocatedAndNothingIsWritten() throws {
        let journal = Self.header + """
            2026-11-01 habit Walk
              remind: 25:00
            2026-11-01 habit Run
              remind: 07:00 mon fry
            2026-11-01 group Exercise
            2026-11-01 habit Gym
              kind: check
              group: Exercise
              remind: 07:00

            """
        let path = try CLI.temporaryFile(journal)
        let out = path + ".ics"
        let (code, _, err) = CLIFixtures.units(["calendar", "--file", path, "--today", "2026-11-23", "--out", out])
        #expect(code == .failure)
        #expect(!FileManager.default.fileExists(atPath: out), "nothing written")
        #expect(err.contains("habits.units:3:11: error: '25:00' is not a time of day"), "\(err)")
        #expect(err.contains("habits.units:5:21: error: 'fry' is not a weekday"), "\(err)")
        #expect(err.contains("habits.units:10:3: error: 'Gym' is an option of group 'Exercise'"), "\(err)")
        #expect(err.contains("[invalid-reminder]"))
        let lint = CLI.lint(["--today", "2026-11-23", path])
        #expect(lint.code != .ok)
        #expect(lint.out.components(separatedBy: "[invalid-reminder]").count - 1 == 3, "\(lint.out)")
        // A bad day-reminder time is an invalid option, refused by every command.
        let option = try CLI.temporaryFile(Self.header + "option remind-evening 24:00\n")
        let (optionCode, _, optionErr) = CLIFixtures.units(["calendar", "--file", option, "--today", "2026-11-23", "--out", out])
        #expect(optionCode == .failure && optionErr.contains("habits.units:2:23: error: remind-evening must be a time from 00:00 to 23:59"), "\(optionErr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        // Usage.
        let (usage, _, usageErr) = CLIFixtures.units(["calendar", "--file", option, "--days", "0"])
        #expect(usage == .usage && usageErr.contains("--days"))
    }

    @Test func outWritesTheFileAndSameTodayGivesTheSameBytes() throws {
        let journal = Self.header + "2026-11-01 habit Meditate\n  kind: check\n  remind: 21:00\n"
        let path = try CLI.temporaryFile(journal)
        let out = path + ".ics"
        let (code, stdout, err) = CLIFixtures.units(["calendar", "--file", path, "--today", "2026-11-23", "--out", out])
        #expect(code == .ok && stdout.isEmpty, "\(err)")
        let written = try String(contentsOfFile: out, encoding: .utf8)
        let (_, again, _) = CLIFixtures.units(["calendar", "--file", path, "--today", "2026-11-23"])
        #expect(written == again)
        #expect(Self.habitEvents(written, "Meditate").count == CalendarCommand.defaultDays)
    }

    // MARK: Real readers

    /// A journal with every kind of event, and its feed in a file.
    static func sampleFeed() throws -> (dir: String, ics: String, feed: String) {
        let journal = Self.header + """
            option remind-morning 08:00
            option remind-evening 21:30
            option day-start 04:00
            2026-11-01 habit Meditate
              kind: check
              remind: 21:00
            2026-11-01 habit Gym
              kind: check
              every: 3/week
              remind: 07:00 mon wed fri
            2026-11-01 habit Reading
              unit: page
              floor: 20/week
              remind: 19:00
            2026-11-01 habit Night
              kind: check
              remind: 01:30
            2026-11-23 Gym yes
            2026-11-25 pause Meditate 2026-11-26
            2026-11-20 task "Call, the; bank" 1

            """
        let dir = try CLIFixtures.temporaryDirectory()
        let path = dir + "/habits.units"
        try journal.write(toFile: path, atomically: true, encoding: .utf8)
        let ics = dir + "/habits.ics"
        let (code, _, err) = CLIFixtures.units(["calendar", "--file", path, "--today", "2026-11-24", "--days", "7", "--out", ics])
        #expect(code == .ok, "\(err)")
        return (dir, ics, try String(contentsOfFile: ics, encoding: .utf8))
    }

    /// Python's `icalendar` reads every event, alarm and time as the feed says.
    @Test func pythonICalendarReadsEveryEventAlarmAndTime() throws {
        let (dir, ics, feed) = try Self.sampleFeed()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let script = """
            import sys, json
            try:
                import icalendar
            except ImportError:
                print("NO-ICALENDAR"); sys.exit(0)
            cal = icalendar.Calendar.from_ical(open(sys.argv[1], "rb").read())
            out = []
            for e in cal.walk("VEVENT"):
                start = e.decoded("DTSTART")
                alarms = [{"trigger": a.decoded("TRIGGER").total_seconds(), "action": str(a["ACTION"]), "text": str(a["DESCRIPTION"])}
                          for a in e.subcomponents if a.name == "VALARM"]
                out.append({"uid": str(e["UID"]), "start": start.isoformat(), "floating": getattr(start, "tzinfo", None) is None,
                            "summary": str(e["SUMMARY"]), "description": str(e.get("DESCRIPTION", "")), "alarms": alarms})
            print(json.dumps(out))
            """
        guard let (status, output) = try? CLIFixtures.run("/usr/bin/env", ["python3", "-c", script, ics], in: dir), status != 127 else {
            print("SKIPPED: python3 is not installed; the feed was not read by icalendar"); return
        }
        if output.contains("NO-ICALENDAR") { print("SKIPPED: Python's icalendar is not installed (.ci/run installs it)"); return }
        #expect(status == 0, "\(output)")
        let read = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]], "\(output)")
        let expected = Self.events(feed)
        #expect(read.count == expected.count && read.count > 20)
        for (python, ours) in zip(read, expected) {
            #expect(python["uid"] as? String == ours.uid)
            #expect(python["floating"] as? Bool == true)
            let start = (python["start"] as? String ?? "").filter { $0 != "-" && $0 != ":" }
            #expect(start == ours.start, "\(ours.uid)")
            let alarms = python["alarms"] as? [[String: Any]] ?? []
            #expect(alarms.count == ours.alarms.count)
            if ours.uid.hasPrefix("units-task-") { #expect(alarms.isEmpty); continue }
            #expect(alarms.count == 1)
            #expect(alarms.first?["trigger"] as? Double == 0)
            #expect(alarms.first?["action"] as? String == "DISPLAY")
            #expect(alarms.first?["text"] as? String == python["description"] as? String)
        }
        // Escapes are read back as the text they stand for.
        #expect(read.contains { $0["summary"] as? String == "Task: Call, the; bank" })
        #expect(read.contains { ($0["description"] as? String)?.hasPrefix("You’re 20 pages from your Reading soft floor.") == true })
        #expect(read.contains { $0["uid"] as? String == "units-habit-2026-11-24-Night@units" && $0["start"] as? String == "2026-11-25T01:30:00" })
    }

    /// Debian's `khal` imports the feed into a real calendar and lists the
    /// right events for a day; importing the refreshed feed again updates
    /// them (the same UIDs), it does not add copies.
    @Test func khalImportsTheFeedAndListsTheDay() throws {
        guard let khal = ["/usr/bin/khal", "/usr/local/bin/khal"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            print("SKIPPED: khal is not installed (.ci/run installs it); the feed was not imported into a calendar"); return
        }
        let (dir, ics, _) = try Self.sampleFeed()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/calendar", withIntermediateDirectories: true)
        let config = """
            [calendars]
            [[habits]]
            path = \(dir)/calendar
            type = calendar
            [locale]
            local_timezone = UTC
            default_timezone = UTC
            timeformat = %H:%M
            dateformat = %Y-%m-%d
            longdateformat = %Y-%m-%d
            datetimeformat = %Y-%m-%d %H:%M
            longdatetimeformat = %Y-%m-%d %H:%M
            [sqlite]
            path = \(dir)/khal.db

            """
        try config.write(toFile: dir + "/khal.conf", atomically: true, encoding: .utf8)
        let environment = ["HOME": dir, "XDG_CONFIG_HOME": dir, "XDG_DATA_HOME": dir, "LC_ALL": "C.UTF-8"]
        func list(_ day: String) throws -> [String] {
            let (status, output) = try CLIFixtures.run(khal, ["-c", dir + "/khal.conf", "list", day, day, "--format", "{start-time} {title}"], in: dir, environment: environment)
            #expect(status == 0, "\(output)")
            return output.split(separator: "\n").map(String.init).filter { !$0.contains(day) || $0.hasPrefix(" ") }
        }
        var (status, output) = try CLIFixtures.run(khal, ["-c", dir + "/khal.conf", "import", "--batch", ics], in: dir, environment: environment)
        #expect(status == 0, "\(output)")
        // Wednesday 2026-11-25: Gym (a Wednesday, quota not met), Meditate paused, Night's 01:30 is Tuesday's.
        #expect(try list("2026-11-25") == ["01:30 Night", "07:00 Gym", "08:00 Check Today", "19:00 Reading", "21:30 Log your habits"])
        // Tuesday 2026-11-24 (today): the task all day, no Gym (not its day).
        #expect(try list("2026-11-24") == [" Task: Call, the; bank", "08:00 Check Today", "19:00 Reading", "21:00 Meditate", "21:30 Log your habits"])
        let count = try FileManager.default.contentsOfDirectory(atPath: dir + "/calendar").count
        (status, output) = try CLIFixtures.run(khal, ["-c", dir + "/khal.conf", "import", "--batch", ics], in: dir, environment: environment)
        #expect(status == 0, "\(output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/calendar").count == count)
        #expect(try list("2026-11-25").count == 5)
    }
}

/// Unfolding and line checks shared by the feed tests (RFC 5545 3.1).
enum ICalendarTextLines {
    static func unfold(_ bytes: [UInt8]) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var i = 0
        var current: [UInt8] = []
        while i < bytes.count {
            if bytes[i] == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A {
                if i + 2 < bytes.count, bytes[i + 2] == 0x20 { i += 3; continue }
                lines.append(current); current = []; i += 2; continue
            }
            current.append(bytes[i]); i += 1
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    static func check(_ bytes: [UInt8]) {
        #expect(bytes.suffix(2) == [0x0D, 0x0A])
        var start = 0
        var folded = 0
        for i in bytes.indices where bytes[i] == 0x0A {
            #expect(i > 0 && bytes[i - 1] == 0x0D, "a bare LF at \(i)")
            let line = Array(bytes[start..<(i - 1)])
            #expect(line.count <= 75, "a line of \(line.count) octets")
            #expect(String(validating: line, as: UTF8.self) != nil, "a fold split a UTF-8 sequence")
            if line.first == 0x20 { folded += 1 }
            start = i + 1
        }
        #expect(folded > 0, "the test feed has lines long enough to fold")
    }
}
