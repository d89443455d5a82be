/// `units entries`: the register (hledger's `register`, ledger's `reg`): one
/// row per entry the period and the query select, in date order (file order
/// within a day). "What did I log this week with tag:park?"
///
/// One computation behind the text, JSON and CSV renderings
/// (`Render/EntriesRender.swift`).
public struct EntriesReport: Sendable {
    /// One entry, as the register shows it.
    public struct Row: Sendable, Equatable {
        public var date: CivilDate
        public var habit: String
        /// The number logged (count habits; a check habit's number), or nil.
        public var amount: Amount?
        /// The unit's singular name in force on that date (count habits), or nil.
        public var unit: String?
        /// A check-in's state (`yes`, `kinda`, `no`, `skip`), or nil.
        public var state: String?
        public var tags: [String]
        public var note: String?
        /// The task the entry came from (`task done`), if any.
        public var task: String?
        public var file: String
        /// 1-based line number.
        public var line: Int
    }

    /// The selected entries in register order, each made into a `Row` when
    /// read: a long register's rows are never all held at once.
    public struct Rows: RandomAccessCollection, Sendable {
        let journal: Journal
        /// Indices into `journal.entries`, in register order.
        let picked: [Int32]
        public var startIndex: Int { 0 }
        public var endIndex: Int { picked.count }
        public subscript(position: Int) -> Row { EntriesReport.row(journal.entries[Int(picked[position])], in: journal) }
    }

    public var rows: Rows
    public var period: Period
    public var query: [String]

    public init(_ context: ReportContext, query: [String] = []) {
        let journal = context.journal
        let selected = context.filter.habitMask(journal)
        var picked: [Int32] = []
        let hasEntryTerms = context.filter.hasEntryTerms
        let entries = journal.entries
        for index in entries.indices {
            let entry = entries[index]
            // Entries dated after today are never counted, in any report (definitions.md).
            guard selected[Int(entry.habit)], entry.date <= context.today, context.period.contains(entry.date) else { continue }
            if hasEntryTerms && !context.filter.matches(entry: entry, in: journal) { continue }
            picked.append(Int32(index))
        }
        // Date order; entries of one day keep the order they were written
        // in (journals are nearly always in date order already).
        if !zip(picked, picked.dropFirst()).allSatisfy({ entries.date(at: Int($0)) <= entries.date(at: Int($1)) }) {
            picked.sort { a, b in
                let x = entries.date(at: Int(a)), y = entries.date(at: Int(b))
                return x != y ? x < y : a < b
            }
        }
        rows = Rows(journal: journal, picked: picked)
        period = context.period
        self.query = query
    }

    /// The number and unit name of an entry of a count habit, else nil.
    static func counted(_ entry: Entry, _ habit: Habit) -> (amount: Amount, unit: String)? {
        guard case .units(let value) = entry.value, habit.kind == .count else { return nil }
        let unit = habit.units.indices.contains(Int(entry.unitVersion)) ? habit.units[Int(entry.unitVersion)].name : habit.currentUnit.name
        return (value, unit)
    }

    /// Whether the entry's line may carry tags or a note (most lines carry
    /// neither): a `Row` is made for the tags and note only then.
    static func mayCarryTagsOrNote(_ entry: Entry, in journal: Journal) -> Bool {
        // In place: `journal.line` would copy the tree (a retain per array in it) per row.
        let file = Int(entry.source.file), line = journal.files[file].lines[Int(entry.source.line)]
        return line.tokenCount > 0 || journal.files[file].mayHaveTagOrComment(line)
    }

    static func row(_ entry: Entry, in journal: Journal) -> Row {
        let habit = journal.habits[Int(entry.habit)]
        var amount: Amount?, unit: String?, state: String?
        if case .units(let value) = entry.value { amount = value }
        unit = counted(entry, habit)?.unit
        if habit.kind == .check { state = journal.checkState(of: entry).rawValue }
        let (tree, _) = journal.line(entry.source)
        return Row(date: entry.date, habit: habit.name, amount: amount, unit: unit, state: state,
                   tags: journal.tags(of: entry), note: journal.note(of: entry),
                   task: entry.isFromTask ? journal.tasks[Int(entry.task)].title : nil,
                   file: tree.file.path, line: Int(entry.source.line) + 1)
    }

    /// The total of the count rows per habit and unit, in first-seen
    /// order (a unit renamed mid-period gives two totals).
    public var totals: [(habit: String, unit: String, amount: Amount)] {
        var all: [(habit: String, unit: String, amount: Amount)] = []
        forEachTotal { all.append(($0, $1, $2)) }
        return all
    }

    /// Calls `body` with each of `totals`, in order, without making the
    /// list (the register's footer and JSON write them one by one).
    public func forEachTotal(_ body: (_ habit: String, _ unit: String, _ amount: Amount) -> Void) {
        // Each habit and unit version is looked up once (no strings per
        // entry); versions of one unit name share a total.
        // A habit by its index: its name is its own (two habits never share
        // one), so the index keys the same totals without hashing the name.
        // Per habit in arrays, not dictionaries (no hashed insert per
        // entry): the total of
        // its version 0 (most habits have one version), and its totals as a
        // short chain, one per unit name.
        let journal = rows.journal
        let habitCount = journal.habits.count
        var order: [(habit: Int32, unit: String)] = [], sums: [Amount] = [], nextOfHabit: [Int32] = []
        var firstOfHabit = [Int32](repeating: -1, count: habitCount)
        var versionZero = [Int32](repeating: -2, count: habitCount)   // -2 not looked up yet, -1 not counted
        var otherVersions: [Int64: Int32] = [:]   // habit and version → total, -1 not counted
        func total(for entry: Entry) -> Int32 {
            guard let (_, unit) = EntriesReport.counted(entry, journal.habits[Int(entry.habit)]) else { return -1 }
            let h = Int(entry.habit)
            var k = firstOfHabit[h]
            while k >= 0 {
                if order[Int(k)].unit == unit { return k }
                k = nextOfHabit[Int(k)]
            }
            let made = Int32(order.count)
            order.append((entry.habit, unit))
            sums.append(.zero)
            nextOfHabit.append(firstOfHabit[h])
            firstOfHabit[h] = made
            return made
        }
        for index in rows.picked {
            let entry = journal.entries[Int(index)]
            guard case .units(let amount) = entry.value else { continue }
            let h = Int(entry.habit)
            let slot: Int32
            if entry.unitVersion == 0 {
                if versionZero[h] == -2 { versionZero[h] = total(for: entry) }
                slot = versionZero[h]
            } else {
                let key = Int64(entry.habit) << 32 | Int64(UInt32(bitPattern: entry.unitVersion))
                if let known = otherVersions[key] { slot = known } else {
                    slot = total(for: entry)
                    otherVersions[key] = slot
                }
            }
            if slot >= 0 { sums[Int(slot)] += amount }
        }
        for k in order.indices { body(journal.habits[Int(order[k].habit)].name, order[k].unit, sums[k]) }
    }
}
