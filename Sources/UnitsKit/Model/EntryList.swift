/// A journal's entries, in file order, 16 bytes each (an `Entry` takes 48).
///
/// Reading an element gives back the very `Entry` that was appended: the
/// common entry is packed into one `EntryRecord`; a longer value is kept in
/// a side array of amounts, any other entry whole in a side array of entries.
public struct EntryList: RandomAccessCollection, Hashable, Sendable {
    var records: [EntryRecord] = []
    /// Values that do not fit a record, in order (records of kind `wide`).
    var wide: [Amount] = []
    /// Entries that do not pack, in order (records of kind `spilled`).
    var spilled: [Entry] = []

    public init() {}

    public init<S: Sequence>(_ entries: S) where S.Element == Entry {
        for entry in entries { append(entry) }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { records.count }
    public var count: Int { records.count }
    public var isEmpty: Bool { records.isEmpty }

    public subscript(position: Int) -> Entry {
        @inline(__always) get {
            let record = records[position]
            switch record.kind {
            case EntryRecord.spilledKind: return spilled[Int(record.payload)]
            case EntryRecord.wideKind: return record.entry(value: .units(wide[Int(record.payload)]))
            default: return record.entry(value: record.value)
            }
        }
    }

    /// The date of the entry at `position`, without building the entry.
    public func date(at position: Int) -> CivilDate {
        let record = records[position]
        return record.kind == EntryRecord.spilledKind ? spilled[Int(record.payload)].date : record.date
    }

    /// The first and last dates of the entries (nil when there are none).
    public var dateRange: DayRange? {
        var low = Int.max, high = Int.min
        forEachStored { _, day, _, _, _ in low = Swift.min(low, day); high = Swift.max(high, day) }
        guard low <= high else { return nil }
        return DayRange(first: CivilDate(dayNumber: Int32(low)), last: CivilDate(dayNumber: Int32(high)))
    }

    /// The habit index of the entry at `position`, without building the entry.
    public func habit(at position: Int) -> Int32 {
        let record = records[position]
        return record.kind == EntryRecord.spilledKind ? spilled[Int(record.payload)].habit : record.habit
    }

    /// Entry indices in date order, file order within a day: the indices
    /// themselves when they are in that order already (journals nearly always are).
    func inDateOrder(_ indices: ArraySlice<Int32>) -> ArraySlice<Int32> {
        if zip(indices, indices.dropFirst()).allSatisfy({ date(at: Int($0)) <= date(at: Int($1)) }) { return indices }
        return ArraySlice(indices.sorted { a, b in
            let x = date(at: Int(a)), y = date(at: Int(b))
            return x != y ? x < y : a < b
        })
    }

    /// A units value as the store holds it: a whole number of thousandths
    /// (nearly every value), or the exact amount.
    enum StoredUnits {
        case thousandths(Int64), exact(Amount)

        /// A number of thousandths (a sum of them too) as an amount.
        static func amount(thousandths: Int64) -> Amount { Amount(billionths: Int128(thousandths) &* EntryRecord.narrowUnit) }
    }

    /// Calls `body` with every entry in file order without building an `Entry`:
    /// its index, day number, habit, unit version and units (nil for a state).
    @inline(__always)
    func forEachStored(_ body: (_ index: Int, _ day: Int, _ habit: Int, _ unitVersion: Int, _ units: StoredUnits?) -> Void) {
        for index in records.indices {
            let record = records[index]
            let day = Int(record.word & 0x3F_FFFF) + Int(EntryRecord.dayBase), habit = Int(record.habit), version = Int(record.word >> 24 & 15)
            switch record.kind {
            case EntryRecord.narrowKind: body(index, day, habit, version, .thousandths(Int64(record.payload)))
            case EntryRecord.stateKind: body(index, day, habit, version, nil)
            case EntryRecord.wideKind: body(index, day, habit, version, .exact(wide[Int(record.payload)]))
            default:
                let entry = spilled[Int(record.payload)]
                var units: StoredUnits?
                if case .units(let amount) = entry.value { units = .exact(amount) }
                body(index, Int(entry.date.dayNumber), Int(entry.habit), Int(entry.unitVersion), units)
            }
        }
    }

    mutating func append(_ entry: Entry) {
        guard var record = EntryRecord(entry) else {
            let index = Int32(truncatingIfNeeded: spilled.count)
            records.append(EntryRecord(word: EntryRecord.spilledKind << 22, place: 0, line: 0, payload: index))
            spilled.append(entry)
            return
        }
        if case .units(let amount) = entry.value, !record.setNarrow(amount) {
            record.setWide(index: wide.count)
            wide.append(amount)
        }
        records.append(record)
    }

    /// Appends the entry of a units value of `thousandths` (no task), packed
    /// straight into a record; false (and nothing appended) when it does
    /// not pack, for `append` to keep it.
    mutating func appendNarrow(date: CivilDate, habit: Int32, unitVersion: Int32, goalVersion: Int32,
                               thousandths: Int32, source: LineReference) -> Bool {
        let day = date.dayNumber &- EntryRecord.dayBase
        guard day >= 0, day < EntryRecord.dayLimit, habit >= 0, habit < EntryRecord.habitLimit,
              source.file >= 0, source.file < EntryRecord.fileLimit, source.line >= 0,
              unitVersion >= 0, unitVersion <= EntryRecord.versionLimit,
              goalVersion >= 0, goalVersion < Int32(EntryRecord.latestGoal) else { return false }
        records.append(EntryRecord(word: UInt32(day) | UInt32(unitVersion) << 24 | UInt32(goalVersion) << 28,
                                   place: UInt32(habit) | UInt32(source.file) << 24, line: UInt32(source.line), payload: thousandths))
        return true
    }

    mutating func reserveCapacity(_ minimumCapacity: Int) {
        records.reserveCapacity(minimumCapacity)
    }
}

/// One entry packed into 16 bytes (see `EntryList`).
///
/// `word`: days since `CivilDate.minimum` (22 bits), kind (2: narrow units,
/// state, wide units, spilled), unit version (4), goal version (4, all ones
/// for "latest"). `place`: habit index (24 bits), file index (8).
/// `payload`: the amount in thousandths (narrow), the check state, or an
/// index into `EntryList.wide` or `EntryList.spilled`.
struct EntryRecord: Hashable, Sendable {
    var word: UInt32
    var place: UInt32
    var line: UInt32
    var payload: Int32

