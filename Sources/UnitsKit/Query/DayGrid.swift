/// The stats engine: every entry of a journal aggregated per habit per day
/// in one pass, in flat arrays indexed by habit id and day offset.
///
/// Reports and pictures (piles, walls, heatmaps) read days out of it instead
/// of walking entries: `units(h, on: day)` is an array load. Entries after
/// the grid's last day (the future) are never counted; entries outside
/// `period` or failing `filter` are left out. Lifetime totals cover every
/// counted entry, also those before the grid's first day.
///
/// A group has no row of its own: its units are its members' (`units` sums
/// them), and its check-ins are the days a member was satisfied.
public struct DayGrid: Sendable {
    public let journal: Journal
    /// The days the grid holds, first through last (usually today).
    public private(set) var days: DayRange
    public private(set) var dayCount: Int
    /// Which habits the query selected, by habit id.
    public let selected: [Bool]

    /// Units per habit per day: `cells[habit * dayCount + offset]`.
    private var cells: [Amount]
    /// Check states per habit per day (0 none, else `stateCodes` + 1); the last check-in of a day stands.
    private var stateCells: [UInt8]
    /// Per habit: units of every counted entry up to the last day.
    public private(set) var lifetime: [Amount]
    /// Per habit and unit version: lifetime units in that version (`lifetimeByVersion[h][v]`).
    public private(set) var lifetimeByVersion: [[Amount]]
    /// Per habit: the index in `journal.entries` of its latest counted entry (by date, then file order), or -1.
    public private(set) var lastEntry: [Int]
    /// Entries counted (through the last day, in the period, passing the filter).
    public private(set) var countedEntries = 0
    /// Entries dated after the last day.
    public private(set) var futureEntries = 0

    static let stateCodes: [CheckState] = [.yes, .kinda, .no, .skip]

    /// Aggregates `journal` over `days`, counting only entries in `period`
    /// that pass `filter`.
    public init(journal: Journal, days: DayRange, period: Period = .all, filter: QueryFilter = QueryFilter()) {
        self.journal = journal
        self.days = days
        dayCount = days.dayCount
        let habitCount = journal.habits.count
        selected = filter.habitMask(journal)
        cells = Array(repeating: .zero, count: habitCount * dayCount)
        stateCells = Array(repeating: 0, count: habitCount * dayCount)
        lifetime = Array(repeating: .zero, count: habitCount)
        lifetimeByVersion = journal.habits.map { Array(repeating: .zero, count: max(1, $0.units.count)) }
        lastEntry = Array(repeating: -1, count: habitCount)

        let first = Int(days.first.dayNumber), last = Int(days.last.dayNumber)
        let periodFrom = period.from.map { Int($0.dayNumber) } ?? Int.min
        let periodTo = period.to.map { Int($0.dayNumber) } ?? Int.max
        let entryTerms = filter.hasEntryTerms
        let kinds = journal.habits.map { $0.kind }
        var counted = 0, future = 0
        journal.entries.withUnsafeBufferPointer { entries in
            for index in entries.indices {
                let entry = entries[index]
                let day = Int(entry.date.dayNumber)
                if day > last { future += 1; continue }
                let h = Int(entry.habit)
                guard day >= periodFrom, day < periodTo, selected[h] else { continue }
                if entryTerms && !filter.matches(entry: entry, in: journal) { continue }
                counted += 1
                let previous = lastEntry[h]
                if previous < 0 || entries[previous].date <= entry.date { lastEntry[h] = index }
                let inGrid = day >= first
                let cell = h * dayCount + (day - first)
                if kinds[h] == .check {
                    if inGrid {
                        let state = journal.checkState(of: entry)
                        stateCells[cell] = UInt8(DayGrid.stateCodes.firstIndex(of: state)! + 1)
                    }
                } else if case .units(let amount) = entry.value {
                    lifetime[h] += amount
                    let version = Int(entry.unitVersion)
                    if version < lifetimeByVersion[h].count { lifetimeByVersion[h][version] += amount }
                    if inGrid { cells[cell] += amount }
                }
            }
        }
        countedEntries = counted
        futureEntries = future
        // Groups: lifetime is the sum of their count members.
        for group in journal.habits where group.isGroup {
            for member in group.members where kinds[member] == .count { lifetime[group.id] += lifetime[member] }
        }
    }

