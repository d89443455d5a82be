/// Reads Loop Habit Tracker's CSV export. `Checkmarks.csv` at the top of
/// the export has a `Date` column and one column per habit; the per-habit
/// `NNN Name/Checkmarks.csv` has rows `DATE,VALUE` and no header, and the
/// habit is named after its folder.
///
/// Values: 2 (done) → yes, 0 (not done) → no, 3 (skipped) → skip, 1 (done
/// automatically: the habit's frequency was already met, so the day was not
/// expected) → skip, -1 or empty (no data) → no line. A column holding any
/// other number is a numerical habit: Loop stores those times 1000, so the
/// value is divided by 1000 and the habit is a count habit.
enum LoopImporter {
    static func parse(_ bytes: [UInt8], path: String, existing: Journal) -> ImportResult {
        var builder = ImportBuilder(existing: existing)
        let rows: [CSV.Row]
        do { rows = try CSV.parse(bytes) } catch {
            builder.problem(error.line, error.message)
            return builder.result(source: path)
        }
        guard let first = rows.first else { return builder.result(source: path) }
        var habits: [String]
        var dataRows = rows[...]
        if JournalText.date(first.fields[0]) == nil {
            // Header: Date,Habit A,Habit B,  (Loop ends rows with a comma)
            habits = Array(first.fields.dropFirst())
            dataRows = rows.dropFirst()
        } else {
            habits = [habitName(fromPath: path)]
        }
        while let last = habits.last, last.isEmpty { habits.removeLast() }
        // A column is numerical when it holds anything but the check codes.
        var numeric = Array(repeating: false, count: habits.count)
        for row in dataRows {
            for (k, field) in row.fields.dropFirst().prefix(habits.count).enumerated() where !["", "-1", "0", "1", "2", "3"].contains(field) {
                numeric[k] = true
            }
        }
        for row in dataRows {
            guard let date = JournalText.date(row.fields[0]) else {
                builder.problem(row.line, "expected a date YYYY-MM-DD in the first column, got '\(row.fields[0])'"); continue
            }
            if row.fields.count - 1 > habits.count, row.fields[(habits.count + 1)...].contains(where: { !$0.isEmpty }) {
                builder.problem(row.line, "more values than habit columns in the header")
            }
            for (k, field) in row.fields.dropFirst().prefix(habits.count).enumerated() {
                if field.isEmpty || field == "-1" { continue }
                if numeric[k] {
                    guard let raw = JournalText.amount(field) else {
                        builder.problem(row.line, "expected a number for '\(habits[k])', got '\(field)'"); continue
                    }
                    let value = field.contains(".") ? raw : raw.divided(by: 1000)
                    guard let name = builder.habit(habits[k], kind: .count, on: date, line: row.line) else { continue }
                    builder.entry(date, name, value.description)
                } else {
                    let state: CheckState
                    switch field {
                    case "2": state = .yes
                    case "0": state = .no
                    default: state = .skip   // 1 (met by frequency) and 3 (skipped)
                    }
                    guard let name = builder.habit(habits[k], kind: .check, on: date, line: row.line) else { continue }
                    builder.entry(date, name, state.rawValue)
                }
            }
        }
        return builder.result(source: path)
    }

    /// `Meditate` from `.../001 Meditate/Checkmarks.csv`.
    static func habitName(fromPath path: String) -> String {
        let parts = path.split(separator: "/")
        guard parts.count >= 2 else { return "Imported" }
        let folder = parts[parts.count - 2]
        let name = folder.drop { $0.isNumber }.drop { $0 == " " }
        return name.isEmpty ? String(folder) : String(name)
    }
}
