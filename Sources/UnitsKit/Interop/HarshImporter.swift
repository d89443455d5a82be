/// Reads harsh's `log` (github.com/wakatara/harsh, `internal/storage/log.go`):
/// `DATE : HABIT : y|n|s [: COMMENT [: AMOUNT]]` split on ` : `, `#` comment
/// lines; the last line for a habit and day stands, as in harsh. What each
/// line writes is Grammar/export.md, "harsh".
enum HarshImporter {
    private struct Record {
        var line: Int
        var file: String?
        var date: CivilDate
        var habit: String
        var result: String
        var comment: String
        var amount: Amount
    }

    private struct HabitDay: Hashable {
        var habit: String
        var date: CivilDate
    }

    /// harsh's folder, or one of its files: `habits` (`HarshHabit`) or the log.
    static func parse(_ files: [ImportFile], source: String, existing: Journal, today: CivilDate) -> ImportResult {
        var builder = ImportBuilder(existing: existing)
        var listed: [HarshHabit] = [], records: [Record] = []
        builder.read(files, list: "habits", { listed += HarshHabit.read($0.bytes, into: &$1) }, { records += readLog($0.bytes, into: &$1) })
        var counted: Set<String> = []
        for r in records where r.amount != .zero { counted.insert(r.habit) }
        for habit in listed {
            builder.define(habit.name, habit.definition(isCount: counted.contains(habit.name)))
        }
        builder.file = nil
        // The last line for a habit and day stands, as in harsh.
        var lastIndex: [HabitDay: Int] = [:]
        for (i, r) in records.enumerated() { lastIndex[HabitDay(habit: r.habit, date: r.date)] = i }
        for (i, r) in records.enumerated() where lastIndex[HabitDay(habit: r.habit, date: r.date)] == i {
            let isCount = counted.contains(r.habit)
            builder.file = r.file
            guard let name = builder.habit(r.habit, kind: isCount ? .count : .check, on: r.date, line: r.line) else { continue }
            let note = r.comment.isEmpty ? nil : r.comment
            if isCount {
                let tags = r.result == "n" ? ["no"] : r.result == "s" ? ["skip"] : []
                builder.entry(r.date, name, r.amount.description, tags: tags, note: note)
            } else {
                builder.entry(r.date, name, r.result == "y" ? "yes" : r.result == "n" ? "no" : "skip", note: note)
            }
        }
        builder.declareDefined(on: builder.earliestDate ?? today)
        for habit in listed {
            if let end = habit.end, let name = builder.journalName(habit.name) {
                builder.line(end.adding(days: 1), "\(end.adding(days: 1)) archive \(name)")
            }
        }
        return builder.result(source: source)
    }

    private static func readLog(_ bytes: [UInt8], into builder: inout ImportBuilder) -> [Record] {
        var records: [Record] = []
        for (number, raw) in ImportFile.lines(bytes) {
            if raw.isEmpty || raw.first == "#" || raw.trimmingSpaces().isEmpty { continue }
            var fields = fieldsOf(raw)
            guard fields.count >= 3 else {
                builder.problem(number, "expected `DATE : Habit : y|n|s [: comment [: amount]]`"); continue
            }
            // A ` : ` inside the comment makes more fields; the last is the amount.
            if fields.count > 5 {
                fields = Array(fields[..<3]) + [fields[3..<(fields.count - 1)].joined(separator: " : "), fields[fields.count - 1]]
            }
            let dateText = fields[0].trimmingSpaces()
            guard let date = JournalText.date(dateText) else {
                builder.problem(number, "expected a date YYYY-MM-DD, got '\(dateText)'"); continue
            }
            let habit = fields[1].trimmingSpaces()
            guard !habit.isEmpty else { builder.problem(number, "the habit name is empty"); continue }
            let result = fields[2].trimmingSpaces()
            guard result == "y" || result == "n" || result == "s" else {
                builder.problem(number, "expected y, n or s for '\(habit)', got '\(result)'"); continue
            }
            let comment = fields.count > 3 ? fields[3].trimmingSpaces() : ""
            var amount = Amount.zero
            if fields.count > 4 {
                let amountText = fields[4].trimmingSpaces()
                if !amountText.isEmpty {
                    guard let value = JournalText.amount(amountText) else {
                        builder.problem(number, "expected an amount (a number) for '\(habit)', got '\(amountText)'"); continue
                    }
                    amount = value
                }
            }
            records.append(Record(line: number, file: builder.file, date: date, habit: habit, result: result, comment: comment, amount: amount))
        }
        return records
    }

    /// The line split on ` : `, as Go's `strings.Split(line, " : ")` (on bytes).
    static func fieldsOf(_ line: String) -> [String] {
        let bytes = Array(line.utf8)
        var fields: [String] = [], start = 0, i = 0
        while i + 2 < bytes.count {
            guard bytes[i] == 0x20, bytes[i + 1] == 0x3A, bytes[i + 2] == 0x20 else { i += 1; continue }
            fields.append(String(decoding: bytes[start..<i], as: UTF8.self))
            i += 3; start = i
        }
        fields.append(String(decoding: bytes[start...], as: UTF8.self))
        return fields
    }
}
