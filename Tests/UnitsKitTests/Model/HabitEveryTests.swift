import Testing
@testable import UnitsKit

/// `Habit.every` is kept in 32 bits; every frequency must read
/// back as it was set, and `isScheduled(on:)` must answer as the
/// frequency's own does, whatever is packed and whatever is kept apart.
struct HabitEveryTests {
    static var frequencies: [Frequency] {
        var all: [Frequency] = [.daily]
        for n in [0, 1, 3, 7, 31, 1 << 30 - 1, 1 << 30, -1, Int.max, Int.min] { all += [.perWeek(n), .perMonth(n)] }
        for mask in 0..<128 {
            all.append(.weekdays(Set(Weekday.allCases.filter { mask & 1 << ($0.rawValue - 1) != 0 })))
        }
        return all
    }

    @Test func everyFrequencyReadsBackAsSet() {
        let date = CivilDate(year: 2025, month: 1, day: 1)!
        var habit = Habit(id: 3, name: "Walk", isGroup: false, declared: date, location: nil)
        let plain = habit
        for frequency in Self.frequencies {
            habit.every = frequency
            #expect(habit.every == frequency, "\(frequency)")
            for day in Weekday.allCases {
                #expect(habit.isScheduled(on: day) == frequency.isScheduled(on: day), "\(frequency) \(day)")
            }
            // Set back to daily, the habit equals one never changed.
            var back = habit
            back.every = .daily
            #expect(back == plain, "\(frequency)")
        }
        #expect(MemoryLayout<Habit>.stride <= 80)
    }
}
