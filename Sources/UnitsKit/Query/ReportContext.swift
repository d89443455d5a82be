/// What every report is asked: which journal, which day is today, which
/// period and which query. Reports build the `DayGrid` they need from it.
public struct ReportContext: Sendable {
    public var journal: Journal
    public var today: CivilDate
    /// Entries outside it are not counted (`--from`, `--to`, `--period`, `--season`).
    public var period: Period
    public var filter: QueryFilter

    public init(journal: Journal, today: CivilDate, period: Period = .all, filter: QueryFilter = QueryFilter()) {
        self.journal = journal
        self.today = today
        self.period = period
        self.filter = filter
    }

    public var weekStart: Weekday { journal.options.weekStart }

    /// The current week so far: its first day through today.
    public var thisWeek: DayRange { DayRange(first: today.startOfWeek(weekStart), last: today) }

    /// The whole week before the current one.
    public var lastWeek: DayRange {
        let start = today.startOfWeek(weekStart).adding(days: -7)
        return DayRange(first: start, last: start.adding(days: 6))
    }

    /// The N days ending today.
    public func lastDays(_ n: Int) -> DayRange { DayRange(first: today.adding(days: 1 - n), last: today) }

    /// The earliest day anything happened: the first declaration of a
    /// user habit or the first entry, whichever is earlier (today if none).
    public var earliestDay: CivilDate {
        var first = today
        // By index: a copy of each habit retains its references.
        let habits = journal.habits
        for id in habits.indices where !habits[id].isBuiltIn { first = min(first, habits[id].declared) }
        if let range = journal.dateRange { first = min(first, range.first) }
        return first
    }

    /// The first declaration among the selected habits, if any. `General`
    /// counts as declared on the journal's first day (`declared(_:)`).
    func firstDeclaration(selected: [Bool]) -> CivilDate? {
        let habits = journal.habits
        var first: CivilDate?
        for id in habits.indices where selected[id] {
            // `General` only once it has an entry.
            guard !habits[id].isBuiltIn || journal.entries.contains(where: { Int($0.habit) == id }) else { continue }
            let day = declared(habits[id])
            if first.map({ day < $0 }) ?? true { first = day }
        }
        return first
    }

    /// Habits in the order every report lists them (Grammar/reports.md,
    /// "Order"): `General` first, as it is declared before the first line,
    /// then in the order of their declaring lines in the file.
    public var listed: [Habit] {
        let habits = journal.habits
        // Usually the built-ins already come first: then the table itself,
        // shared, not a copy of it.
        let firstUser = habits.firstIndex { !$0.isBuiltIn } ?? habits.endIndex
        if !habits[firstUser...].contains(where: \.isBuiltIn) { return habits }
        return habits.filter(\.isBuiltIn) + habits.filter { !$0.isBuiltIn }
    }

    /// The day a habit counts from. `General` is declared before the first
    /// line (format.md 9), so it counts from the journal's first dated line:
    /// the earliest declaration or entry (`earliestDay`).
    public func declared(_ habit: Habit) -> CivilDate {
        habit.isBuiltIn ? earliestDay : habit.declared
    }

    /// Rolling averages (format.md 18.4): for each window of N days ending
    /// today, the units in it over the days of it on or after `declared`,
    /// exactly; 0 when there is no such day.
    public func averages(declared: CivilDate?, units: (DayRange) -> Amount) -> [Fraction] {
        StatsReport.windows.map { n in
            guard let declared else { return Fraction(.zero, over: 0) }
            let range = lastDays(n)
            let days = max(0, max(range.first, declared).days(to: today) + 1)
            return Fraction(units(range), over: min(n, days))
        }
    }

    /// A grid of the days from `first` (no earlier than the earliest day
    /// with anything in it) through today, with the period and query applied.
    public func grid(from first: CivilDate) -> DayGrid {
        let start = min(max(first, earliestDay), today)
        return DayGrid(journal: journal, days: DayRange(first: start, last: today), period: period, filter: filter)
    }

    /// Habits a today view lists: selected, not groups' bookkeeping, not
    /// archived today, declared by today. `General` only when it has units today.
    func isShownToday(_ habit: Habit, grid: DayGrid) -> Bool {
        guard grid.selected[habit.id], habit.declared <= today, !habit.isArchived(on: today) else { return false }
        if habit.isBuiltIn { return grid.units(habit.id, on: today) != .zero }
        return true
    }
}

/// A habit's soft floor in one week (format.md 18.2 and 16).
///
/// The scaled floor is worked out when asked, not stored.
public struct WeekPace: Sendable, Equatable {
    public var week: DayRange
    /// Units logged in the week (so far, for the current week).
    public var units: Amount
    /// The floor in force (at the week's end, or now for the current week).
    public var floor: Amount
    /// Days of the week the floor is scaled away for (0 to 7): paused, or
    /// before the habit was declared (definitions.md D9).
    public var pausedDays: Int
    /// Archived on the day the week is judged: an archived habit has no pace
    /// (definitions.md D9), so it is never under it.
    public var isArchived: Bool

    /// Judged on the day the habit was declared: a brand-new habit is not
    /// behind on its first day (definitions.md D9).
    public var isDayOne: Bool

    public init(week: DayRange, units: Amount, floor: Amount, pausedDays: Int, isArchived: Bool = false, isDayOne: Bool = false) {
        self.week = week
        self.units = units
        self.floor = floor
        self.pausedDays = min(max(pausedDays, 0), 7)
        self.isArchived = isArchived
        self.isDayOne = isDayOne
    }

    /// floor × (7 − paused) / 7, exactly; zero means no indicator.
    public var scaledFloor: Fraction { floor.fraction * Fraction(Int128(7 - pausedDays), 7) }

    /// Below a positive scaled floor (compared exactly: 0.714285714 < 5/7).
    public var isUnderPace: Bool {
        guard !isArchived, !isDayOne, floor > .zero, pausedDays < 7 else { return false }
        return units.fraction < scaledFloor
    }
}

extension DayGrid {
    /// The pace of a count habit in the week containing `date`, judged on
    /// `today` (the current week uses the floor in force today). Nil for
    /// check habits and groups, and for a habit archived on the day the week
    /// is judged unless `whileArchived` (a habit's history lists such weeks,
    /// never under pace).
    public func pace(_ habit: Int, weekOf date: CivilDate, today: CivilDate, whileArchived: Bool = false) -> WeekPace? {
        // (Fields read where the habit lies, not from a copy: asked once per count habit.)
        guard journal.habits[habit].kind == .count, !journal.habits[habit].isGroup else { return nil }
        let start = date.startOfWeek(journal.options.weekStart)
        let end = start.adding(days: 6)
        let judgedOn = min(end, today)
        let archived = journal.habits[habit].isArchived(on: judgedOn)
        guard whileArchived || !archived else { return nil }
        let floor = journal.habits[habit].floor(on: judgedOn)
        // Days before the declaration count as paused ones: a habit owes
        // nothing for days it did not exist.
        let declared = journal.habits[habit].declared
        var paused = min(max(start.days(to: declared), 0), 7)
        if !journal.habits[habit].pauses.isEmpty {
            for k in paused..<7 where journal.habits[habit].isPaused(on: start.adding(days: k)) { paused += 1 }
        }
        let week = DayRange(first: start, last: end)
        return WeekPace(week: week, units: units(habit, in: DayRange(first: start, last: judgedOn)),
                        floor: floor, pausedDays: paused, isArchived: archived, isDayOne: judgedOn == declared)
    }
}
