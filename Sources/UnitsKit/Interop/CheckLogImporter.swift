/// Reads the log files of two yes/no command-line trackers; every habit
/// becomes a check habit, `y`/`n`/`s` become `yes`/`no`/`skip`.
///
/// - harsh (`~/.config/harsh/log`): `2025-12-01 : Meditate : y : a note : 25`,
///   `#` comment lines (see `parseHarsh`).
/// - habitctl (`~/.habitctl/log`): `2025-12-01<TAB>Meditate<TAB>y`.
enum CheckLogImporter {
    /// harsh's log (`internal/storage/log.go` in wakatara/harsh) splits each
    /// line on ` : ` into `DATE : HABIT : RESULT : COMMENT : AMOUNT`, the last
    /// two optional. A habit whose log holds any non-zero amount becomes a
    /// count habit and each line's amount is its value (`s` writes 0 with a
    /// `#skip` tag); every other habit is a check habit (`y`/`n`/`s`).
    /// Comments become notes.
    static func parseHarsh(_ bytes: [UInt8], path: String, existing: Journal) -> ImportResult {
        var builder = ImportBuilder(existing: existing)
        var rows: [(number: Int, date: CivilDate, habit: String, result: String, note: String, amount: Amount)] = []
        var counted: Set<String> = []
        for (k, raw) in lines(bytes).enumerated() {
            let number = k + 1
            if trim(raw[...]).isEmpty || raw.hasPrefix("#") { continue }
            let parts = split(raw, on: " : ")
            guard parts.count >= 3 && parts.count <= 5 else {
                builder.problem(number, "expected `DATE : Habit : y|n|s : comment : amount`"); continue
            }
            guard let date = JournalText.date(trim(parts[0][...])) else {
                builder.problem(number, "expected a date YYYY-MM-DD, got '\(parts[0])'"); continue
            }
            let habit = trim(parts[1][...])
            guard !habit.isEmpty else { builder.problem(number, "the habit name is empty"); continue }
            let result = trim(parts[2][...])
            guard ["y", "n", "s"].contains(result) else {
                builder.problem(number, "expected y, n or s for '\(habit)', got '\(result)'"); continue
            }
            var amount = Amount.zero
            if parts.count == 5, !trim(parts[4][...]).isEmpty {
                guard let value = JournalText.amount(trim(parts[4][...])) else {
                    builder.problem(number, "expected a number as the amount, got '\(parts[4])'"); continue
                }
                amount = value
            }
            if amount != .zero { counted.insert(habit) }
            rows.append((number, date, habit, result, parts.count > 3 ? trim(parts[3][...]) : "", amount))
        }
        for row in rows {
            let note = row.note.isEmpty ? nil : row.note
            if counted.contains(row.habit) {
                guard let name = builder.habit(row.habit, kind: .count, on: row.date, line: row.number) else { continue }
                builder.entry(row.date, name, row.amount.description, tags: row.result == "s" ? ["skip"] : [], note: note)
            } else {
                let state: CheckState = row.result == "y" ? .yes : row.result == "n" ? .no : .skip
                guard let name = builder.habit(row.habit, kind: .check, on: row.date, line: row.number) else { continue }
                builder.entry(row.date, name, state.rawValue, note: note)
            }
        }
        return builder.result(source: path)
    }

    static func parseHabitctl(_ bytes: [UInt8], path: String, existing: Journal) -> ImportResult {
        parse(bytes, path: path, existing: existing) { line in
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false).map { trim($0) }
            guard parts.count == 3 else { return .bad("expected `DATE<TAB>Habit<TAB>y|n|s`") }
            return .fields(date: parts[0], habit: parts[1], result: parts[2], note: nil)
        }
    }

    enum Line {
        case skip
        case bad(String)
        case fields(date: String, habit: String, result: String, note: String?)
    }

    private static func parse(_ bytes: [UInt8], path: String, existing: Journal, split: (String) -> Line) -> ImportResult {
        var builder = ImportBuilder(existing: existing)
        for (k, raw) in lines(bytes).enumerated() {
            let number = k + 1
            let text = trim(raw[...])
            if text.isEmpty { continue }
            switch split(text) {
            case .skip: continue
            case .bad(let message): builder.problem(number, message)
            case .fields(let dateText, let habit, let result, let note):
                guard let date = JournalText.date(dateText) else {
                    builder.problem(number, "expected a date YYYY-MM-DD, got '\(dateText)'"); continue
                }
                guard !habit.isEmpty else { builder.problem(number, "the habit name is empty"); continue }
                let state: CheckState
                switch result.lowercased() {
                case "y": state = .yes
                case "n": state = .no
                case "s": state = .skip
                default: builder.problem(number, "expected y, n or s for '\(habit)', got '\(result)'"); continue
                }
                guard let name = builder.habit(habit, kind: .check, on: date, line: number) else { continue }
                builder.entry(date, name, state.rawValue, note: note)
            }
        }
        return builder.result(source: path)
    }

    /// `text` cut at every occurrence of `separator` (Go's strings.Split).
    static func split(_ text: String, on separator: String) -> [String] {
        var parts: [String] = []
        var rest = Substring(text)
        while let range = rest.firstRange(of: separator) {
            parts.append(String(rest[..<range.lowerBound]))
            rest = rest[range.upperBound...]
        }
        parts.append(String(rest))
        return parts
    }

    static func trim(_ text: Substring) -> String {
        String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }

    /// The lines of a text file (LF or CR LF), decoded as UTF-8.
    static func lines(_ bytes: [UInt8]) -> [String] {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        var result = body.split(separator: 0x0A, omittingEmptySubsequences: false).map { line -> String in
            String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self)
        }
        if result.last == "" { result.removeLast() }
        return result
    }
}
