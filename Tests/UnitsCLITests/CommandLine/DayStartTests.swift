import Foundation
import Testing
@testable import UnitsCLI
import UnitsKit

/// One notion of today: at 01:30 with `option day-start 04:00`
/// it is still yesterday for `log` and for every report, and `--today`
/// overrides the clock for all of them alike.
@Suite struct DayStartTests {
    static let journal = """
        units 1
        option day-start 04:00

        2025-12-01 habit Walk
          floor: 5/week

        2025-12-14 Walk 3

        """

    func run(_ arguments: [String], file: String, now: String) -> CLIRun {
        CLI.units(arguments + ["--file", file], environment: ["UNITS_NOW": now, "XDG_STATE_HOME": "/tmp/units-test-state"])
    }

    @Test func halfPastOneIsStillYesterdayEverywhere() throws {
        let file = try CLI.temporaryFile(Self.journal)
        let now = "2025-12-16T01:30"   // a Tuesday night, before the day starts at 04:00
        let log = run(["log", "Walk", "4"], file: file, now: now)
        #expect(log.code == .ok, "\(log.err)")
        #expect(try String(contentsOfFile: file, encoding: .utf8).hasSuffix("2025-12-15 Walk 4\n"))

        let today = run(["today", "--no-color"], file: file, now: now)
        #expect(today.out.contains("Monday, Dec 15, 2025"), "\(today.out)")
        #expect(today.out.contains("Today 4"), "\(today.out)")
        #expect(!today.out.contains("future"))

        let stats = run(["stats", "--json"], file: file, now: now)
        #expect(stats.out.contains("\"today\": \"2025-12-15\""), "\(stats.out)")

        let status = run(["status"], file: file, now: now)
        #expect(status.out.hasPrefix("4u"), "\(status.out)")

        // At 04:00 the new day has begun for every command.
        let morning = run(["status"], file: file, now: "2025-12-16T04:00")
        #expect(morning.out.hasPrefix("0u"), "\(morning.out)")
        let morningToday = run(["today", "--no-color"], file: file, now: "2025-12-16T04:00")
        #expect(morningToday.out.contains("Tuesday, Dec 16, 2025"))

        // --today wins over the clock for reports and writes alike;
        // a relative --today is counted from the journal day of the clock.
        let fixed = run(["stats", "--json", "--today", "yesterday"], file: file, now: now)
        #expect(fixed.out.contains("\"today\": \"2025-12-14\""), "\(fixed.out)")
        let backfill = run(["log", "Walk", "1", "--today", "yesterday", "--date", "-1"], file: file, now: now)
        #expect(backfill.code == .ok, "\(backfill.err)")
        #expect(try String(contentsOfFile: file, encoding: .utf8).contains("2025-12-13 Walk 1\n"))
    }

    @Test func relativeDaysReadTheSameEverywhere() throws {
        let parser = PeriodParser(today: CivilDate(year: 2025, month: 12, day: 17)!)   // a Wednesday
        let table: [(String, String)] = [
            ("today", "2025-12-17"), ("yesterday", "2025-12-16"), ("tomorrow", "2025-12-18"),
            ("-0", "2025-12-17"), ("-1", "2025-12-16"), ("-30", "2025-11-17"),
            ("wed", "2025-12-17"), ("tue", "2025-12-16"), ("mon", "2025-12-15"), ("sun", "2025-12-14"),
            ("thursday", "2025-12-11"), ("Fri", "2025-12-12"), ("2025-12-01", "2025-12-01"), ("2025/12/02", "2025-12-02"),
            ("from 2025-12-03 to 2025-12-04", "2025-12-03"), ("this day", "2025-12-17"), ("last 1 days", "2025-12-17"),
        ]
        for (text, expected) in table {
            #expect((try? parser.day(text))?.description == expected, "\(text)")
        }
        for bad in ["2025-12", "this week", "-x", "someday", "", "from 2025-12-01"] {
            #expect((try? parser.day(bad)) == nil, "\(bad)")
        }
    }
}
