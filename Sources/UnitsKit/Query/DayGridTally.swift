/// Pass 1 of `DayGrid`: every entry of the journal counted once, for the
/// lifetime figures (which cover every entry, not only the grid's days),
/// the latest entry per habit, and the list of entries that land in the
/// grid (of a lifetime's entries, `today` needs a few weeks).
///
/// It reads the journal's packed records directly: a units value of a
/// common entry is a whole number of thousandths, summed per habit in 64
/// bits and turned into an `Amount` once at the end, instead of an `Entry`
/// built and a 128-bit sum per entry. `Amount` sums wrap in 128 bits, so
/// the order the values are added in does not change the result.
struct EntryTally {
    let journal: Journal
    /// The grid's first and last day numbers; the period's bounds.
    let first: Int, last: Int
    let periodFrom: Int, periodTo: Int
    let selected: [Bool]
    let isCheck: [Bool]
    /// Per habit of several unit versions: where its units per version
    /// start; -1 otherwise. Empty when no habit has several (the versions
    /// a habit has are `units.count` of it).
    let versionBase: [Int32]

    private(set) var counted = 0
    private(set) var future = 0
    /// Entries that land in the grid, in file order.
    private(set) var inGrid: [Int32] = []
    /// Per habit `h`, at `h + 1`: how many of `inGrid` are its.
    private(set) var rowCount: [Int32]
    private(set) var lastEntry: [Int32]
    /// The day of `lastEntry` per habit (Int32.min: none).
    private var lastDay: [Int32]
    /// Sums of values kept whole (`Amount`; empty until the first such
    /// value: most journals have none), and of values in thousandths.
    private var wholeLifetime: [Amount] = []
    private var narrowLifetime: [Int64]
    private var wholeVersions: [Amount]
    private var narrowVersions: [Int64]

    init(journal: Journal, grid days: DayRange, period: Period, selected: [Bool],
         versionBase: [Int32], versionCount: Int) {
        self.journal = journal
        first = Int(days.first.dayNumber)
        last = Int(days.last.dayNumber)
        periodFrom = period.from.map { Int($0.dayNumber) } ?? Int.min
        periodTo = period.to.map { Int($0.dayNumber) } ?? Int.max
        self.selected = selected
        isCheck = journal.habits.map { $0.kind == .check }
        self.versionBase = versionBase
        let habitCount = journal.habits.count
        rowCount = Array(repeating: 0, count: habitCount + 1)
        lastEntry = Array(repeating: -1, count: habitCount)
        lastDay = Array(repeating: .min, count: habitCount)
        narrowLifetime = Array(repeating: 0, count: habitCount)
        wholeVersions = Array(repeating: .zero, count: versionCount)
        narrowVersions = Array(repeating: 0, count: versionCount)
    }

    /// Lifetime units per habit.
    /// (Summed into the whole sums' own array, which the tally gives up:
    /// no third array of amounts beside the two.)
    mutating func takeLifetime() -> [Amount] {
        var sums = wholeLifetime.isEmpty ? Array(repeating: .zero, count: narrowLifetime.count) : wholeLifetime
        wholeLifetime = []
        for index in sums.indices where narrowLifetime[index] != 0 { sums[index] += Self.amount(thousandths: narrowLifetime[index]) }
        narrowLifetime = []
        return sums
    }

    /// Adds a value kept whole to habit `h`'s sum in `sums`, making the
    /// sums (one per habit of `habits`) at the first such value. (Static,
    /// on the one array: `addAll` holds `narrowLifetime` while it calls it.)
    private static func addWhole(_ amount: Amount, habit h: Int, to sums: inout [Amount], habits: Int) {
        if sums.isEmpty { sums = Array(repeating: .zero, count: habits) }
        sums[h] += amount
    }

    /// Lifetime units per habit and unit version (see `versionBase`).
    var versionUnits: [Amount] {
        zip(wholeVersions, narrowVersions).map { $0 + Self.amount(thousandths: $1) }
    }

    static func amount(thousandths: Int64) -> Amount {
        Amount(billionths: Int128(thousandths) &* EntryRecord.narrowUnit)
    }

