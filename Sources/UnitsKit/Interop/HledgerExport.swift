/// `units export --timedot` and `--ledger`: the journal for hledger, one
/// account per habit and one amount per habit and day (Grammar/export.md,
/// "hledger"), the same totals `units export --csv` gives.
public struct HledgerExport {
    public let journal: Journal

    public init(_ journal: Journal) { self.journal = journal }

    /// Per day, per habit (in declaration order), the day's amount.
    public func dailyAmounts() -> [(date: CivilDate, amounts: [(habit: String, amount: Amount)])] {
        var sums: [CivilDate: [Int: Amount]] = [:]
        var states: [CivilDate: [Int: CheckState]] = [:]
        for entry in journal.entries {
            let id = Int(entry.habit)
            if journal.habits[id].kind == .check {
                states[entry.date, default: [:]][id] = journal.checkState(of: entry)
            } else {
                sums[entry.date, default: [:]][id, default: .zero] += entry.units
            }
        }
        let half = Amount(billionths: Amount.scale / 2)
        let dates = Set(sums.keys).union(states.keys).sorted()
        return dates.map { date in
            var amounts: [(Int, Amount)] = sums[date].map { Array($0) } ?? []
            for (id, state) in states[date] ?? [:] {
                switch state {
                case .yes: amounts.append((id, Amount(1)))
                case .kinda: amounts.append((id, half))
                case .no: amounts.append((id, .zero))
                case .skip: continue
                }
            }
            amounts.sort { $0.0 < $1.0 }
            return (date, amounts.map { (journal.habits[$0.0].name, $0.1) })
        }
    }

    /// hledger timedot: a date line, then `habit  amount` lines.
    public func timedot() -> String {
        text("; units export --timedot", day: { "\($0)" }, posting: { "\($0)  \($1)" })
    }

    /// hledger/Ledger journal: a transaction a day, a virtual (unbalanced) posting a habit.
    public func ledger() -> String {
        text("; units export --ledger", day: { "\($0) habits" }, posting: { "    (\($0))  \($1)" })
    }

    /// The header line, then per day with amounts its line, its postings and a blank line.
    func text(_ header: String, day: (CivilDate) -> String, posting: (String, Amount) -> String) -> String {
        var out = header + "\n"
        for entry in dailyAmounts() where !entry.amounts.isEmpty {
            out += day(entry.date) + "\n"
            for (habit, amount) in entry.amounts { out += posting(habit, amount) + "\n" }
            out += "\n"
        }
        return out
    }
}
