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
        /// The journal's habits, shared; `id` is -1 for the total line.
        let habits: [Habit]
        public let id: Int
        /// nil for the total line.
        public var habit: Habit? { id >= 0 ? habits[id] : nil }
        public var week: Amount
        /// Averages for `StatsReport.windows`, in order, exact.
        public var averages: RollingAverages
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
            lines.append(Line(habits: journal.habits, id: habit.id, week: grid.units(habit.id, in: week),
                              averages: context.averages(declared: context.declared(habit)) { grid.units(habit.id, in: $0) },
                              lifetime: grid.lifetime[habit.id], isArchived: habit.isArchived(on: today)))
        }
        habits = lines
        var lifetime = Amount.zero
        for line in lines { lifetime += line.lifetime }
        let weekUnits = grid.totalUnits(in: week)
        self.weekUnits = weekUnits
        weekAveragePerDay = Fraction(weekUnits, over: week.dayCount)
        total = Line(habits: [], id: -1, week: weekUnits,
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

/// The rolling averages of `StatsReport.windows` (7, 30 and 90 days), held
/// in place rather than in an array: one per habit line, and a journal may
/// have a million habits (issue 14).
public struct RollingAverages: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral {
    private var days7: Fraction, days30: Fraction, days90: Fraction

    public init(_ averages: (Fraction, Fraction, Fraction)) { (days7, days30, days90) = averages }

    public init(arrayLiteral elements: Fraction...) {
        precondition(elements.count == 3, "three averages: 7, 30 and 90 days")
        self.init((elements[0], elements[1], elements[2]))
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { 3 }
    public subscript(position: Int) -> Fraction {
        switch position {
        case 0: days7
        case 1: days30
        default: days90
        }
    }
}
