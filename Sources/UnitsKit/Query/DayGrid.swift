/// The stats engine: every entry of a journal aggregated per habit per day,
/// for reports and pictures to read days out of. Entries after the last day,
/// outside `period` or failing `filter` are not counted; lifetime totals
/// cover every counted entry, also those before the first day.
///
/// Sparse: one row per habit of only the days with entries, sorted by day
/// (never habits × days). A group has no row: its units are its members'.
public struct DayGrid: Sendable {
    public let journal: Journal
    /// The days the grid holds, first through last (usually today).
    public private(set) var days: DayRange
    public private(set) var dayCount: Int
    /// Which habits the query selected, by habit id.
    public let selected: [Bool]

    /// Row of habit `h`: cells `rowStart[h] ..< rowStart[h + 1]`, by day.
    private var rowStart: [Int32]
    /// Per cell: its day (`dayNumber`), units and check state (0 none, else
    /// `stateCodes` + 1; the last check-in of a day stands).
    private var cellDay: [Int32]
    private var cellUnits: [Amount]
    private var cellState: [UInt8]
    /// Per day of `days`: units of every habit that is not a group.
    private var dayTotals: [Amount]
    /// Per habit: units of every counted entry up to the last day.
    public private(set) var lifetime: [Amount]
    /// Per habit of several unit versions: where its lifetime units per
    /// version start in `versionUnits` (-1 for others; empty when none has).
    private var versionBase: [Int32]
    private var versionUnits: [Amount]
    /// Per habit: the index in `journal.entries` of its latest counted entry
    /// (by date, then file order), or -1.
    public private(set) var lastEntry: [Int32]
    /// Entries counted (through the last day, in the period, passing the filter).
    public private(set) var countedEntries = 0
    /// Entries dated after the last day.
    public private(set) var futureEntries = 0

    /// Lifetime units of habit `h` in its unit version `version` (zero past its versions).
    public func lifetime(_ h: Int, version: Int) -> Amount {
        let base = versionBase.isEmpty ? -1 : Int(versionBase[h])
        if base < 0 { return version == 0 ? lifetime[h] : .zero }
        return version >= 0 && version < journal.habits[h].units.count ? versionUnits[base + version] : .zero
    }

    static let stateCodes: [CheckState] = [.yes, .kinda, .no, .skip]

