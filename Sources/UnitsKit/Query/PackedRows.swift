/// A compact form of a report row: made from a row when it fits, read
/// back as exactly that row.
protocol PackedRow: Sendable {
    associatedtype Row: Sendable
    /// The row packed, or nil when it does not fit.
    init?(_ row: Row)
    /// What stands at the index of a row kept whole.
    init()
    /// The row again; `habits` is the journal's table it names its habit in.
    func row(_ habits: [Habit]) -> Row
}

/// Report rows kept packed (issue 14: a row per habit, a million of them),
/// the rare one that does not pack kept whole apart, by index. The one
/// mechanism behind `StatsLines` and `TodayCounts`.
struct PackedRows<Packed: PackedRow>: Sendable {
    /// The journal's habits, which every row reads its habit from.
    let habits: [Habit]
    private var packed: [Packed] = []
    /// Rows that do not pack, by index (they win over `packed`).
    private var whole: [Int: Packed.Row] = [:]

    init(habits: [Habit]) { self.habits = habits }

    var count: Int { packed.count }

    subscript(position: Int) -> Packed.Row {
        if !whole.isEmpty, let row = whole[position] { return row }
        return packed[position].row(habits)
    }

    /// One field of a row, read from its packed form without making the
    /// row (or from the row kept whole).
    func field<T>(_ position: Int, packed read: (Packed) -> T, whole readWhole: (Packed.Row) -> T) -> T {
        if !whole.isEmpty, let row = whole[position] { return readWhole(row) }
        return read(packed[position])
    }

    mutating func append(_ row: Packed.Row) {
        if let p = Packed(row) {
            packed.append(p)
        } else {
            whole[packed.count] = row
            packed.append(Packed())
        }
    }

    mutating func reserveCapacity(_ count: Int) { packed.reserveCapacity(count) }
}
