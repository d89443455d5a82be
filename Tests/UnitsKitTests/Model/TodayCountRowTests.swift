import Testing
@testable import UnitsKit

/// `TodayReport.CountRow` holds its week's pace in parts (issue 14): what
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

    /// `TodayCounts` keeps rows in 48 bytes: each reads back as appended,
    /// packed or kept whole (a pace of another shape, an amount past 64 bits).
    @Test func rowsReadBackFromTheirList() {
        let huge = Amount(billionths: Int128(Int64.max) + 1)
        var rows: [TodayReport.CountRow] = []
        for pace in Self.paces {
            for week in ["0", "3", "2.5"] {
                rows.append(TodayReport.CountRow(habits: [], id: rows.count, today: Self.amount("1.5"), week: Self.amount(week),
                                                 lifetime: Self.amount("12"), pace: pace))
            }
        }
        rows.append(TodayReport.CountRow(habits: [], id: rows.count, today: huge, week: .zero, lifetime: .zero, pace: nil))
        rows.append(TodayReport.CountRow(habits: [], id: rows.count, today: .zero, week: .zero, lifetime: huge, pace: Self.paces[1]))
        var list = TodayCounts(habits: [])
        for row in rows { list.append(row) }
        #expect(list.count == rows.count)
        #expect(MemoryLayout<TodayCounts.Packed>.stride == 48)
        for (k, row) in rows.enumerated() {
            let read = list[k]
            #expect(read.id == row.id && read.today == row.today && read.week == row.week && read.lifetime == row.lifetime, "row \(k)")
            #expect(read.pace == row.pace && read.isUnderPace == row.isUnderPace, "row \(k)")
        }
    }
}