    /// Aggregates `journal` over `days`, counting only entries in `period`
    /// that pass `filter`.
    public init(journal: Journal, days: DayRange, period: Period = .all, filter: QueryFilter = QueryFilter()) {
        self.journal = journal
        self.days = days
        dayCount = days.dayCount
        let habits = journal.habits, entries = journal.entries
        let habitCount = habits.count
        let selected = filter.habitMask(journal)
        self.selected = selected
        // (No table at all when no habit has several versions.)
        var bases: [Int32] = []
        var versionCount = 0
        for h in habits.indices where habits[h].units.count > 1 {
            if bases.isEmpty { bases = Array(repeating: -1, count: habitCount) }
            bases[h] = Int32(versionCount)
            versionCount += habits[h].units.count
        }
        versionBase = bases
        rowStart = []; cellDay = []; cellUnits = []; cellState = []; dayTotals = []

        // Pass 1: every entry once, as the store keeps it (`EntryList.forEachStored`),
        // for the lifetimes and latest entries; the entries that land in the grid are
        // noted. Thousandths are summed in 64 bits and made an `Amount` at the end
        // (`Amount` sums wrap in 128 bits, so the order of the additions does not matter).
        let first = Int(days.first.dayNumber), last = Int(days.last.dayNumber)
        let periodFrom = period.from.map { Int($0.dayNumber) } ?? Int.min
        let periodTo = period.to.map { Int($0.dayNumber) } ?? Int.max
        let isCheck = habits.map { $0.kind == .check }
        let filtering = filter.hasEntryTerms
        var counted = 0, future = 0, inGrid: [Int32] = []
        var rowCount = [Int32](repeating: 0, count: habitCount + 1)
        var lastEntry = [Int32](repeating: -1, count: habitCount), lastDay = [Int](repeating: .min, count: habitCount)
        var narrowLifetime = [Int64](repeating: 0, count: habitCount)
        var lifetime = [Amount](repeating: .zero, count: habitCount)
        var narrowVersions = [Int64](repeating: 0, count: versionCount)
        var versionUnits = [Amount](repeating: .zero, count: versionCount)
        entries.forEachStored { index, day, h, version, units in
            if day > last { future += 1; return }
            guard day >= periodFrom, day < periodTo, selected[h] else { return }
            if filtering, !filter.matches(entry: entries[index], in: journal) { return }
            counted += 1
            if day >= lastDay[h] { lastDay[h] = day; lastEntry[h] = Int32(truncatingIfNeeded: index) }
            if let units, !isCheck[h] {
                let base = bases.isEmpty ? -1 : Int(bases[h])
                let slot = base >= 0 && version < habits[h].units.count ? base + version : -1
                switch units {
                case .thousandths(let value):
                    narrowLifetime[h] &+= value
                    if slot >= 0 { narrowVersions[slot] &+= value }
                case .exact(let amount):
                    lifetime[h] += amount
                    if slot >= 0 { versionUnits[slot] += amount }
                }
            }
            if day >= first && (isCheck[h] || units != nil) {
                inGrid.append(Int32(index))
                rowCount[h + 1] += 1
            }
        }
        let amount = EntryList.StoredUnits.amount(thousandths:)
        for h in lifetime.indices where narrowLifetime[h] != 0 { lifetime[h] += amount(narrowLifetime[h]) }
        for k in versionUnits.indices { versionUnits[k] += amount(narrowVersions[k]) }
        (self.lifetime, self.versionUnits, self.lastEntry) = (lifetime, versionUnits, lastEntry)
        (countedEntries, futureEntries) = (counted, future)

        // Pass 2: place the grid's entries in their rows (file order within a
        // row), then sort each row by day and merge the entries of one day.
        for h in 0..<habitCount { rowCount[h + 1] += rowCount[h] }
        var next = rowCount
        var slots = Array(repeating: Int32(0), count: inGrid.count)
        for index in inGrid {
            let h = Int(entries.habit(at: Int(index)))
            slots[Int(next[h])] = index
            next[h] += 1
        }
        var rowStart = Array(repeating: Int32(0), count: habitCount + 1)
        var cellDay: [Int32] = [], cellUnits: [Amount] = [], cellState: [UInt8] = []
        cellDay.reserveCapacity(inGrid.count)
        cellUnits.reserveCapacity(inGrid.count)
        cellState.reserveCapacity(inGrid.count)
        for h in 0..<habitCount {
            rowStart[h] = Int32(cellDay.count)
            let from = Int(rowCount[h]), to = Int(rowCount[h + 1])
            guard from < to else { continue }
            for index in entries.inDateOrder(slots[from..<to]) {
                let entry = entries[Int(index)]
                let day = Int32(entry.date.dayNumber)
                if cellDay.count == Int(rowStart[h]) || cellDay[cellDay.count - 1] != day {
                    cellDay.append(day); cellUnits.append(.zero); cellState.append(0)
                }
                let cell = cellDay.count - 1
                if isCheck[h] {
                    cellState[cell] = UInt8(DayGrid.stateCodes.firstIndex(of: journal.checkState(of: entry))! + 1)
                } else if case .units(let amount) = entry.value {
                    cellUnits[cell] += amount
                }
            }
        }
        rowStart[habitCount] = Int32(cellDay.count)
        self.rowStart = rowStart
        self.cellDay = cellDay
        self.cellUnits = cellUnits
        self.cellState = cellState
        dayTotals = totals(over: days)
        // Groups: lifetime is the sum of their count members.
        for group in habits where group.isGroup {
            for member in group.members where !isCheck[member] { self.lifetime[group.id] += self.lifetime[member] }
        }
    }

    /// Cells held: at most one per habit and day with a counted entry (tests
    /// check that it grows with entries, never with habits × days).
    var cellCount: Int { cellDay.count }

    /// Units per day of `range` of every habit that is not a group.
    private func totals(over range: DayRange) -> [Amount] {
        var totals = Array(repeating: Amount.zero, count: range.dayCount)
        let first = Int(range.first.dayNumber)
        for h in journal.habits.indices where !journal.habits[h].isGroup {
            for cell in Int(rowStart[h])..<Int(rowStart[h + 1]) {
                let k = Int(cellDay[cell]) - first
                if k >= 0 && k < totals.count { totals[k] += cellUnits[cell] }
            }
        }
        return totals
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
        // Cells outside this grid's days never existed: keep them out.
        if range.first < days.first || range.last > days.last {
            copy.clip(to: DayRange(first: max(range.first, days.first), last: min(range.last, days.last)))
        }
        copy.dayTotals = copy.totals(over: range)
        return copy
    }

