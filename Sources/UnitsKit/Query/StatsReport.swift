/// `units stats`: this week (units, average per day, top habit), rolling
/// 7/30/90-day averages, lifetime units and active habits, per habit and
/// in total.
///
/// A rolling N-day average is the units of the N days ending today divided
/// by the number of those days on or after the habit's declaration (for
/// the total: the first declaration of a selected habit, `General`'s being
/// the journal's first day); 0 when there is
/// no such day. This week's average per day divides by the days of the week
/// so far, today included.
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
        for habit in context.listed where grid.selected[habit.id] && !habit.isGroup && habit.kind == .count && habit.declared <= today {
            // General is listed once it has a counted entry.
            guard !habit.isBuiltIn || grid.lastEntry[habit.id] >= 0 else { continue }
            lines.append(Line(habit: habit, week: grid.units(habit.id, in: week),
                              averages: context.averages(declared: context.declared(habit)) { grid.units(habit.id, in: $0) },
                              lifetime: grid.lifetime[habit.id], isArchived: habit.isArchived(on: today)))
        }
        habits = lines
        var lifetime = Amount.zero
        for line in lines { lifetime += line.lifetime }
        let weekUnits = grid.totalUnits(in: week)
        self.weekUnits = weekUnits
        weekAveragePerDay = Fraction(weekUnits, over: week.dayCount)
        total = Line(habit: nil, week: weekUnits,
                     averages: context.averages(declared: context.firstDeclaration(selected: grid.selected)) { grid.totalUnits(in: $0) },
                     lifetime: lifetime, isArchived: false)
        let ranked = lines.filter { $0.week > .zero }.enumerated().sorted { a, b in
            a.element.week != b.element.week ? a.element.week > b.element.week : a.offset < b.offset
        }.map(\.element)
        topThisWeek = Array(ranked.prefix(3))
        topHabit = ranked.first?.habit
        activeHabits = journal.habits.filter {
            grid.selected[$0.id] && !$0.isBuiltIn && $0.group == nil && $0.declared <= today && !$0.isArchived(on: today)
        }.count
    }
}
