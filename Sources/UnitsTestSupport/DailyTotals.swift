import UnitsKit

/// What a journal says per habit and day, as round-trip tests compare it:
/// the sum of a count habit's units, a check habit's standing state, by "NAME DATE".
public enum DailyTotals {
    public static func of(_ journal: Journal) -> [String: String] {
        var sums: [String: Amount] = [:]
        var states: [String: String] = [:]
        for entry in journal.entries {
            let habit = journal.habits[Int(entry.habit)]
            let key = "\(habit.name) \(entry.date)"
            if habit.kind == .check { states[key] = journal.checkState(of: entry).rawValue } else { sums[key, default: .zero] += entry.units }
        }
        return states.merging(sums.mapValues(\.description)) { a, _ in a }
    }
}
