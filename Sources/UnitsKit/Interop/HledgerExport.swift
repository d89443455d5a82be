/// `units export --timedot` and `--ledger`: the journal for hledger
/// (`hledger bal`, `hledger reg`, `hledger-web`). One account per habit,
/// named as the habit; one amount per habit and day, the same total
/// `units export --csv` gives:
///
/// - a count habit: the day's units added up (corrections included), a
///   plain number (hledger's timedot reads numbers as hours; the numbers
///   are the habit's units);
/// - a check habit: the day's standing state as 1 (yes), 0.5 (kinda) or
///   0 (no); a skipped day is left out.
///
/// Days are in date order, habits in declaration order. `units import
/// --from timedot` of the timedot output gives back the same per-habit,
/// per-day totals.
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
        var out = "; units export --timedot\n"
        for day in dailyAmounts() where !day.amounts.isEmpty {
            out += "\(day.date)\n"
            for (habit, amount) in day.amounts { out += "\(habit)  \(amount)\n" }
            out += "\n"
        }
        return out
    }

    /// hledger/Ledger journal: one transaction a day with an unbalanced
    /// (virtual, in parentheses) posting per habit, so no balancing account
    /// is needed.
    public func ledger() -> String {
        var out = "; units export --ledger\n"
        for day in dailyAmounts() where !day.amounts.isEmpty {
            out += "\(day.date) habits\n"
            for (habit, amount) in day.amounts { out += "    (\(habit))  \(amount)\n" }
            out += "\n"
        }
        return out
    }
}
