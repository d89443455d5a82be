import Testing
@testable import UnitsKit

@Suite struct AppendPlanTests {
    @Test(arguments: [
        ("", false, "A\nB\n"),
        ("x\n", false, "x\nA\nB\n"),
        ("x", false, "x\nA\nB\n"),                       // a missing final line ending is added first
        ("x\r\n", false, "x\r\nA\r\nB\r\n"),             // CRLF stays CRLF
        ("x\r\ny", false, "x\r\nyA\r\nB\r\n".replacingOccurrences(of: "yA", with: "y\r\nA")),
        ("x\ny\r\n", false, "x\ny\r\nA\r\nB\r\n"),       // mixed: the last line's ending
        ("x\n", true, "x\n\nA\nB\n"),                    // separated: a blank line first
        ("x\n\n", true, "x\n\nA\nB\n"),                  // ... unless there is one
        ("x\n  \n", true, "x\n  \nA\nB\n"),
        ("x", true, "x\n\nA\nB\n"),
        ("", true, "A\nB\n"),
    ])
    func appends(existing: String, separated: Bool, expected: String) {
        let out = AppendPlan.bytes(appending: ["A", "B"], to: Array(existing.utf8), separated: separated)
        #expect(String(decoding: Array(existing.utf8) + out, as: UTF8.self) == expected)
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
