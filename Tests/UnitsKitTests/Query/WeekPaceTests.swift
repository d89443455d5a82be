import Testing
@testable import UnitsKit
import UnitsTestSupport

/// `WeekPace` works its scaled floor out when asked and compares in whole
/// billionths: both against the exact fractions they stand in for.
@Suite struct WeekPaceTests {
    @Test("under pace exactly when units < floor × (7 − paused) / 7")
    func agreesWithFractions() {
        var generator = TestSeed.generator()
        let week = DayRange(first: CivilDate(iso: "2025-12-08")!, last: CivilDate(iso: "2025-12-14")!)
        // Within what a journal can hold: a floor is written with at most 15
        // integer digits; a week's units are a sum of such values. (Far
        // beyond, the fractions' own arithmetic overflows.)
        let largest = Amount(billionths: 999_999_999_999_999_999_999_999)
        var amounts: [Amount] = [.zero, .one, Amount(-1), Amount(5), Amount(billionths: 714_285_714), Amount(billionths: 714_285_715),
                                 largest, Amount(billionths: -largest.billionths)]
        for _ in 0..<300 {
            amounts.append(Amount(billionths: Int128(Int64.random(in: -20_000_000_000...20_000_000_000, using: &generator))))
        }
        for _ in 0..<3_000 {
            let units = amounts.randomElement(using: &generator)!, floor = amounts.randomElement(using: &generator)!
            let paused = Int.random(in: 0...7, using: &generator)
            let pace = WeekPace(week: week, units: units, floor: floor, pausedDays: paused)
            let scaled = floor.fraction * Fraction(Int128(7 - paused), 7)
            #expect(pace.scaledFloor == scaled)
            #expect(pace.isUnderPace == (scaled > .zero && units.fraction < scaled), "\(units) \(floor) \(paused)")
            #expect(pace.pausedDays == paused)
        }
        // 5 units a week, 2 days paused: 25/7; 3.571428571 is under it, 3.571428572 is not.
        let floor = Amount(5)
        #expect(WeekPace(week: week, units: Amount(billionths: 3_571_428_571), floor: floor, pausedDays: 2).isUnderPace)
        #expect(!WeekPace(week: week, units: Amount(billionths: 3_571_428_572), floor: floor, pausedDays: 2).isUnderPace)
        #expect(!WeekPace(week: week, units: .zero, floor: floor, pausedDays: 7).isUnderPace)
    }

    @Test("an archived week keeps its floor and is never under pace")
    func archivedWeek() {
        let week = DayRange(first: CivilDate(iso: "2025-12-08")!, last: CivilDate(iso: "2025-12-14")!)
        let pace = WeekPace(week: week, units: .zero, floor: Amount(5), pausedDays: 0, isArchived: true)
        #expect(pace.scaledFloor == Fraction(5, 1))
        #expect(!pace.isUnderPace)
        #expect(!WeekPace(week: week, units: .zero, floor: Amount(5), pausedDays: 0).isArchived)
        // Read from a journal: archived from the week's start, listed by `habit`, not by `today`.
        let journal = Journal(parsing: "units 1\n2025-12-01 habit Walk\n  floor: 5\n2025-12-08 archive Walk\n")
        let grid = ReportContext(journal: journal, today: CivilDate(iso: "2025-12-10")!).grid(from: CivilDate(iso: "2025-12-01")!)
        let id = journal.habits.firstIndex { $0.name == "Walk" }!
        #expect(grid.pace(id, weekOf: week.first, today: CivilDate(iso: "2025-12-10")!) == nil)
        let listed = grid.pace(id, weekOf: week.first, today: CivilDate(iso: "2025-12-10")!, whileArchived: true)
        #expect(listed?.isArchived == true && listed?.isUnderPace == false && listed?.floor == Amount(5))
    }

    @Test("a pace is at most 64 bytes (a million of them in units today)")
    func size() {
        #expect(MemoryLayout<WeekPace>.stride <= 64)
    }
}