    static let narrowKind: UInt32 = 0
    static let stateKind: UInt32 = 1
    static let wideKind: UInt32 = 2
    static let spilledKind: UInt32 = 3
    static let dayBase = CivilDate.minimum.dayNumber
    static let dayLimit: Int32 = 1 << 22
    static let versionLimit: Int32 = 15
    static let latestGoal: UInt32 = 15
    static let habitLimit: Int32 = 1 << 24
    static let fileLimit: Int32 = 1 << 8
    /// Billionths per thousandth: a narrow amount is a whole number of these.
    static let narrowUnit: Int128 = 1_000_000

    var kind: UInt32 { word >> 22 & 3 }
    var date: CivilDate { CivilDate(dayNumber: Int32(word & 0x3F_FFFF) + EntryRecord.dayBase) }
    var habit: Int32 { Int32(place & 0xFF_FFFF) }

    static func state(_ code: UInt32) -> CheckState {
        switch code { case 0: .yes; case 1: .kinda; case 2: .no; default: .skip }
    }

    static func stateCode(_ state: CheckState) -> Int32 {
        switch state { case .yes: 0; case .kinda: 1; case .no: 2; case .skip: 3 }
    }
}

extension EntryRecord {
    /// Packs everything of `entry` but a units value (`setNarrow`/`setWide`
    /// store that), or nil when it does not fit.
    init?(_ entry: Entry) {
        let day = entry.date.dayNumber &- EntryRecord.dayBase
        guard entry.task < 0, day >= 0, day < EntryRecord.dayLimit,
              entry.habit >= 0, entry.habit < EntryRecord.habitLimit,
              entry.source.file >= 0, entry.source.file < EntryRecord.fileLimit, entry.source.line >= 0,
              entry.unitVersion >= 0, entry.unitVersion <= EntryRecord.versionLimit,
              entry.goalVersion >= 0, entry.goalVersion == .max || entry.goalVersion < Int32(EntryRecord.latestGoal)
        else { return nil }
        let goal = entry.goalVersion == .max ? EntryRecord.latestGoal : UInt32(entry.goalVersion)
        word = UInt32(day) | UInt32(entry.unitVersion) << 24 | goal << 28
        place = UInt32(entry.habit) | UInt32(entry.source.file) << 24
        line = UInt32(entry.source.line)
        payload = 0
        if case .state(let state) = entry.value {
            word |= EntryRecord.stateKind << 22
            payload = EntryRecord.stateCode(state)
        }
    }

    /// Stores `amount` in the record when it is a whole number of
    /// thousandths that fits 32 bits; false otherwise.
    mutating func setNarrow(_ amount: Amount) -> Bool {
        // In 64 bits: a 128-bit division is a library call, on every entry.
        guard let billionths = Int64(exactly: amount.billionths) else { return false }
        let (q, r) = billionths.quotientAndRemainder(dividingBy: Int64(EntryRecord.narrowUnit))
        guard r == 0, let thousandths = Int32(exactly: q) else { return false }
        payload = thousandths
        return true
    }

    mutating func setWide(index: Int) {
        word = word & ~(3 << 22) | EntryRecord.wideKind << 22
        payload = Int32(truncatingIfNeeded: index)
    }

    /// The value of a narrow or state record.
    var value: EntryValue {
        kind == EntryRecord.stateKind
            ? .state(EntryRecord.state(UInt32(payload)))
            : .units(Amount(billionths: Int128(payload) * EntryRecord.narrowUnit))
    }

    /// The entry of a record that is not spilled, with its value.
    func entry(value: EntryValue) -> Entry {
        let goal = word >> 28
        return Entry(date: date, habit: habit,
                     unitVersion: Int32(word >> 24 & 15),
                     goalVersion: goal == EntryRecord.latestGoal ? .max : Int32(goal),
                     value: value, source: LineReference(file: Int32(place >> 24), line: Int32(line)))
    }
}
