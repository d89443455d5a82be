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

    public var rows: [Row]
    public var period: Period
    public var query: [String]

    public init(_ context: ReportContext, query: [String] = []) {
        let journal = context.journal
        let selected = context.filter.habitMask(journal)
        var picked: [(index: Int, entry: Entry)] = []
        for (index, entry) in journal.entries.enumerated()
        where selected[Int(entry.habit)] && context.period.contains(entry.date) && context.filter.matches(entry: entry, in: journal) {
            picked.append((index, entry))
        }
        // Date order; entries of one day keep the order they were written in.
        picked.sort { $0.entry.date != $1.entry.date ? $0.entry.date < $1.entry.date : $0.index < $1.index }
        rows = picked.map { EntriesReport.row($0.entry, in: journal) }
        period = context.period
        self.query = query
    }

    static func row(_ entry: Entry, in journal: Journal) -> Row {
        let habit = journal.habits[Int(entry.habit)]
        var amount: Amount?, unit: String?, state: String?
        if case .units(let value) = entry.value {
            amount = value
            if habit.kind == .count {
                unit = habit.units.indices.contains(Int(entry.unitVersion)) ? habit.units[Int(entry.unitVersion)].name : habit.currentUnit.name
            }
        }
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
        struct Key: Hashable { var habit: String; var unit: String }
        var order: [Key] = [], sums: [Key: Amount] = [:]
        for row in rows {
            guard let unit = row.unit, let amount = row.amount else { continue }
            let key = Key(habit: row.habit, unit: unit)
            if sums[key] == nil { order.append(key) }
            sums[key, default: .zero] += amount
        }
        return order.map { ($0.habit, $0.unit, sums[$0]!) }
    }
}
