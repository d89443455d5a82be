/// Reads the CSV `units export --csv` writes, columns by header name (a
/// spreadsheet may reorder or drop optional ones); a change of the `unit`
/// column becomes a `unit` line.
enum UnitsCSVImporter {
    static func parse(_ bytes: [UInt8], path: String, existing: Journal) -> ImportResult {
        var builder = ImportBuilder(existing: existing)
        let rows: [CSV.Row]
        do { rows = try CSV.parse(bytes) } catch {
            builder.problem(error.line, error.message)
            return builder.result(source: path)
        }
        guard let header = rows.first else { return builder.result(source: path) }
        let columns = Dictionary(header.fields.enumerated().map { ($1.lowercased(), $0) }, uniquingKeysWith: { a, _ in a })
        for required in ["date", "habit"] where columns[required] == nil {
            builder.problem(header.line, "expected a header with a '\(required)' column (the columns of `units export --csv`)")
            return builder.result(source: path)
        }
        // A habit is a check habit if any row has a state.
        var checkHabits: Set<String> = []
        for row in rows.dropFirst() {
            if let i = columns["state"], i < row.fields.count, !row.fields[i].isEmpty, let h = columns["habit"], h < row.fields.count {
                checkHabits.insert(CSV.unneutralized(row.fields[h]))
            }
        }
        var lastUnit: [String: String] = [:]
        let dateColumn = columns["date"], habitColumn = columns["habit"], stateColumn = columns["state"], valueColumn = columns["value"]
        let unitColumn = columns["unit"], measureColumn = columns["measure"], groupColumn = columns["group"]
        let tagsColumn = columns["tags"], noteColumn = columns["note"]
        for row in rows.dropFirst() {
            func field(_ column: Int?) -> String {
                guard let i = column, i < row.fields.count else { return "" }
                return CSV.unneutralized(row.fields[i])   // undo the export's formula guard
            }
            guard let date = JournalText.date(field(dateColumn)) else {
                builder.problem(row.line, "expected a date YYYY-MM-DD in the 'date' column, got '\(field(dateColumn))'"); continue
            }
            let foreign = field(habitColumn)
            guard !foreign.isEmpty else { builder.problem(row.line, "the 'habit' column is empty"); continue }
            let isCheck = checkHabits.contains(foreign)
            let value: String
            if isCheck {
                guard let state = CheckState(rawValue: field(stateColumn)) else {
                    builder.problem(row.line, "expected a state (yes, kinda, no, skip) for check habit '\(foreign)', got '\(field(stateColumn))'"); continue
                }
                value = state.rawValue
            } else {
                guard let amount = JournalText.amount(field(valueColumn)) else {
                    builder.problem(row.line, "expected a number in the 'value' column, got '\(field(valueColumn))'"); continue
                }
                value = amount.description
            }
            let unit = field(unitColumn)
            let isBuiltIn = foreign == Journal.generalHabitName
            let name: String?
            if isBuiltIn { name = foreign } else {
                name = builder.habit(foreign, kind: isCheck ? .check : .count, on: date, line: row.line,
                                     unit: isCheck || unit.isEmpty ? nil : JournalText.name(from: unit),
                                     // Only a habit's first row declares it (and its size).
                                     size: isCheck || builder.journalName(foreign) != nil ? nil : size(value: field(valueColumn), measure: field(measureColumn)),
                                     group: field(groupColumn).isEmpty ? nil : field(groupColumn))
            }
            guard let name else { continue }
            if !isCheck, !unit.isEmpty, !isBuiltIn {
                if let previous = lastUnit[name], previous != unit {
                    var change = "\(date) unit \(name) \(JournalText.name(from: unit))"
                    if let size = size(value: field(valueColumn), measure: field(measureColumn)) { change += " = " + size }
                    builder.line(date, change)
                }
                lastUnit[name] = unit
            }
            let tags = field(tagsColumn).split(separator: " ").map { String($0.drop { $0 == "#" }) }
            builder.entry(date, name, value, tags: tags, note: field(noteColumn))
        }
        return builder.result(source: path)
    }

    /// `0.25 miles` from a row with value 4 and measure `1 miles`, when it
    /// can be told (a non-zero value); nil otherwise.
    private static func size(value: String, measure: String) -> String? {
        let parts = measure.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, let units = JournalText.amount(value), !units.isZero,
              let total = JournalText.amount(parts[0]) else { return nil }
        return "\(total.divided(by: units)) \(parts[1])"
    }
}
