import UnitsKit

/// `units export --csv` built field by field with `CSVWriter.row`: the readable
/// definition of each column (Grammar/export.md), to test the export against.
public struct ExportCSVOracle {
    public let journal: Journal

    public init(_ journal: Journal) { self.journal = journal }

    /// One entry as CSV fields, in `JournalExport.csvColumns` order.
    public func fields(_ entry: Entry) -> [String] {
        let habit = journal.habits[Int(entry.habit)]
        let unit = habit.units.indices.contains(Int(entry.unitVersion)) ? habit.units[Int(entry.unitVersion)] : habit.currentUnit
        var value = "", unitName = "", measure = "", state = ""
        if case .units(let amount) = entry.value {
            value = amount.description
            // A check habit's number is compared with goal/min; it has no unit.
            if habit.kind == .count {
                unitName = unit.name
                measure = "\(WideAmount(amount, times: unit.size)) \(unit.measure ?? unit.name)"
            }
        }
        if habit.kind == .check { state = journal.checkState(of: entry).rawValue }
        let (tree, _) = journal.line(entry.source)
        return [
            entry.date.description,
            habit.name,
            habit.group.map { journal.habits[$0].name } ?? "",
            value,
            unitName,
            measure,
            state,
            journal.tags(of: entry).map { "#" + $0 }.joined(separator: " "),
            journal.note(of: entry) ?? "",
            tree.file.path,
            String(entry.source.line + 1),
        ]
    }

    /// The whole file: header and one row per entry, in file order.
    public func csv(guardFormulas: Bool = true) -> String {
        var writer = CSVWriter(guardFormulas: guardFormulas)
        writer.row(JournalExport.csvColumns)
        for entry in journal.entries { writer.row(fields(entry)) }
        return writer.finish()
    }
}
