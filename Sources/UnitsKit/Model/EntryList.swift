/// A journal's entries, in file order, stored compactly: 24 bytes each
/// instead of the 48 of an `Entry` (whose 128-bit `Amount` alone forces
/// 16-byte alignment). A million-entry journal keeps 24 MB of entries, not
/// 48, and a report walks half the memory.
///
/// Reading an element gives back the very `Entry` that was appended: the
/// common entry (a value that fits 64 bits, a root or early included file,
/// a few unit and goal versions, not from a task) is packed into one
/// `EntryRecord`; any other is kept whole in a side array the record points
/// to, so nothing is ever rounded or lost.
public struct EntryList: RandomAccessCollection, Hashable, Sendable {
    var records: [EntryRecord] = []
    /// Entries that do not pack, in order; a record of kind `spilled` holds an index here.
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
        let record = records[position]
        if record.kind == EntryRecord.spilledKind { return spilled[Int(record.payload)] }
        return record.entry
    }

    /// The date of the entry at `position`, without building the entry.
    public func date(at position: Int) -> CivilDate { CivilDate(dayNumber: records[position].day) }

    /// The habit index of the entry at `position`, without building the entry.
    public func habit(at position: Int) -> Int32 { records[position].habit }

    mutating func append(_ entry: Entry) {
        if let record = EntryRecord(entry) {
            records.append(record)
        } else {
            records.append(EntryRecord(spilling: entry, at: spilled.count))
            spilled.append(entry)
        }
    }

    mutating func reserveCapacity(_ minimumCapacity: Int) {
        records.reserveCapacity(minimumCapacity)
    }
}

/// One entry packed into 24 bytes (see `EntryList`).
///
/// `bits`: kind (2 bits: units, state, spilled), check state (2), file
/// index (10), unit version (9), goal version (9, all ones for "latest").
/// `payload`: the amount in billionths, or for a spilled entry its index in
/// `EntryList.spilled`.
struct EntryRecord: Hashable, Sendable {
    var day: Int32
    var habit: Int32
    var line: Int32
    var bits: UInt32
    var payload: Int64

    static let unitsKind: UInt32 = 0
    static let stateKind: UInt32 = 1
    static let spilledKind: UInt32 = 2
    static let fileLimit: Int32 = 1 << 10
    static let versionMask: UInt32 = (1 << 9) - 1
    /// The goal version meaning "the latest" (`Int32.max`).
    static let latestGoal: UInt32 = versionMask

    var kind: UInt32 { bits & 3 }

    /// Packs `entry`, or nil when it does not fit.
    init?(_ entry: Entry) {
        guard entry.task < 0,
              entry.source.file >= 0, entry.source.file < EntryRecord.fileLimit,
              entry.unitVersion >= 0, entry.unitVersion < Int32(EntryRecord.versionMask),
              entry.goalVersion >= 0, entry.goalVersion == .max || entry.goalVersion < Int32(EntryRecord.latestGoal)
        else { return nil }
        var bits = UInt32(entry.source.file) << 4 | UInt32(entry.unitVersion) << 14
        bits |= (entry.goalVersion == .max ? EntryRecord.latestGoal : UInt32(entry.goalVersion)) << 23
        switch entry.value {
        case .units(let amount):
            guard let billionths = Int64(exactly: amount.billionths) else { return nil }
            payload = billionths
            bits |= EntryRecord.unitsKind
        case .state(let state):
            payload = 0
            bits |= EntryRecord.stateKind | UInt32(EntryRecord.stateCode(state)) << 2
        }
        day = entry.date.dayNumber
        habit = entry.habit
        line = entry.source.line
        self.bits = bits
    }

    /// A record pointing at `spilled[index]` (day and habit kept for quick reads).
    init(spilling entry: Entry, at index: Int) {
        day = entry.date.dayNumber
        habit = entry.habit
        line = entry.source.line
        bits = EntryRecord.spilledKind
        payload = Int64(index)
    }

    /// The entry of a packed (not spilled) record.
    var entry: Entry {
        let value: EntryValue = kind == EntryRecord.stateKind
            ? .state(EntryRecord.state(bits >> 2 & 3))
            : .units(Amount(billionths: Int128(payload)))
        let goal = bits >> 23 & EntryRecord.versionMask
        return Entry(date: CivilDate(dayNumber: day), habit: habit,
                     unitVersion: Int32(bits >> 14 & EntryRecord.versionMask),
                     goalVersion: goal == EntryRecord.latestGoal ? .max : Int32(goal),
                     value: value, source: LineReference(file: Int32(bits >> 4 & 0x3FF), line: line))
    }

    static func state(_ code: UInt32) -> CheckState {
        switch code { case 0: .yes; case 1: .kinda; case 2: .no; default: .skip }
    }

    static func stateCode(_ state: CheckState) -> UInt32 {
        switch state { case .yes: 0; case .kinda: 1; case .no: 2; case .skip: 3 }
    }
}
