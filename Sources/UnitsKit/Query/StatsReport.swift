/// `units stats`: this week (units, average per day over the days so far,
/// top habit), rolling 7/30/90-day averages (`ReportContext.averages`),
/// lifetime units and active habits, per habit and in total.
public struct StatsReport: Sendable {
    public static let windows = [7, 30, 90]

    public struct Line: Sendable {
        /// nil for the total line.
        public var habit: Habit?
        public var week: Amount
        /// Averages for `StatsReport.windows`, in order, exact.
        public var averages: [Fraction]
        public var lifetime: Amount
        public var isArchived: Bool
    }

    public var today: CivilDate
    public var week: DayRange
    public var weekUnits: Amount
    public var weekAveragePerDay: Fraction
    public var topHabit: Habit?
    public var total: Line
    /// Count habits (and General), in declaration order.
    public var habits: [Line]
    /// Count habits and groups active today (declared, not archived); General not counted.
    public var activeHabits: Int
    /// Up to three habits with the most units this week, most first.
    public var topThisWeek: [Line]
    public var countedEntries: Int

    public init(_ context: ReportContext) {
        let today = context.today
        let week = context.thisWeek
        let grid = context.grid(from: min(week.first, today.adding(days: 1 - StatsReport.windows.max()!)))
        let journal = context.journal
        self.today = today
        self.week = week
        countedEntries = grid.countedEntries

        var lines: [Line] = []
        for habit in context.listed {
            let id = habit.id
            guard grid.selected[id], !habit.isGroup, habit.kind == .count, habit.declared <= today else { continue }
            // General is listed once it has a counted entry.
            guard !habit.isBuiltIn || grid.lastEntry[id] >= 0 else { continue }
            lines.append(Line(habit: habit, week: grid.units(id, in: week),
                              averages: context.averages(declared: context.declared(habit)) { grid.units(id, in: $0) },
                              lifetime: grid.lifetime[id], isArchived: habit.isArchived(on: today)))
        }
        habits = lines
        let weekUnits = grid.totalUnits(in: week)
        self.weekUnits = weekUnits
        weekAveragePerDay = Fraction(weekUnits, over: week.dayCount)
        total = Line(habit: nil, week: weekUnits,
                     averages: context.averages(declared: context.firstDeclaration(selected: grid.selected)) { grid.totalUnits(in: $0) },
                     lifetime: lines.reduce(.zero) { $0 + $1.lifetime }, isArchived: false)
        // The three with the most units this week, most first, earlier lines first on a tie.
        topThisWeek = Array(lines.enumerated().filter { $0.element.week > .zero }
            .sorted { ($0.element.week, $1.offset) > ($1.element.week, $0.offset) }.prefix(3).map(\.element))
        topHabit = topThisWeek.first?.habit
        let habits = journal.habits
        var active = 0
        for id in habits.indices where grid.selected[id] && !habits[id].isBuiltIn && habits[id].group == nil
            && habits[id].declared <= today && !habits[id].isArchived(on: today) { active += 1 }
        activeHabits = active
    }
}
