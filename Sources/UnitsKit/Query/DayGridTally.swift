/// Pass 1 of `DayGrid`: every entry of the journal counted once, for the
/// lifetime figures (which cover every entry, not only the grid's days),
/// the latest entry per habit, and the list of entries that land in the
/// grid (of a lifetime's entries, `today` needs a few weeks).
///
/// Values come as the store keeps them (`EntryList.forEachStored`): the
/// common ones in thousandths, summed per habit in 64 bits and made an
/// `Amount` once at the end. `Amount` sums wrap in 128 bits, so the order
/// the values are added in does not change the result.
struct EntryTally {
    private(set) var counted = 0
    private(set) var future = 0
    /// Entries that land in the grid, in file order.
    private(set) var inGrid: [Int32] = []
    /// Per habit `h`, at `h + 1`: how many of `inGrid` are its.
    private(set) var rowCount: [Int32]
    /// Per habit: its latest counted entry (by day, then file order), or -1.
    private(set) var lastEntry: [Int32]
    /// Lifetime units per habit, and per habit and unit version (see `DayGrid.versionBase`).
    private(set) var lifetime: [Amount]
    private(set) var versionUnits: [Amount]
    let isCheck: [Bool]

    init(journal: Journal, grid days: DayRange, period: Period, selected: [Bool], filter: QueryFilter,
         versionBase: [Int32], versionCount: Int) {
        let habits = journal.habits, entries = journal.entries
        let first = Int(days.first.dayNumber), last = Int(days.last.dayNumber)
        let periodFrom = period.from.map { Int($0.dayNumber) } ?? Int.min
        let periodTo = period.to.map { Int($0.dayNumber) } ?? Int.max
        let isCheck = habits.map { $0.kind == .check }
        let filtering = filter.hasEntryTerms
        var counted = 0, future = 0, inGrid: [Int32] = []
        var rowCount = [Int32](repeating: 0, count: habits.count + 1)
        var lastEntry = [Int32](repeating: -1, count: habits.count), lastDay = [Int](repeating: .min, count: habits.count)
        // Exact sums are made at the first exact value (most journals have none).
        var narrowLifetime = [Int64](repeating: 0, count: habits.count), exactLifetime: [Amount] = []
        var narrowVersions = [Int64](repeating: 0, count: versionCount), exactVersions = [Amount](repeating: .zero, count: versionCount)
        entries.forEachStored { index, day, h, version, units in
            if day > last { future += 1; return }
            guard day >= periodFrom, day < periodTo, selected[h] else { return }
            if filtering, !filter.matches(entry: entries[index], in: journal) { return }
            counted += 1
            if day >= lastDay[h] { lastDay[h] = day; lastEntry[h] = Int32(truncatingIfNeeded: index) }
            if let units, !isCheck[h] {
                let base = versionBase.isEmpty ? -1 : Int(versionBase[h])
                let slot = base >= 0 && version < habits[h].units.count ? base + version : -1
                switch units {
                case .thousandths(let value):
                    narrowLifetime[h] &+= value
                    if slot >= 0 { narrowVersions[slot] &+= value }
                case .exact(let amount):
                    if exactLifetime.isEmpty { exactLifetime = Array(repeating: .zero, count: habits.count) }
                    exactLifetime[h] += amount
                    if slot >= 0 { exactVersions[slot] += amount }
                }
            }
            if day >= first && (isCheck[h] || units != nil) {
                inGrid.append(Int32(index))
                rowCount[h + 1] += 1
            }
        }
        if exactLifetime.isEmpty { exactLifetime = Array(repeating: .zero, count: habits.count) }
        for h in exactLifetime.indices where narrowLifetime[h] != 0 { exactLifetime[h] += EntryList.StoredUnits.amount(thousandths: narrowLifetime[h]) }
        (self.counted, self.future, self.inGrid, self.rowCount, self.lastEntry, self.isCheck) = (counted, future, inGrid, rowCount, lastEntry, isCheck)
        lifetime = exactLifetime
        versionUnits = zip(exactVersions, narrowVersions).map { $0 + EntryList.StoredUnits.amount(thousandths: $1) }
    }
}
