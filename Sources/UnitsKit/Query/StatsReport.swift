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
        public var lifetime: Amount
        /// What the averages are made of (the units and days of each
        /// window, not the 160 bytes of three fractions: issue 14).
        var windows: WindowUnits
        public var isArchived: Bool
        /// Averages for `StatsReport.windows`, in order, exact.
        public var averages: RollingAverages { windows.averages }

        init(habits: [Habit], id: Int, week: Amount, windows: WindowUnits, lifetime: Amount, isArchived: Bool) {
            self.habits = habits
            self.id = id
            self.week = week
            self.lifetime = lifetime
            self.windows = windows
            self.isArchived = isArchived
        }
    }

    public var today: CivilDate
    public var week: DayRange
    public var weekUnits: Amount
    public var weekAveragePerDay: Fraction
    public var topHabit: Habit?
    public var total: Line
    /// Count habits (and General), in declaration order.
    public var habits: StatsLines
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

        var lines = StatsLines(grid: grid, context: context, week: week)
        // By index, not by copies of the habits (a journal may declare a million, issue 14).
        let listed = context.listed
        // Room for every listed habit, reserved (pages never used are never
        // touched): a million lines grown by doubling held old and new at once.
        lines.reserveCapacity(listed.count)
        for index in listed.indices {
            let id = listed[index].id
            guard grid.selected[id], !listed[index].isGroup, listed[index].kind == .count, listed[index].declared <= today else { continue }
            // General is listed once it has a counted entry.
            guard !listed[index].isBuiltIn || grid.lastEntry[id] >= 0 else { continue }
            lines.append(id: id)
        }
        habits = lines
        var lifetime = Amount.zero
        for k in lines.indices { lifetime += lines.lifetime(k) }
        let weekUnits = grid.totalUnits(in: week)
        self.weekUnits = weekUnits
        weekAveragePerDay = Fraction(weekUnits, over: week.dayCount)
        total = Line(habits: [], id: -1, week: weekUnits,
                     windows: context.windowUnits(declared: context.firstDeclaration(selected: grid.selected)) { grid.totalUnits(in: $0) },
                     lifetime: lifetime, isArchived: false)
        // The three with the most units this week, most first, earlier
        // lines first on a tie: picked in one pass (sorting a million
        // lines to keep three was most of the report).
        var top: [Int] = []
        for index in lines.indices {
            let week = lines.week(index)
            guard week > .zero else { continue }
            // Later lines lose ties: one goes in only ahead of a smaller week.
            var at = top.count
            while at > 0, lines.week(top[at - 1]) < week { at -= 1 }
            if at < 3 {
                top.insert(index, at: at)
                if top.count > 3 { top.removeLast() }
            }
        }
        topThisWeek = top.map { lines[$0] }
        topHabit = topThisWeek.first?.habit
        let habits = journal.habits
        var active = 0
        for id in habits.indices where grid.selected[id] && !habits[id].isBuiltIn && habits[id].group == nil
            && habits[id].declared <= today && !habits[id].isArchived(on: today) { active += 1 }
        activeHabits = active
    }
}

/// The units of each window of `StatsReport.windows` and the days they
/// are averaged over (0: no day, the average is 0): the inputs of
/// `RollingAverages`, kept where a report holds one per habit.
struct WindowUnits: Sendable {
    var units: (Amount, Amount, Amount)
    var days: (Int32, Int32, Int32)

    var averages: RollingAverages {
        RollingAverages((Fraction(units.0, over: Int(days.0)), Fraction(units.1, over: Int(days.1)), Fraction(units.2, over: Int(days.2))))
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
