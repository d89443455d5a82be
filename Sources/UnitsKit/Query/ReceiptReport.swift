/// `units receipt`: last week in one sentence. "You logged 63 units last
/// week. Avg/day: 9. +12% vs prior week." The change is left out when the
/// prior week had no units.
public struct ReceiptReport: Sendable {
    /// A check habit or group over the week: "Meditate: showed up 6 of 7 days".
    public struct CheckLine: Sendable {
        public var habit: Habit
        /// Days done (YES or KINDA).
        public var doneDays: Int
        /// Day-by-day schedules: the days it was expected; nil for `N/week` and `N/month`.
        public var expectedDays: Int?
    }

    public var week: DayRange
    public var units: Amount
    /// units / 7.
    public var averagePerDay: Fraction
    public var priorWeek: DayRange
    public var priorUnits: Amount
    /// Whole percent change against the prior week (rounded half to even); nil when the prior week is empty.
    public var changePercent: Int?
    public var topHabit: Habit?
    public var topHabitUnits: Amount
    public var checks: [CheckLine]
    /// The journal counts units (a count habit of its own, or units in
    /// either week); a journal of check habits only reads without them.
    public var countsUnits: Bool

    public init(_ context: ReportContext) {
        let week = context.lastWeek
        let prior = DayRange(first: week.first.adding(days: -7), last: week.first.adding(days: -1))
        let grid = context.grid(from: prior.first)
        self.week = week
        priorWeek = prior
        units = grid.totalUnits(in: week)
        priorUnits = grid.totalUnits(in: prior)
        countsUnits = units != .zero || priorUnits != .zero
            || context.journal.habits.contains { $0.kind == .count && !$0.isGroup && !$0.isBuiltIn }
        averagePerDay = Fraction(units, over: 7)
        if priorUnits > .zero {
            // Exact (last − prior) × 100 / prior, rounded once, half to even, to a whole percent.
            let ratio = Fraction((units - priorUnits).billionths * 100, priorUnits.billionths)
            changePercent = ratio.rounded(toPlaces: 0).integerPart
        }
        var best: (Habit, Amount)?
        // Most units, ties to the earlier in list order (General first).
        for habit in context.listed where grid.selected[habit.id] && !habit.isGroup && habit.kind == .count {
            let u = grid.units(habit.id, in: week)
            if u > .zero && (best == nil || u > best!.1) { best = (habit, u) }
        }
        topHabit = best?.0
        topHabitUnits = best?.1 ?? .zero
        let e = Expectation(grid: grid, today: context.today)
        checks = context.journal.habits.filter { grid.selected[$0.id] && e.hasConsistency($0.id) && $0.declared <= week.last }.compactMap { habit -> CheckLine? in
            let done = e.doneDays(habit.id, in: week)
            let expected = e.consistency(habit.id, in: week).expected
            // Rated: expected at least once that week (as insights rates, definitions.md D12); no "0 of 0 days".
            guard expected > 0 else { return nil }
            let dayByDay = e.quotaSpan(habit.id, holding: week.first) == nil
            return CheckLine(habit: habit, doneDays: done, expectedDays: dayByDay ? expected : nil)
        }
    }
}