    /// Drops the cells outside `range`.
    private mutating func clip(to range: DayRange) {
        let first = Int32(range.first.dayNumber), last = Int32(range.last.dayNumber)
        var kept = 0
        for h in 0..<(rowStart.count - 1) {
            let from = Int(rowStart[h]), to = Int(rowStart[h + 1])
            rowStart[h] = Int32(kept)
            for cell in from..<to where cellDay[cell] >= first && cellDay[cell] <= last {
                cellDay[kept] = cellDay[cell]; cellUnits[kept] = cellUnits[cell]; cellState[kept] = cellState[cell]
                kept += 1
            }
        }
        rowStart[rowStart.count - 1] = Int32(kept)
        cellDay.removeLast(cellDay.count - kept)
        cellUnits.removeLast(cellUnits.count - kept)
        cellState.removeLast(cellState.count - kept)
    }

    /// Offset of a day in the grid, or nil outside it.
    @inline(__always)
    func offset(_ date: CivilDate) -> Int? {
        let k = days.first.days(to: date)
        return k >= 0 && k < dayCount ? k : nil
    }

    /// The first cell of a habit's row on or after `day`.
    @inline(__always)
    private func firstCell(_ habit: Int, from day: Int32) -> Int {
        var low = Int(rowStart[habit]), high = Int(rowStart[habit + 1])
        while low < high {
            let mid = (low + high) / 2
            if cellDay[mid] < day { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The cell of a habit on a day, if it has one.
    @inline(__always)
    private func cell(_ habit: Int, _ date: CivilDate) -> Int? {
        guard offset(date) != nil else { return nil }
        let day = Int32(date.dayNumber)
        let k = firstCell(habit, from: day)
        return k < Int(rowStart[habit + 1]) && cellDay[k] == day ? k : nil
    }

    /// Units of a habit (or a group's count members) on a day; 0 outside the grid.
    public func units(_ habit: Int, on date: CivilDate) -> Amount {
        // Fields read where the habit lies, not from a copy of it (a picture
        // asks this for every cell, and each copy would retain and release
        // the habit's references).
        if journal.habits[habit].isGroup {
            var sum = Amount.zero
            for member in journal.habits[habit].members { if let k = cell(member, date) { sum += cellUnits[k] } }
            return sum
        }
        return cell(habit, date).map { cellUnits[$0] } ?? .zero
    }

    /// Units of a habit over an inclusive range of days (clipped to the grid).
    public func units(_ habit: Int, in range: DayRange) -> Amount {
        if journal.habits[habit].isGroup {
            var sum = Amount.zero
            for member in journal.habits[habit].members { sum += rowUnits(member, in: range) }
            return sum
        }
        return rowUnits(habit, in: range)
    }

    /// Units of one row over a range clipped to the grid: a walk over the
    /// row's cells in the range, not over the days.
    private func rowUnits(_ habit: Int, in range: DayRange) -> Amount {
        let from = max(range.first, days.first), to = min(range.last, days.last)
        guard from <= to else { return .zero }
        let last = Int32(to.dayNumber), end = Int(rowStart[habit + 1])
        var sum = Amount.zero
        var k = firstCell(habit, from: Int32(from.dayNumber))
        while k < end, cellDay[k] <= last { sum += cellUnits[k]; k += 1 }
        return sum
    }

    /// Units of every habit on a day (groups are not added twice).
    public func totalUnits(on date: CivilDate) -> Amount {
        guard let k = offset(date) else { return .zero }
        return dayTotals[k]
    }

    /// Units of every habit over an inclusive range of days.
    public func totalUnits(in range: DayRange) -> Amount {
        let clipped = DayRange(first: max(range.first, days.first), last: min(range.last, days.last))
        return clipped.eachDay.reduce(.zero) { $0 + totalUnits(on: $1) }
    }

    /// The check state a check habit has on a day, if it has a check-in.
    public func state(_ habit: Int, on date: CivilDate) -> CheckState? {
        guard let k = cell(habit, date) else { return nil }
        let code = cellState[k]
        return code == 0 ? nil : DayGrid.stateCodes[Int(code) - 1]
    }

    /// Whether a habit was "done" on a day: a check habit YES or KINDA
    /// (KINDA counts), a count habit a positive total, a group any member.
    public func isDone(_ habit: Int, on date: CivilDate) -> Bool {
        if journal.habits[habit].isGroup { return journal.habits[habit].members.contains { isDone($0, on: date) } }
        if journal.habits[habit].kind == .check { return state(habit, on: date)?.isDone ?? false }
        return units(habit, on: date) > .zero
    }

    /// The members of a group that were done on a day, in declaration order.
    public func satisfyingMembers(of group: Int, on date: CivilDate) -> [Int] {
        journal.habits[group].members.filter { isDone($0, on: date) }
    }
}
