import Testing
@testable import UnitsKit

@Suite struct AppendPlanTests {
    @Test(arguments: [
        ("", "\n", true), ("x\n", "\n", false), ("x", "\n", false), ("x\r\n", "\r\n", false),
        ("x\r\ny", "\r\n", false), ("x\ny\r\n", "\r\n", false), ("x\n\n", "\n", true), ("x\n  \n", "\n", true),
    ])
    func lineEndingAndBlankEnd(existing: String, ending: String, endsBlank: Bool) {
        #expect(AppendPlan.lineEnding(of: Array(existing.utf8)) == Array(ending.utf8))
        #expect(AppendPlan.endsWithBlankLine(Array(existing.utf8)) == endsBlank)
    }
}

@Suite struct LogDayTests {
    @Test(arguments: [
        ("2025-12-15T01:30", 240, "2025-12-14"),
        ("2025-12-15T03:59", 240, "2025-12-14"),
        ("2025-12-15T04:00", 240, "2025-12-15"),
        ("2025-12-15T00:00", 0, "2025-12-15"),
        ("2026-01-01T00:10", 60, "2025-12-31"),
    ])
    func shiftsByDayStart(clock: String, dayStart: Int, expected: String) throws {
        let now = try #require(LogDay.parseClock(clock))
        #expect(LogDay.day(now: now, dayStartMinutes: dayStart).description == expected)
    }

    @Test(arguments: ["2025-12-15", "2025-12-15T24:00", "2025-12-15T1:30", "x", "2025-02-30T01:00"])
    func rejectsBadClocks(text: String) { #expect(LogDay.parseClock(text) == nil) }
}
