import Testing
@testable import UnitsKit
import UnitsTestSupport

/// The rare attributes live in a side record (`Habit.Rare`) and a
/// declaration's whole floor in a table shared between habits. Every
/// attribute must read back as written, in any order, whether the record
/// exists or not; habits equal in every attribute are equal whether a record
/// was made; and sharing must not change what a habit says.
struct HabitSideRecordTests {
    static let date = CivilDate(year: 2025, month: 1, day: 1)!

    /// Sets attribute `k` (0..<11) of `habit` to a value derived from `seed`.
    static func set(_ k: Int, _ seed: Int, on habit: inout Habit) {
        let day = CivilDate(year: 2025, month: 1, day: 1 + seed % 28)!
        switch k {
        case 0: habit.title = "title \(seed)"
        case 1: habit.color = "c\(seed)"
        case 2: habit.icon = "i\(seed)"
        case 3: habit.note = "note \(seed)"
        case 4: habit.goal = Amount(seed)
        case 5: habit.minimum = Amount(seed + 1)
        case 6: habit.goalChanges.append(GoalChange(since: day, goal: Amount(seed), minimum: nil))
        case 7: habit.groupName = "g\(seed)"
        case 8: habit.members.append(seed)
        case 9: habit.archiveEvents.append(ArchiveEvent(date: day, archived: seed % 2 == 0))
        default: habit.pauses.append(DayRange(first: day, last: day))
        }
    }

    /// The attributes as plain values, to compare against.
    static func attributes(_ h: Habit) -> [String] {
        [h.title ?? "-", h.color ?? "-", h.icon ?? "-", h.note ?? "-", h.goal.map { "\($0)" } ?? "-", h.minimum.map { "\($0)" } ?? "-",
         "\(h.goalChanges.map(\.goal))", h.groupName ?? "-", "\(h.members)", "\(h.archiveEvents.map(\.archived))", "\(h.pauses.count)"]
    }

    @Test func attributesReadBackInAnyOrder() {
        var generator = TestSeed.generator()
        for round in 0..<200 {
            var habit = Habit(id: 1, name: "Read", isGroup: false, declared: Self.date, location: nil)
            var expected = Self.attributes(habit)
            for step in 0..<Int.random(in: 1...12, using: &generator) {
                let k = Int.random(in: 0..<11, using: &generator)
                var model = habit
                Self.set(k, round * 100 + step, on: &habit)
                Self.set(k, round * 100 + step, on: &model)
                expected = Self.attributes(model)
                #expect(Self.attributes(habit) == expected, "round \(round) step \(step) attribute \(k)")
            }
            // A copy is a value: changing it leaves the habit as it was.
            var copy = habit
            Self.set(Int.random(in: 0..<11, using: &generator), 9_999, on: &copy)
            #expect(Self.attributes(habit) == expected)
        }
    }

    @Test func equalWhicheverRecordsWereMade() {
        let plain = Habit(id: 1, name: "Read", isGroup: false, declared: Self.date, location: nil)
        var looked = plain
        looked.color = "blue"
        looked.color = nil        // a `Rare` of defaults
        #expect(looked == plain && looked.hashValue == plain.hashValue)
        var more = plain
        more.members = []         // a `Rare` of defaults, made by a list's change in place
        #expect(more == plain && more.hashValue == plain.hashValue)
        var coloured = plain
        coloured.color = "blue"
        #expect(coloured != plain)
        #expect(MemoryLayout<Habit>.stride <= 80)
    }

    @Test func declaredFloorsAreSharedAndReadAsWritten() throws {
        var text = "units 1\n\n"
        for i in 0..<50 { text += "2025-01-01 habit h\(i)\n  floor: \(i % 3 == 2 ? "2.5" : "5")/week\n\n" }
        text += "2025-02-01 floor h0 6/week\n"
        let journal = Journal(parsing: text)
        let habits = journal.habits.filter { !$0.isBuiltIn }
        #expect(habits.count == 50)
        var bases: Set<Int> = []
        for (i, habit) in habits.enumerated() {
            if i == 0 {
                #expect(habit.floors.map(\.unitsPerWeek) == [Amount(5), Amount(6)])
                #expect(habit.floors[1].location != nil)
                continue
            }
            #expect(habit.floors.count == 1)
            let floor = habit.floors[0]
            if i % 3 == 2 {
                // Not a whole number: its own table, with its place for the linter.
                #expect(floor.unitsPerWeek == Amount(billionths: 2_500_000_000))
                #expect(floor.location != nil)
            } else {
                #expect(floor.unitsPerWeek == Amount(5) && floor.since == Self.date && floor.location == nil)
                habit.floors.withUnsafeBufferPointer { bases.insert(Int(bitPattern: $0.baseAddress)) }
            }
            #expect(habit.floor(on: Self.date) == floor.unitsPerWeek)
        }
        #expect(bases.count == 1, "every whole 5/week floor declared the same day shares one table")
        // The linter still finds the fractional floors, at their values.
        let findings = Linter.lint(journal, configuration: LintConfiguration(today: Self.date)).filter { $0.rule == "invalid-floor" }
        #expect(findings.count == habits.indices.filter { $0 % 3 == 2 }.count)
    }
}
