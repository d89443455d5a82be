/// The consistency matrix: habits as rows, days as columns, most recent
/// first, each day judged as consistency judges it (format.md 18.3): an
/// `N/week` day is missed only when its week fell short, and then only as
/// many days as it fell short; count habits show units; options count when done.
public struct HistoryMatrix: Sendable {
    public enum Cell: String, Sendable, CaseIterable {
        case done, kinda, missed, notExpected = "not-expected", pending, none
        /// A count habit's day: its units are in `units`.
        case counted
    }

    public let dates: [CivilDate]   // most recent first
    /// The journal the rows are habits of, and each row's habit id.
    let journal: Journal
    let ids: [Int32]
    /// Each row's habit name.
    public var names: [String] { ids.map { journal.habits[Int($0)].name } }
    /// Row `row`'s habit name.
    func name(_ row: Int) -> String { journal.habits[Int(ids[row])].name }
    /// Row `row`'s colour name (a habit without one takes its place in the rotation).
    func color(_ row: Int) -> String { TerminalStyle.colorName(of: journal.habits[Int(ids[row])]) }
    /// [row][column].
    public let cells: [[Cell]]
    /// The day grid the rows are read from.
    let grid: DayGrid
    /// Per column: how many check-ins were expected (done, kinda or missed)
    /// and how many of them were done ("4 of 7").
    public let tallies: [Expectation.Tally]

    /// The last `days` days through `today`, every habit.
    public init(journal: Journal, today: CivilDate, days: Int) {
        self.init(journal: journal, today: today, range: DayRange(first: today.adding(days: -(max(1, days) - 1)), last: today))
    }

    /// The days of `range` (most recent first), the habits `selected` (by id; all when nil).
    public init(journal: Journal, today: CivilDate, range: DayRange, selected: [Bool]? = nil) {
        let count = max(1, range.dayCount)
        let last = range.last
        // Ids, not copies of the habits.
        var ids: [Int32] = []
        // A habit archived since keeps its row: its days before the archive
        // are history (blank while archived).
        let shownDays = DayRange(first: range.first, last: min(today, last))
        for id in journal.habits.indices where !journal.habits[id].isBuiltIn && journal.habits[id].wasActive(during: shownDays)
            && (selected?[id] ?? true) {
            ids.append(Int32(truncatingIfNeeded: id))
        }
        // A month before the first column too: its week or month is judged whole.
        let grid = DayGrid(journal: journal, days: DayRange(first: last.adding(days: -(count - 1) - 31), last: max(last, today)))
        let e = Expectation(grid: grid, today: today)
        dates = (0..<count).map { last.adding(days: -$0) }
        self.journal = journal
        self.ids = ids
        var cells: [[Cell]] = []
        var tallies = Array(repeating: Expectation.Tally(), count: count)
        let dates = self.dates
        for id in ids {
            let habit = journal.habits[Int(id)]
            let days = dates.map { HistoryMatrix.dayCell(habit, $0, grid: grid, today: today) }
            let row = HistoryMatrix.judgedBySpan(habit, days, dates: dates, e: e, today: today)
            cells.append(row)
            for (column, cell) in row.enumerated() {
                switch cell {
                case .done, .kinda: tallies[column].done += 1; tallies[column].expected += 1
                case .missed: tallies[column].expected += 1
                default: break
                }
            }
        }
        self.cells = cells
        self.grid = grid
        self.tallies = tallies
    }

    /// Units of row `row`'s count habit on column `column`'s day (zero for other rows).
    public func units(_ row: Int, _ column: Int) -> Amount {
        let habit = journal.habits[Int(ids[row])]
        return habit.kind == .count && !habit.isGroup ? grid.units(habit.id, on: dates[column]) : .zero
    }

    /// A day on its own: what was logged, before any per-week judgement.
    static func dayCell(_ habit: Habit, _ date: CivilDate, grid: DayGrid, today: CivilDate) -> Cell {
        guard habit.declared <= date, !habit.isArchived(on: date), date <= today else { return .none }
        if habit.kind == .count && !habit.isGroup { return .counted }
        if habit.isPaused(on: date) || !habit.isScheduled(on: date.weekday) { return .notExpected }
        let members = habit.isGroup ? habit.members : [habit.id]
        var best: Cell = .missed
        var anything = false
        for id in members {
            let state = grid.state(id, on: date), units = grid.units(id, on: date)
            guard state != nil || !units.isZero else { continue }
            anything = true
            let cell: Cell
            if grid.journal.habits[id].kind == .check {
                switch state {
                case .yes: cell = .done
                case .kinda: cell = .kinda
                case .skip: cell = .notExpected
                default: cell = .missed
                }
            } else {
                cell = units > .zero ? .done : .missed
            }
            if cell == .done { best = .done } else if cell == .kinda, best != .done { best = .kinda }
            else if cell == .notExpected, best == .missed { best = .notExpected }
        }
        // A group's option is counted when done, never missed or awaited (format.md 10).
        if habit.isOption && !anything { return .none }
        if !anything, date == today { return .pending }
        return best
    }

    /// `N/week` and `N/month`: undone days are not expected, except in a
    /// finished span that fell short, where the last undone eligible days,
    /// as many as the shortfall, are missed.
    static func judgedBySpan(_ habit: Habit, _ row: [Cell], dates: [CivilDate], e: Expectation,
                             today: CivilDate) -> [Cell] {
        guard e.quotaSpan(habit.id, holding: today) != nil else { return row }
        var out = row.map { $0 == .missed || $0 == .pending ? .notExpected : $0 }
        var judged = Set<CivilDate>()
        for (column, date) in dates.enumerated() where out[column] != .none {
            // Unfinished spans are never short yet.
            guard let span = e.quotaSpan(habit.id, holding: date), !judged.contains(span.days.first),
                  span.days.last < today else { continue }
            judged.insert(span.days.first)
            var undone: [CivilDate] = []
            let (expected, done) = e.quota(habit.id, n: span.n, span: span.days, part: span.days) {
                undone.append($0)
            }
            for missed in undone.suffix(max(0, expected - done)) {
                if let column = dates.firstIndex(of: missed), out[column] == .notExpected { out[column] = .missed }
            }
        }
        return out
    }
}