    /// Counts one entry; with a filter, only if it matches (asked only of
    /// an entry the grid would otherwise count).
    mutating func add(_ entry: Entry, index: Int, filter: QueryFilter? = nil) {
        let day = Int(entry.date.dayNumber)
        if day > last { future += 1; return }
        let h = Int(entry.habit)
        guard day >= periodFrom, day < periodTo, selected[h] else { return }
        if let filter, !filter.matches(entry: entry, in: journal) { return }
        counted += 1
        // The latest by day, then by file order (in file order, as the fast pass sees them, the last of the latest day).
        if Int32(day) > lastDay[h] || (Int32(day) == lastDay[h] && index > Int(lastEntry[h])) { lastDay[h] = Int32(day); lastEntry[h] = Int32(truncatingIfNeeded: index) }
        var hasUnits = false
        if case .units(let amount) = entry.value {
            hasUnits = true
            if !isCheck[h] {
                Self.addWhole(amount, habit: h, to: &wholeLifetime, habits: narrowLifetime.count)
                let version = Int(entry.unitVersion), base = versionBase.isEmpty ? -1 : Int(versionBase[h])
                if base >= 0, version < journal.habits[h].units.count { wholeVersions[base + version] += amount }
            }
        }
        if day >= first && (isCheck[h] || hasUnits) {
            inGrid.append(Int32(index))
            rowCount[h + 1] += 1
        }
    }

    /// Counts every entry of the journal, reading its records directly
    /// (the same as `add` on each entry).
    mutating func addAll() {
        let entries = journal.entries, habits = journal.habits
        let dayBase = Int(EntryRecord.dayBase)
        let (first, last, periodFrom, periodTo) = (self.first, self.last, self.periodFrom, self.periodTo)
        var counted = 0, future = 0
        var inGrid: [Int32] = []
        // Spilled entries (tasks, and what does not pack) take `add` after
        // the loop: every figure is a sum, a count or a latest by (day,
        // index), which the order of counting does not change.
        var spilled: [Int] = []
        let records = entries.records, selected = self.selected, isCheck = self.isCheck, versionBase = self.versionBase
        // Worked on as locals, handed back after the loop.
        var rowCount = self.rowCount, lastEntry = self.lastEntry, lastDay = self.lastDay, narrowLifetime = self.narrowLifetime
        self.rowCount = []
        self.lastEntry = []
        self.lastDay = []
        self.narrowLifetime = []
        for index in 0..<records.count {
            let record = records[index]
            let kind = record.kind
            if kind == EntryRecord.spilledKind { spilled.append(index); continue }
            let day = Int(record.word & 0x3F_FFFF) + dayBase
            if day > last { future += 1; continue }
            let h = Int(record.place & 0xFF_FFFF)
            guard day >= periodFrom, day < periodTo, selected[h] else { continue }
            counted += 1
            if Int32(day) >= lastDay[h] { lastDay[h] = Int32(day); lastEntry[h] = Int32(truncatingIfNeeded: index) }
            let hasUnits = kind != EntryRecord.stateKind
            if hasUnits, !isCheck[h] {
                let version = Int(record.word >> 24 & 15), base = versionBase.isEmpty ? -1 : Int(versionBase[h])
                let counts = base >= 0 && version < habits[h].units.count
                if kind == EntryRecord.narrowKind {
                    narrowLifetime[h] &+= Int64(record.payload)
                    if counts { narrowVersions[base + version] &+= Int64(record.payload) }
                } else {
                    let amount = entries.wide[Int(record.payload)]
                    Self.addWhole(amount, habit: h, to: &wholeLifetime, habits: habits.count)
                    if counts { wholeVersions[base + version] += amount }
                }
            }
            if day >= first && (isCheck[h] || hasUnits) {
                inGrid.append(Int32(index))
                rowCount[h + 1] += 1
            }
        }
        self.rowCount = rowCount
        self.lastEntry = lastEntry
        self.lastDay = lastDay
        self.narrowLifetime = narrowLifetime
        self.counted = counted
        self.future = future
        self.inGrid = inGrid
        guard !spilled.isEmpty else { return }
        // `inGrid` is in file order: merge the spilled ones in.
        let fast = self.inGrid
        self.inGrid = []
        for index in spilled { add(entries[index], index: index) }
        var merged: [Int32] = []
        merged.reserveCapacity(fast.count + self.inGrid.count)
        var a = 0, b = 0
        while a < fast.count || b < self.inGrid.count {
            if b == self.inGrid.count || (a < fast.count && fast[a] < self.inGrid[b]) { merged.append(fast[a]); a += 1 } else { merged.append(self.inGrid[b]); b += 1 }
        }
        self.inGrid = merged
    }
}
