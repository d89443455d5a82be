/// Reads habitctl's log (harsh has its own reader, `HarshImporter`);
/// every habit becomes a check habit, `y`/`n`/`s` become `yes`/`no`/`skip`.
/// Also the line helpers the other importers share.
///
/// - habitctl (`~/.habitctl/log`): `2025-12-01<TAB>Meditate<TAB>y`.
enum CheckLogImporter {
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
