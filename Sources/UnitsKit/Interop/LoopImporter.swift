/// Reads Loop Habit Tracker's CSV export (`HabitsCSVExporter.kt` in
/// iSoron/uhabits): `Habits.csv` (`LoopHabits`), then each
/// `NNN Name/Checkmarks.csv` (`Date,Value,Notes`) or the all-habits
/// `Checkmarks.csv` (`Date,Habit A,Habit B,`), newest day first; older
/// exports have no header. What each value writes is Grammar/export.md.
enum LoopImporter {
    static func parse(_ files: [ImportFile], source: String, existing: Journal, today: CivilDate) -> ImportResult {
        var builder = ImportBuilder(existing: existing)
        var positions: [Int: String] = [:]
        builder.read(files, list: "Habits.csv", { LoopHabits.read($0.bytes, into: &$1, positions: &positions) },
                     { readCheckmarks($0.bytes, path: $0.path, positions: positions, into: &$1) })
        builder.declareDefined(on: builder.earliestDate ?? today)
        builder.archiveDefined()
        return builder.result(source: source)
    }

    static func readCheckmarks(_ bytes: [UInt8], path: String, positions: [Int: String], into builder: inout ImportBuilder) {
        let table: CSV.Table
        do { table = try CSV.table(bytes) } catch {
            builder.problem(error.line, error.message); return
        }
        guard table.rowCount > 0 else { return }
        var habits: [String]
        var dataRows = 0..<table.rowCount
        var noteColumn: Int?
        let header = (0..<table.fieldCount(0)).map { table.string(0, $0) }
        if JournalText.date(header[0]) == nil {
            dataRows = 1..<table.rowCount
            if header.count >= 2, header[0] == "Date", header[1] == "Value" {
                // One habit's file: Date,Value,Notes
                habits = [habitName(fromPath: path, positions: positions)]
                if header.count > 2, header[2] == "Notes" { noteColumn = 2 }
            } else {
                // All habits: Date,Habit A,Habit B,  (Loop ends rows with a comma)
                habits = Array(header.dropFirst())
            }
        } else {
            habits = [habitName(fromPath: path, positions: positions)]
        }
        while let last = habits.last, last.isEmpty { habits.removeLast() }
        // Numerical when Habits.csv says so, or when it holds more than check codes.
        var numeric = habits.map { builder.definedKind($0).map { $0 == .count } }
        for row in dataRows {
            let columns = min(table.fieldCount(row) - 1, habits.count)
            for k in 0..<max(columns, 0) where numeric[k] == nil && code(table.field(row, k + 1)) == nil {
                numeric[k] = true
            }
        }
        // At most a line per value, of about a date, a name and a value.
        builder.reserveCapacity(lines: dataRows.count * habits.count,
                                bytes: dataRows.count * habits.reduce(0) { $0 + $1.utf8.count + 16 })
        var handles = [Int?](repeating: nil, count: habits.count)
        // Loop writes newest day first; the builder sorts by date.
        for row in dataRows {
            let line = table.lines[row]
            let fieldCount = table.fieldCount(row)
            guard case .valid(let date) = DateLexeme.parse(table.field(row, 0)) else {
                builder.problem(line, "expected a date YYYY-MM-DD in the first column, got '\(table.string(row, 0))'"); continue
            }
            let width = noteColumn.map { $0 + 1 } ?? habits.count + 1
            if fieldCount > width, (width..<fieldCount).contains(where: { !table.field(row, $0).isEmpty }) {
                builder.problem(line, "more values than columns in the header")
            }
            let note = noteColumn.flatMap { $0 < fieldCount ? table.string(row, $0) : nil }
            /// A day that writes no entry keeps its note as a comment.
            func keepNote(_ k: Int, _ field: String) {
                guard let note, !JournalText.note(note).isEmpty,
                      let name = builder.habit(habits[k], kind: numeric[k] == true ? .count : .check, on: date, line: line) else { return }
                let value = switch field {
                case "YES_AUTO": "YES_AUTO, not a check-in"
                case "1" where numeric[k] != true: "YES_AUTO, not a check-in"
                case "", "-1", "UNKNOWN": "UNKNOWN"
                default: "0"   // a numerical habit's zero
                }
                builder.comment(date, "\(date) \(name) (Loop \(value)): \(note)")
            }
            for k in 0..<max(min(fieldCount - 1, habits.count), 0) {
                let bytes = table.field(row, k + 1)
                if numeric[k] == true {
                    let field = String(decoding: bytes, as: UTF8.self)
                    if ["", "-1", "UNKNOWN", "NO", "YES_AUTO"].contains(field) { keepNote(k, field); continue }
                    let isSkip = field == "SKIP"
                    let number = field == "YES_MANUAL" ? "2" : field
                    guard isSkip || JournalText.amount(number) != nil else {
                        builder.problem(line, "expected a number or YES_MANUAL, YES_AUTO, NO, SKIP, UNKNOWN for '\(habits[k])', got '\(field)'"); continue
                    }
                    let raw = isSkip ? .zero : JournalText.amount(number)!
                    if raw == .zero && !isSkip { keepNote(k, field); continue }
                    let value = number.contains(".") ? raw : raw.divided(by: 1000)
                    guard let name = builder.habit(habits[k], kind: .count, on: date, line: line) else { continue }
                    builder.entry(date, name, value.description, tags: isSkip ? ["skip"] : [], note: note)
                } else {
                    guard let state = code(bytes) else {
                        builder.problem(line, "expected YES_MANUAL, YES_AUTO, NO, SKIP or UNKNOWN for '\(habits[k])', got '\(String(decoding: bytes, as: UTF8.self))'"); continue
                    }
                    // YES_AUTO, UNKNOWN: not a check-in.
                    guard let state else {
                        if note != nil { keepNote(k, String(decoding: bytes, as: UTF8.self)) }
                        continue
                    }
                    if let handle = handles[k] {
                        builder.use(handle, on: date)
                    } else {
                        guard builder.habit(habits[k], kind: .check, on: date, line: line) != nil else { continue }
                        handles[k] = builder.handle(habits[k], kind: .check)
                    }
                    if let handle = handles[k] {
                        builder.entry(date, habit: handle, state.rawValue, note: note)
                    } else if let name = builder.journalName(habits[k]) {
                        builder.entry(date, name, state.rawValue, note: note)
                    }
                }
            }
        }
    }

    /// `code` of a field's bytes.
    static func code(_ field: ArraySlice<UInt8>) -> CheckState?? { code(String(decoding: field, as: UTF8.self)) }

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

    /// The habit of `.../002 Wake up early/Checkmarks.csv`: position 2 of
    /// `Habits.csv`, else the folder's name after the number.
    static func habitName(fromPath path: String, positions: [Int: String] = [:]) -> String {
        let parts = path.split(separator: "/")
        guard parts.count >= 2 else { return "Imported" }
        let folder = parts[parts.count - 2]
        let digits = folder.prefix { $0.isASCII && $0.isNumber }
        if let position = Int(digits), let name = positions[position] { return name }
        let name = folder.dropFirst(digits.count).drop { $0 == " " }
        return name.isEmpty ? String(folder) : String(name)
    }
}
