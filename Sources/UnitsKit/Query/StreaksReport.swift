/// `units streaks`: the only place streaks appear. For each check habit and
/// group, the current and longest run of expected days (weeks, months for
/// `N/week`, `N/month`) that were done; days not expected neither break nor
/// extend a run. The good-day streak counts days every due must-do was met.
public struct StreaksReport: Sendable {
    public struct Line: Sendable {
        public var habit: Habit
        public var current: Int
        public var longest: Int
        /// "day", "week" or "month": what the run counts.
        public var unit: String
    }

    public var today: CivilDate
    public var habits: [Line]
    public var goodDays: (current: Int, longest: Int)
    /// Whether any must-do exists (otherwise there are no good days to count).
    public var hasMustDos: Bool

    public init(_ context: ReportContext) {
        let today = context.today
        let grid = context.grid(from: context.earliestDay)
        let e = Expectation(grid: grid, today: today)
        let journal = context.journal
        self.today = today
        var lines: [Line] = []
        let table = journal.habits
        for id in table.indices where grid.selected[id] && e.hasConsistency(id) && table[id].declared <= today {
            let habit = table[id]
            var run = Run()
            switch habit.every {
            case .daily, .weekdays:
                for day in DayRange(first: max(habit.declared, grid.days.first), last: today).eachDay
                where habit.isScheduled(on: day.weekday) && e.isActive(habit.id, on: day)
                    && grid.state(habit.id, on: day) != .skip {
                    if grid.isDone(habit.id, on: day) { run.extend() } else if day < today { run.breakRun() }
                }
                lines.append(Line(habit: habit, current: run.current, longest: run.longest, unit: "day"))
            case .perWeek, .perMonth:
                var day = max(habit.declared, grid.days.first)
                while day <= today, let span = e.quotaSpan(id, holding: day) {
                    var eligible = 0, done = 0
                    for day in span.days.eachDay {
                        if day > today {
                            // Days still ahead in the current span are available unless a pause already covers them.
                            if !habit.isPaused(on: day) { eligible += 1 }
                        } else if e.isActive(habit.id, on: day) && grid.state(habit.id, on: day) != .skip {
                            eligible += 1
                            // Only an eligible day's YES counts: a paused day neither breaks nor extends a run.
                            if grid.isDone(habit.id, on: day) { done += 1 }
                        }
                    }
                    let expected = Expectation.scaled(span.n, eligible, of: span.days.dayCount)
                    if expected > 0 {
                        if done >= expected { run.extend() } else if span.days.last < today { run.breakRun() }
                    }
                    day = span.days.last.adding(days: 1)
                }
                let weekly: Bool = if case .perWeek = habit.every { true } else { false }
                lines.append(Line(habit: habit, current: run.current, longest: run.longest, unit: weekly ? "week" : "month"))
            }
        }
        habits = lines
        let musts = e.mustDos
        // A must-do declared after today does not exist yet (format.md 9).
        hasMustDos = musts.contains { journal.habits[$0].declared <= today }
        var good = Run()
        if let first = musts.map({ journal.habits[$0].declared }).min() {
            for day in DayRange(first: max(first, grid.days.first), last: today).eachDay {
                let due = musts.filter { e.isDue($0, on: day) }
                if !due.isEmpty {
                    if due.allSatisfy({ e.isSatisfied($0, on: day) }) { good.extend() } else if day < today { good.breakRun() }
                }
            }
        }
        goodDays = (good.current, good.longest)
    }

    struct Run {
        var current = 0
        var longest = 0
        mutating func extend() { current += 1; longest = max(longest, current) }
        mutating func breakRun() { current = 0 }
    }
}
