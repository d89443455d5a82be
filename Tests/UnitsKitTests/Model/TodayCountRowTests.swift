import Testing
@testable import UnitsKit

/// `TodayReport.CountRow` holds its week's pace in parts: what
/// goes in comes back out, whatever the pace, and a later change to the
/// row's week units leaves the pace as it was.
@Suite struct TodayCountRowTests {
    static let start = CivilDate(year: 2025, month: 12, day: 8)!

    static func amount(_ text: String) -> Amount { Amount(text)! }

    static var paces: [WeekPace?] {
        var paces: [WeekPace?] = [nil]
        for units in ["0", "3", "2.5"] {
            for floor in ["0", "5", "10.25", "-1"] {
                for paused in [0, 3, 7] {
                    paces.append(WeekPace(week: DayRange(first: start, last: start.adding(days: 6)), units: amount(units), floor: amount(floor), pausedDays: paused))
                }
            }
        }
        // Not of the shape the report builds: a short week, the far end of the calendar.
        paces.append(WeekPace(week: DayRange(first: start, last: start.adding(days: 2)), units: amount("3"), floor: amount("5"), pausedDays: 1))
        paces.append(WeekPace(week: DayRange(first: CivilDate.maximum.adding(days: -6), last: CivilDate.maximum), units: amount("3"), floor: amount("5"), pausedDays: 0))
        return paces
    }

    @Test("every pace comes back as it went in, with week units equal to it or not")
    func roundTrip() {
        for pace in Self.paces {
            for week in ["0", "3", "2.5", "4"] {
                var row = TodayReport.CountRow(habits: [], id: 0, today: .zero, week: Self.amount(week), lifetime: .zero, pace: pace)
                #expect(row.pace == pace, "\(String(describing: pace)) week \(week)")
                #expect(row.isUnderPace == (pace?.isUnderPace ?? false))
                // The week's units change; the pace does not.
                row.week = Self.amount("99")
                #expect(row.pace == pace, "\(String(describing: pace)) after the week changed")
                row.pace = pace
                #expect(row.pace == pace)
            }
        }
    }

    @Test("a row is 96 bytes")
    func size() {
        #expect(MemoryLayout<TodayReport.CountRow>.stride <= 96)
    }
}
