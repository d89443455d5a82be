/// `units insights`: consistency over the last 30 days (or the period):
/// overall, per habit, the most and least consistent, and by weekday; count
/// habits get "days with units" instead.
public struct InsightsReport: Sendable {
    public struct HabitLine: Sendable {
        public var habit: Habit
        public var tally: Expectation.Tally
    }

    public struct CountLine: Sendable {
        public var habit: Habit
        /// Days in the window with a positive total, out of the days on or after its declaration.
        public var activeDays: Int
        public var days: Int
        public var units: Amount
    }

    /// A group's option (a member without `every:` of its own): counted
    /// when done, never missed, so it has done days and no percentage.
    public struct OptionLine: Sendable {
        public var habit: Habit
        /// The group it is an option of.
        public var group: Habit
        public var doneDays: Int
    }

    public struct WeekdayLine: Sendable {
        public var weekday: Weekday
        /// Check habits: expected instances and successes on that weekday (day schedules only).
        public var tally: Expectation.Tally
        /// Count habits: units on that weekday, and how many such days the window has.
        public var units: Amount
        public var days: Int
    }

    /// Room for growth is not shown for a habit below this share (a habit
    /// at 0-4% is better served by a fresh start than a nudge).
    public static let roomForGrowthMinimum = Fraction(1, 20)

    public var window: DayRange
    public var overall: Expectation.Tally
    public var habits: [HabitLine]
    public var countHabits: [CountLine]
    public var options: [OptionLine]
    public var mostConsistent: HabitLine?
    public var roomForGrowth: HabitLine?
    public var weekdays: [WeekdayLine]

    public init(_ context: ReportContext) {
        let today = context.today
        var first = today.adding(days: -29)
        var last = today
        if context.period != .all {
            first = context.period.from ?? context.earliestDay
            last = min(today, context.period.lastDay ?? today)
        }
        // "The last 30 days" are the 30 days ending today, however young the journal.
        first = min(first, last)
        let window = DayRange(first: first, last: last)
        self.window = window
        let grid = context.grid(from: first)
        let expectation = Expectation(grid: grid, today: today)
        let journal = context.journal
        var lines: [HabitLine] = []
        var counts: [CountLine] = []
        var options: [OptionLine] = []
        // The days of the window from `start` on that `counts` lets count, and those with units.
        func countLine(_ id: Int, from start: CivilDate, counting counts: (CivilDate) -> Bool) -> CountLine {
            var active = 0, days = 0
            for day in DayRange(first: max(window.first, start), last: window.last).eachDay where counts(day) {
                days += 1
                if grid.units(id, on: day) > .zero { active += 1 }
            }
            let units = grid.units(id, in: window)
            return CountLine(habit: journal.habits[id], activeDays: active, days: days, units: units)
        }
        for habit in context.listed where grid.selected[habit.id] && context.declared(habit) <= last {
            if habit.isBuiltIn {
                // General: listed once it has a counted entry; it is never paused or archived.
                guard grid.lastEntry[habit.id] >= 0 else { continue }
                counts.append(countLine(habit.id, from: context.declared(habit)) { _ in true })
            } else if expectation.hasConsistency(habit.id) {
                // Check members of a group count once, through their own line; the group too.
                let tally = expectation.consistency(habit.id, in: window)
                if tally.expected > 0 { lines.append(HabitLine(habit: habit, tally: tally)) }
            } else {
                // An option is a member without `every:` of its own, count
                // members included (format.md 10): done on a day with a
                // positive total. A count option also keeps its count line.
                if habit.isOption, let group = habit.group {
                    let days = DayRange(first: max(window.first, habit.declared), last: window.last)
                    let done = expectation.doneDays(habit.id, in: days)
                    options.append(OptionLine(habit: habit, group: journal.habits[group], doneDays: done))
                }
                guard habit.kind == .count, !habit.isGroup else { continue }
                let line = countLine(habit.id, from: habit.declared) { expectation.isActive(habit.id, on: $0) }
                if line.days > 0 { counts.append(line) }
            }
        }
        habits = lines
        countHabits = counts
        self.options = options
        overall = lines.reduce(Expectation.Tally()) { $0 + $1.tally }
        // Ratios compared exactly; ties go to the earlier declaration (definitions.md D4).
        func rate(_ l: HabitLine) -> Fraction { l.tally.exactRatio }
        mostConsistent = lines.count > 1 ? lines.max { rate($0) < rate($1) || (rate($0) == rate($1) && $0.habit.id > $1.habit.id) } : nil
        let lowest = lines.count > 1 ? lines.min { rate($0) < rate($1) || (rate($0) == rate($1) && $0.habit.id < $1.habit.id) } : nil
        if let lowest, rate(lowest) >= InsightsReport.roomForGrowthMinimum, rate(lowest) < rate(mostConsistent!) {
            roomForGrowth = lowest
        }
        var weekdays = Weekday.allCases.map { WeekdayLine(weekday: $0, tally: Expectation.Tally(), units: .zero, days: 0) }
        // Day-by-day schedules only: an N/week habit has no "expected Tuesday".
        let dayByDay = lines.map(\.habit).filter { expectation.quotaSpan($0.id, holding: today) == nil }
        for day in window.eachDay {
            let w = day.isoWeekday - 1
            weekdays[w].days += 1
            for h in dayByDay where h.isScheduled(on: day.weekday) && expectation.isEligible(h.id, on: day) {
                weekdays[w].tally.expected += 1
                if grid.isDone(h.id, on: day) { weekdays[w].tally.done += 1 }
            }
            // Every unit logged that day: General's, and a paused or archived habit's too.
            weekdays[w].units += grid.totalUnits(on: day)
        }
        self.weekdays = weekdays
    }
}
