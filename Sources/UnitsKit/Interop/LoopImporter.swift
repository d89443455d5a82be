/// Reads Loop Habit Tracker's CSV export (`HabitsCSVExporter.kt` in
/// iSoron/uhabits). The export's zip holds:
///
/// - `Checkmarks.csv`: a header `Date,Habit A,Habit B,` (every row ends with
///   a comma), newest day first, one column per habit;
/// - `NNN Name/Checkmarks.csv`: a header `Date,Value,Notes`, one row per
///   known day, the note quoted as RFC 4180; the habit is named after its
///   folder;
/// - older exports: the same files without a header, numeric codes only.
///
/// Values (`Entry.formattedValue`): `YES_MANUAL`/2 → yes, `NO`/0 → no,
/// `SKIP`/3 → skip; `YES_AUTO`/1 (a day Loop filled in because the
/// frequency was already met) and `UNKNOWN`/-1/empty are not check-ins and
/// write no line. A column holding any other number is a numerical habit:
/// Loop stores those times 1000, so the value is divided by 1000 and the
/// habit is a count habit.
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
        var noteColumn: Int?
        if JournalText.date(first.fields[0]) == nil {
            dataRows = rows.dropFirst()
            if first.fields.count >= 2, first.fields[0] == "Date", first.fields[1] == "Value" {
                // One habit's file: Date,Value,Notes
                habits = [habitName(fromPath: path)]
                if first.fields.count > 2, first.fields[2] == "Notes" { noteColumn = 2 }
            } else {
                // All habits: Date,Habit A,Habit B,  (Loop ends rows with a comma)
                habits = Array(first.fields.dropFirst())
            }
        } else {
            habits = [habitName(fromPath: path)]
        }
        while let last = habits.last, last.isEmpty { habits.removeLast() }
        // A column is numerical when it holds anything but the check codes.
        var numeric = Array(repeating: false, count: habits.count)
        for row in dataRows {
            for (k, field) in row.fields.dropFirst().prefix(habits.count).enumerated() where code(field) == nil {
                numeric[k] = true
            }
        }
        // Loop writes newest day first; the builder sorts by date.
        for row in dataRows {
            guard let date = JournalText.date(row.fields[0]) else {
                builder.problem(row.line, "expected a date YYYY-MM-DD in the first column, got '\(row.fields[0])'"); continue
            }
            let width = noteColumn.map { $0 + 1 } ?? habits.count + 1
            if row.fields.count > width, row.fields[width...].contains(where: { !$0.isEmpty }) {
                builder.problem(row.line, "more values than columns in the header")
            }
            let note = noteColumn.flatMap { $0 < row.fields.count ? row.fields[$0] : nil }
            for (k, field) in row.fields.dropFirst().prefix(habits.count).enumerated() {
                if field.isEmpty || field == "-1" || field == "UNKNOWN" { continue }
                if numeric[k] {
                    guard let raw = JournalText.amount(field) else {
                        builder.problem(row.line, "expected a number or YES_MANUAL, YES_AUTO, NO, SKIP, UNKNOWN for '\(habits[k])', got '\(field)'"); continue
                    }
                    let value = field.contains(".") ? raw : raw.divided(by: 1000)
                    guard let name = builder.habit(habits[k], kind: .count, on: date, line: row.line) else { continue }
                    builder.entry(date, name, value.description, note: note)
                } else {
                    guard let state = code(field)! else { continue }   // YES_AUTO: not a check-in
                    guard let name = builder.habit(habits[k], kind: .check, on: date, line: row.line) else { continue }
                    builder.entry(date, name, state.rawValue, note: note)
                }
            }
        }
        return builder.result(source: path)
    }

    /// A check value: `.some(state)`, `.some(nil)` for a value that writes
    /// no line, nil for anything else (a number of a numerical habit).
    static func code(_ field: String) -> CheckState?? {
        switch field {
        case "YES_MANUAL", "2": return .some(.yes)
        case "NO", "0": return .some(.no)
        case "SKIP", "3": return .some(.skip)
        case "YES_AUTO", "1", "UNKNOWN", "-1", "": return .some(nil)
        default: return nil
        }
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
