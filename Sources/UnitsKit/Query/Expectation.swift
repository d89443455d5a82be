/// When check habits and groups are expected, and how consistent they were
/// (Grammar/format.md 18.3, Grammar/definitions.md): expected on an active,
/// scheduled day not skipped; today only once it has a check-in.
public struct Expectation: Sendable {
    public let grid: DayGrid
    public let today: CivilDate
    public var journal: Journal { grid.journal }

    public init(grid: DayGrid, today: CivilDate) {
        self.grid = grid
        self.today = today
    }

    /// Declared, not archived, not paused.
    public func isActive(_ habit: Int, on date: CivilDate) -> Bool {
        // (Fields read in place, not from a copy: asked once per habit per day.)
        date >= journal.habits[habit].declared && !journal.habits[habit].isArchived(on: date) && !journal.habits[habit].isPaused(on: date)
    }

    /// Active and not skipped: the day can count toward consistency.
    public func isEligible(_ habit: Int, on date: CivilDate) -> Bool {
        guard isActive(habit, on: date), grid.state(habit, on: date) != .skip else { return false }
        // Today counts once it has an answer; an unlogged today is not a miss yet.
        if date == today && grid.state(habit, on: date) == nil && !grid.isDone(habit, on: date) { return false }
        return true
    }

    /// Successes and expected instances of a check habit or group over days.
    public struct Tally: Sendable, Equatable {
        public var done: Int
        public var expected: Int
        public init(done: Int = 0, expected: Int = 0) { self.done = done; self.expected = expected }
        /// done / expected, or nil when nothing was expected.
        public var ratio: Double? { expected == 0 ? nil : Double(done) / Double(expected) }
        /// done / expected exactly (0 when nothing was expected): what rankings compare.
        public var exactRatio: Fraction { Fraction(Int128(done), Int128(expected)) }
        /// done / expected exactly, or nil when nothing was expected: what reports print.
        public var share: Fraction? { expected == 0 ? nil : exactRatio }
        public static func + (a: Tally, b: Tally) -> Tally { Tally(done: a.done + b.done, expected: a.expected + b.expected) }
    }

    /// Whether consistency applies: check habits and groups (count habits
    /// have floors instead), but not a group's options: members without an
    /// `every:` of their own are counted when done, never missed.
    public func hasConsistency(_ habit: Int) -> Bool {
        (journal.habits[habit].isGroup || journal.habits[habit].kind == .check) && !journal.habits[habit].isBuiltIn && !journal.habits[habit].isOption
    }

    /// Consistency over `range` (clipped to the grid and to today).
    ///
    /// Day schedules: each expected day is one instance, done when YES or
    /// KINDA. `N/week` and `N/month`: each week (month) expects
    /// round(N × eligible days / days in the week or month) instances, and
    /// each done day counts once, up to that.
    public func consistency(_ habit: Int, in range: DayRange) -> Tally {
        let first = max(range.first, grid.days.first, journal.habits[habit].declared)
        let last = min(range.last, grid.days.last, today)
        guard first <= last else { return Tally() }
        let h = journal.habits[habit]
        switch h.every {
        case .daily, .weekdays:
            var tally = Tally()
            for day in DayRange(first: first, last: last).eachDay
            where h.isScheduled(on: day.weekday) && isEligible(habit, on: day) {
                tally.expected += 1
                if grid.isDone(habit, on: day) { tally.done += 1 }
            }
            return tally
        case .perWeek, .perMonth:
            var tally = Tally()
            var day = first
            while day <= last, let span = quotaSpan(habit, holding: day) {
                let part = DayRange(first: day, last: min(span.days.last, last))
                let (expected, done) = quota(habit, n: span.n, span: span.days, part: part)
                tally.expected += expected
                tally.done += min(done, expected)
                day = part.last.adding(days: 1)
            }
            return tally
        }
    }

    /// The week or month of an `N/week` or `N/month` habit that holds `date`,
    /// with its N; nil for a day-by-day schedule.
    public func quotaSpan(_ habit: Int, holding date: CivilDate) -> (days: DayRange, n: Int)? {
        switch journal.habits[habit].every {
        case .perWeek(let n):
            let start = date.startOfWeek(journal.options.weekStart)
            return (DayRange(first: start, last: start.adding(days: 6)), n)
        case .perMonth(let n):
            return (DayRange(first: date.startOfMonth, last: date.startOfNextMonth.adding(days: -1)), n)
        case .daily, .weekdays:
            return nil
        }
    }

    /// The days `part` of a quota span `span`: the instances they expect,
    /// round(N × eligible days / days in the span), and how many eligible
    /// days were done; `undone` hears each eligible day not done, in order.
    public func quota(_ habit: Int, n: Int, span: DayRange, part: DayRange,
                      undone: (CivilDate) -> Void = { _ in }) -> (expected: Int, done: Int) {
        var eligible = 0, done = 0
        for day in part.eachDay where isEligible(habit, on: day) {
            eligible += 1
            if grid.isDone(habit, on: day) { done += 1 } else { undone(day) }
        }
        return (Expectation.scaled(n, eligible, of: span.dayCount), done)
    }

    /// round(n × part / whole), halves up, in integers.
    static func scaled(_ n: Int, _ part: Int, of whole: Int) -> Int {
        whole == 0 ? 0 : (2 * n * part + whole) / (2 * whole)
    }

    // MARK: Must-dos

    /// Habits and groups with `priority: must` (not archived today for
    /// today views; history uses `isActive`).
    public var mustDos: [Int] {
        journal.habits.indices.filter { journal.habits[$0].priority == .must && !journal.habits[$0].isBuiltIn && grid.selected[$0] }
    }

    /// Whether a must-do is due on a day: active, not skipped, and on its
    /// schedule (every day for count habits and N-per-span schedules).
    public func isDue(_ habit: Int, on date: CivilDate) -> Bool {
        guard isActive(habit, on: date), grid.state(habit, on: date) != .skip else { return false }
        return journal.habits[habit].isScheduled(on: date.weekday)
    }

    /// Whether a must-do is satisfied on a day: done that day, or, for an
    /// `N/week` or `N/month` schedule, its quota for that week or month was
    /// already met on the days before.
    public func isSatisfied(_ habit: Int, on date: CivilDate) -> Bool {
        if grid.isDone(habit, on: date) { return true }
        guard let span = quotaSpan(habit, holding: date) else { return false }
        return doneDays(habit, in: DayRange(first: span.days.first, last: date.adding(days: -1))) >= span.n
    }

    /// How many days of `range` the habit was done.
    public func doneDays(_ habit: Int, in range: DayRange) -> Int {
        range.eachDay.reduce(0) { $0 + (grid.isDone(habit, on: $1) ? 1 : 0) }
    }

    /// Must-dos due on a day and how many of them are satisfied.
    public func mustDoCount(on date: CivilDate) -> (done: Int, due: Int) {
        var done = 0, due = 0
        for habit in mustDos where isDue(habit, on: date) {
            due += 1
            if isSatisfied(habit, on: date) { done += 1 }
        }
        return (done, due)
    }
}
