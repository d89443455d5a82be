/// `units entries`: the register (hledger's `register`): one row per entry
/// the period and the query select, in date order (file order within a day).
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
    public var rows: LazyMapCollection<[Int32], Row> {
        picked.lazy.map { [journal] in EntriesReport.row(journal.entries[Int($0)], in: journal) }
    }
    let journal: Journal
    /// Indices into `journal.entries`, in register order.
    let picked: [Int32]
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
        self.journal = journal
        self.picked = Array(entries.inDateOrder(picked[...]))
        period = context.period
        self.query = query
    }

    /// The number and unit name of an entry of a count habit, else nil.
    static func counted(_ entry: Entry, _ habit: Habit) -> (amount: Amount, unit: String)? {
        guard case .units(let value) = entry.value, habit.kind == .count else { return nil }
        let unit = habit.units.indices.contains(Int(entry.unitVersion)) ? habit.units[Int(entry.unitVersion)].name : habit.currentUnit.name
        return (value, unit)
    }

    static func row(_ entry: Entry, in journal: Journal) -> Row {
        let habit = journal.habits[Int(entry.habit)]
        var amount: Amount?, unit: String?, state: String?
        if case .units(let value) = entry.value { amount = value }
        unit = counted(entry, habit)?.unit
        if habit.kind == .check { state = journal.checkState(of: entry).rawValue }
        return Row(date: entry.date, habit: habit.name, amount: amount, unit: unit, state: state,
                   tags: journal.tags(of: entry), note: journal.note(of: entry),
                   task: entry.isFromTask ? journal.tasks[Int(entry.task)].title : nil,
                   file: journal.files[Int(entry.source.file)].file.path, line: Int(entry.source.line) + 1)
    }

    /// The total of the count rows per habit and unit, in first-seen
    /// order (a unit renamed mid-period gives two totals).
    public var totals: [(habit: String, unit: String, amount: Amount)] {
        var totals: [(habit: String, unit: String, amount: Amount)] = []
        var slots: [Int32: [String: Int]] = [:]
        for index in picked {
            let entry = journal.entries[Int(index)], habit = journal.habits[Int(entry.habit)]
            guard let (amount, unit) = Self.counted(entry, habit) else { continue }
            if let k = slots[entry.habit]?[unit] { totals[k].amount += amount; continue }
            slots[entry.habit, default: [:]][unit] = totals.count
            totals.append((habit.name, unit, amount))
        }
        return totals
    }
}
