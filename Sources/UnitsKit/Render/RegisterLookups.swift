/// The lookups the register's three renderings (text, CSV, JSON) make per
/// row and keep once. Each rendering keeps its own cells (escaped for the
/// terminal, CSV fields, JSON strings); how they are looked up is here,
/// once (issue 14: a register has millions of rows and few distinct cells).

/// Each habit's kind, read from the journal at first use: reading
/// `journal.habits[id]` per row copies a `Habit` and retains its strings.
struct HabitKinds {
    /// Per habit: 0 not read yet, 1 check, 2 count.
    private var kinds: [UInt8]

    init(habits: Int) { kinds = Array(repeating: 0, count: habits) }

    mutating func isCheck(_ id: Int, in journal: Journal) -> Bool {
        if kinds[id] == 0 { kinds[id] = journal.habits[id].kind == .check ? 1 : 2 }
        return kinds[id] == 1
    }
}

/// Values made once per key, in a small table indexed by a hash of the key
/// (not a dictionary: no hashing of a whole key type, no growth). A miss,
/// a key not seen or another key in its slot, makes the value again, so
/// `make` must give the same value for the same key.
struct SlotCache<Value> {
    private var slots: [(key: Int64, value: Value)?] = Array(repeating: nil, count: 4096)

    mutating func value(for key: Int64, make: () -> Value) -> Value {
        let slot = Int(truncatingIfNeeded: (UInt64(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> 52)
        if let known = slots[slot], known.key == key { return known.value }
        let made = make()
        slots[slot] = (key, made)
        return made
    }
}

extension CheckState {
    /// Its place in `allCases` (a table of per-state cells is indexed by it).
    var place: Int { Self.allCases.firstIndex(of: self)! }
}

extension Entry {
    /// The register's key of a count entry's unit: its habit and unit
    /// version (a unit renamed mid-journal has two).
    var unitKey: Int64 { Int64(habit) << 32 | Int64(UInt32(bitPattern: unitVersion)) }
}