    /// The same grid over other days, without another pass over the
    /// journal: the days both hold keep their cells, the others are empty.
    /// Lifetime figures and `lastEntry` stay this grid's, so `range` should
    /// end on this grid's last day (a page draws many walls and heatmaps of
    /// one journal from one grid this way).
    public func restricted(to range: DayRange) -> DayGrid {
        var copy = self
        copy.days = range
        copy.dayCount = range.dayCount
        let habitCount = journal.habits.count
        copy.cells = Array(repeating: .zero, count: habitCount * range.dayCount)
        copy.stateCells = Array(repeating: 0, count: habitCount * range.dayCount)
        let shift = days.first.days(to: range.first)
        let from = max(0, -shift), to = min(range.dayCount, dayCount - shift)
        if from < to {
            for h in 0..<habitCount {
                for k in from..<to {
                    copy.cells[h * range.dayCount + k] = cells[h * dayCount + k + shift]
                    copy.stateCells[h * range.dayCount + k] = stateCells[h * dayCount + k + shift]
                }
            }
        }
        return copy
    }

    /// Offset of a day in the grid, or nil outside it.
    @inline(__always)
    func offset(_ date: CivilDate) -> Int? {
        let k = days.first.days(to: date)
        return k >= 0 && k < dayCount ? k : nil
    }

    /// Units of a habit (or a group's count members) on a day; 0 outside the grid.
    public func units(_ habit: Int, on date: CivilDate) -> Amount {
        guard let k = offset(date) else { return .zero }
        let h = journal.habits[habit]
        if h.isGroup {
            var sum = Amount.zero
            for member in h.members { sum += cells[member * dayCount + k] }
            return sum
        }
        return cells[habit * dayCount + k]
    }

    /// Units of a habit over an inclusive range of days (clipped to the grid).
    public func units(_ habit: Int, in range: DayRange) -> Amount {
        var sum = Amount.zero
        var day = max(range.first, days.first)
        let end = min(range.last, days.last)
        while day <= end { sum += units(habit, on: day); day = day.adding(days: 1) }
        return sum
    }

    /// Units of every habit on a day (groups are not added twice).
    public func totalUnits(on date: CivilDate) -> Amount {
        guard let k = offset(date) else { return .zero }
        var sum = Amount.zero
        for h in journal.habits.indices where !journal.habits[h].isGroup { sum += cells[h * dayCount + k] }
        return sum
    }

    /// Units of every habit over an inclusive range of days.
    public func totalUnits(in range: DayRange) -> Amount {
        var sum = Amount.zero
        var day = max(range.first, days.first)
        let end = min(range.last, days.last)
        while day <= end { sum += totalUnits(on: day); day = day.adding(days: 1) }
        return sum
    }

    /// The check state a check habit has on a day, if it has a check-in.
    public func state(_ habit: Int, on date: CivilDate) -> CheckState? {
        guard let k = offset(date) else { return nil }
        let code = stateCells[habit * dayCount + k]
        return code == 0 ? nil : DayGrid.stateCodes[Int(code) - 1]
    }

    /// Whether a habit was "done" on a day: a check habit YES or KINDA
    /// (KINDA counts), a count habit a positive total, a group any member.
    public func isDone(_ habit: Int, on date: CivilDate) -> Bool {
        let h = journal.habits[habit]
        if h.isGroup { return h.members.contains { isDone($0, on: date) } }
        if h.kind == .check { return state(habit, on: date)?.isDone ?? false }
        return units(habit, on: date) > .zero
    }

    /// The members of a group that were done on a day, in declaration order.
    public func satisfyingMembers(of group: Int, on date: CivilDate) -> [Int] {
        journal.habits[group].members.filter { isDone($0, on: date) }
    }
}
