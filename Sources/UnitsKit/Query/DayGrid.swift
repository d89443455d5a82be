/// Per-habit, per-day values over a range of days, in one pass over the
/// entries: the units of each day (summed) and the check state of each day
/// (the last check-in standing). The terminal pictures read this.
public struct DayGrid: Sendable {
    /// The first day of the grid.
    public let first: CivilDate
    /// Number of days.
    public let dayCount: Int
    /// Habit ids, in rows.
    public let habits: [Int]
    /// `units[row * dayCount + day]`.
    public private(set) var units: [Amount]
    /// `states[row * dayCount + day]`, nil where nothing was logged.
    public private(set) var states: [CheckState?]
    /// Whether anything was logged (count habits may log 0).
    public private(set) var logged: [Bool]

    public init(journal: Journal, habits: [Int], days: DayRange) {
        first = days.first
        dayCount = days.dayCount
        self.habits = habits
        units = Array(repeating: .zero, count: habits.count * dayCount)
        states = Array(repeating: nil, count: habits.count * dayCount)
        logged = Array(repeating: false, count: habits.count * dayCount)
        var row = Array(repeating: -1, count: journal.habits.count)
        for (index, id) in habits.enumerated() { row[id] = index }
        for entry in journal.entries where days.contains(entry.date) {
            let r = row[Int(entry.habit)]
            guard r >= 0 else { continue }
            let cell = r * dayCount + first.days(to: entry.date)
            units[cell] += entry.units
            logged[cell] = true
            if journal.habits[Int(entry.habit)].kind == .check {
                states[cell] = journal.checkState(of: entry)
            }
        }
    }

    public func date(_ day: Int) -> CivilDate { first.adding(days: day) }

    public func units(row: Int, day: Int) -> Amount { units[row * dayCount + day] }
    public func state(row: Int, day: Int) -> CheckState? { states[row * dayCount + day] }
    public func isLogged(row: Int, day: Int) -> Bool { logged[row * dayCount + day] }

    /// Units of all rows on a day.
    public func totalUnits(day: Int) -> Amount {
        var total = Amount.zero
        for r in habits.indices { total += units[r * dayCount + day] }
        return total
    }
}
