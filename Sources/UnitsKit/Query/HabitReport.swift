/// `units habit NAME`: one habit (or group) in detail: units, averages, unit
/// history and measures, pace by week; check habits' consistency and states;
/// groups' members this month.
public struct HabitReport: Sendable {
    public struct UnitTotal: Sendable {
        public var version: UnitVersion
        public var units: Amount
        /// units × size, in `version.measure` (or the unit name); exact
        /// past `Amount`'s range too.
        public var measureTotal: WideAmount
    }

    public struct MemberCount: Sendable {
        public var habit: Habit
        /// Count members: units this month; check members: done days this month.
        public var count: Amount
    }

    public var habit: Habit
    public var today: CivilDate
    public var todayUnits: Amount
    public var week: Amount
    public var lifetime: Amount
    /// 7, 30, 90-day averages (see `StatsReport`).
    public var averages: [Fraction]
    public var unitTotals: [UnitTotal]
    /// The current week first, then the seven before it.
    public var weeks: [WeekPace]
    public var todayState: CheckState?
    /// Last 30 days.
    public var consistency: Expectation.Tally?
    /// Check habits: days by state over the habit's life.
    public var stateCounts: [CheckState: Int]
    public var members: [MemberCount]
    public var month: DayRange
    public var isArchived: Bool

    /// The two grids habit reports read, built once for any number of habits.
    public struct Grids: Sendable {
        /// The whole life, for check habits' state counts and groups.
        public let whole: DayGrid
        /// The recent days (90, and 7 weeks before this one) for count habits.
        public let recent: DayGrid

        public init(_ context: ReportContext) {
            whole = context.grid(from: Grids.firstDay(wholeLife: true, context))
            recent = context.grid(from: Grids.firstDay(wholeLife: false, context))
        }

        static func needsWholeLife(_ habit: Habit) -> Bool { habit.kind == .check || habit.isGroup }

        static func firstDay(wholeLife: Bool, _ context: ReportContext) -> CivilDate {
            wholeLife ? context.earliestDay : min(context.today.adding(days: -89), context.thisWeek.first.adding(days: -49))
        }

        func grid(for habit: Habit) -> DayGrid { Grids.needsWholeLife(habit) ? whole : recent }
    }

    /// The report of habit `id`, read from `grids` when a page shares them between habits.
    public init(_ context: ReportContext, habit id: Int, grids: Grids? = nil) {
        let journal = context.journal
        let today = context.today
        let habit = journal.habits[id]
        let grid = grids?.grid(for: habit)
            ?? context.grid(from: Grids.firstDay(wholeLife: Grids.needsWholeLife(habit), context))
        let expectation = Expectation(grid: grid, today: today)
        self.habit = habit
        self.today = today
        isArchived = habit.isArchived(on: today)
        todayUnits = grid.units(id, on: today)
        week = grid.units(id, in: context.thisWeek)
        lifetime = grid.lifetime[id]
        averages = context.averages(declared: context.declared(habit)) { grid.units(id, in: $0) }
        // A unit change dated after today is not in force yet (definitions.md D13): no version of its own.
        unitTotals = habit.kind == .count && !habit.isGroup ? habit.units.enumerated().filter { $0.element.since <= today }.map { k, version in
            let units = grid.lifetime(id, version: k)
            return UnitTotal(version: version, units: units, measureTotal: WideAmount(units, times: version.size))
        } : []
        weeks = (0..<8).compactMap { k in
            let day = today.startOfWeek(context.weekStart).adding(days: -7 * k)
            guard day.adding(days: 6) >= habit.declared else { return nil }
            return grid.pace(id, weekOf: day, today: today, whileArchived: true)
        }
        todayState = grid.state(id, on: today)
        consistency = expectation.hasConsistency(id) ? expectation.consistency(id, in: context.lastDays(30)) : nil
        var counts: [CheckState: Int] = [:]
        if habit.kind == .check && !habit.isGroup {
            for day in DayRange(first: grid.days.first, last: today).eachDay {
                if let state = grid.state(id, on: day) { counts[state, default: 0] += 1 }
            }
        }
        stateCounts = counts
        let month = DayRange(first: today.startOfMonth, last: today)
        self.month = month
        // Members that exist today (format.md 9).
        members = habit.members.filter { journal.habits[$0].declared <= today }.map { m in
            let member = journal.habits[m]
            if member.kind == .count { return MemberCount(habit: member, count: grid.units(m, in: month)) }
            return MemberCount(habit: member, count: Amount(expectation.doneDays(m, in: month)))
        }
    }
}
