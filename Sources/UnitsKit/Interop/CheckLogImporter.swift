/// Reads habitctl (blinry/habitctl `src/main.rs`); also the line helpers
/// the other importers share. A file named `habits` is the habit list
/// (`N Name`, split at the first space, `#` comment lines), any other the
/// log (`DATE<TAB>HABIT<TAB>VALUE`, an empty line between days); what they
/// write is Grammar/export.md, "habitctl".
enum CheckLogImporter {
    static func parseHabitctl(_ files: [ImportFile], source: String, existing: Journal, today: CivilDate) -> ImportResult {
        var builder = ImportBuilder(existing: existing)
        let many = files.count > 1
        for file in files where file.name == "habits" {
            builder.file = many ? file.path : nil
            readHabitctlHabits(file.bytes, into: &builder)
        }
        for file in files where file.name != "habits" {
            builder.file = many ? file.path : nil
            readHabitctlLog(file.bytes, into: &builder)
        }
        builder.declareDefined(on: builder.earliestDate ?? today)
        return builder.result(source: source)
    }

    private static func readHabitctlHabits(_ bytes: [UInt8], into builder: inout ImportBuilder) {
        for (k, raw) in lines(bytes).enumerated() {
            let number = k + 1
            let text = trim(raw[...])
            if text.isEmpty || raw.first == "#" { continue }
            let parts = text.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, let days = Int(parts[0]), days >= 0, !trim(parts[1]).isEmpty else {
                builder.problem(number, "expected `N Habit name` (N: every N days, 0: tracked only)"); continue
            }
            var attributes: [String] = []
            let every = ImportSchedule.every(times: days == 0 ? 0 : 1, days: max(days, 1))
            if let value = every.value { attributes.append("every: " + value) }
            if days == 0 {
                attributes.append("note: " + JournalText.quoted("habitctl: 0 (tracked, never due)"))
            } else if !every.exact {
                attributes.append("note: " + JournalText.quoted("habitctl: every \(days) days"))
            }
            builder.define(String(parts[1]), ImportBuilder.Definition(kind: .check, attributes: attributes, line: number, file: builder.file))
        }
    }

    private static func readHabitctlLog(_ bytes: [UInt8], into builder: inout ImportBuilder) {
        for (k, raw) in lines(bytes).enumerated() {
            let number = k + 1
            if raw.isEmpty { continue }
            let parts = raw.split(separator: "\t", omittingEmptySubsequences: false)
            guard parts.count == 3 else { builder.problem(number, "expected `DATE<TAB>Habit<TAB>y|n|s`"); continue }
            guard let date = JournalText.date(trim(parts[0])) else {
                builder.problem(number, "expected a date YYYY-MM-DD, got '\(parts[0])'"); continue
            }
            let habit = String(parts[1])
            guard !trim(parts[1]).isEmpty else { builder.problem(number, "the habit name is empty"); continue }
            let state: CheckState
            switch parts[2] {
            case "y": state = .yes
            case "n": state = .no
            case "s": state = .skip
            case "": continue   // no answer
            default: builder.problem(number, "expected y, n or s for '\(habit)', got '\(parts[2])'"); continue
            }
            guard let name = builder.habit(habit, kind: .check, on: date, line: number) else { continue }
            builder.entry(date, name, state.rawValue)
        }
    }

    /// The text without leading and trailing spaces and tabs. Works on the
    /// UTF-8 bytes (a hot path: every field of every imported line).
    static func trim(_ text: Substring) -> String { String(trimmed(text)) }

    /// `trim` without making a new string.
    static func trimmed(_ text: Substring) -> Substring {
        let bytes = text.utf8
        var start = bytes.startIndex, end = bytes.endIndex
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { bytes.formIndex(after: &start) }
        while start < end {
            let last = bytes.index(before: end)
            guard bytes[last] == 0x20 || bytes[last] == 0x09 else { break }
            end = last
        }
        return Substring(bytes[start..<end])
    }

    /// `trimmed` on bytes.
    static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var start = bytes.startIndex, end = bytes.endIndex
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while start < end, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return bytes[start..<end]
    }

    /// Calls `body` with each line's 1-based number and bytes (LF or CR LF
    /// ends, a UTF-8 BOM skipped): `lines` without a string per line.
    static func forEachLine(_ bytes: [UInt8], _ body: (Int, ArraySlice<UInt8>) -> Void) {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var number = 1
        while start < bytes.count {
            let newline = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            let end = newline > start && bytes[newline - 1] == 0x0D ? newline - 1 : newline
            body(number, bytes[start..<end])
            number += 1
            start = newline + 1
        }
    }

    /// The lines of a text file (LF or CR LF), decoded as UTF-8.
    static func lines(_ bytes: [UInt8]) -> [String] {
        var result: [String] = []
        forEachLine(bytes) { _, line in result.append(String(decoding: line, as: UTF8.self)) }
        return result
    }
}
