/// Reads harsh's `log` file (github.com/wakatara/harsh,
/// `internal/storage/log.go`). harsh writes every line as
/// `DATE : HABIT : RESULT : COMMENT : AMOUNT` and reads lines of three,
/// four or five fields split on ` : ` (space, colon, space), so a colon
/// inside a habit name or a comment is part of the text. RESULT is `y`,
/// `n` or `s` (skip); `#` starts a comment line; for one habit and day the
/// last line stands (harsh keeps entries in a map).
///
/// What each line writes is Grammar/export.md, "harsh".
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

    /// harsh's folder (`habits` then `log`), or one of those files: a file
    /// named `habits` is the habit list (`HarshHabit`), any other the log.
    static func parse(_ files: [ImportFile], source: String, existing: Journal, today: CivilDate) -> ImportResult {
        var builder = ImportBuilder(existing: existing)
        let many = files.count > 1
        var listed: [HarshHabit] = []
        for file in files where file.name == "habits" {
            builder.file = many ? file.path : nil
            listed += HarshHabit.read(file.bytes, into: &builder)
        }
        var records: [Record] = []
        for file in files where file.name != "habits" {
            builder.file = many ? file.path : nil
            records += readLog(file.bytes, into: &builder)
        }
        var counted: Set<String> = []
        for r in records where r.amount != .zero { counted.insert(r.habit) }
        for habit in listed {
            builder.define(habit.name, habit.definition(isCount: counted.contains(habit.name)))
        }
        builder.file = nil
        // The last line for a habit and day stands, as in harsh.
        // Keyed by day number and habit number: cheaper to hash than text.
        var habitNumbers: [String: Int] = [:]
        var keys: [Int] = []
        keys.reserveCapacity(records.count)
        for r in records {
            let n = habitNumbers[r.habit] ?? habitNumbers.count
            habitNumbers[r.habit] = n
            keys.append(Int(r.date.dayNumber) << 24 | n)
        }
        var lastIndex: [Int: Int] = [:]
        lastIndex.reserveCapacity(records.count)
        for (i, key) in keys.enumerated() { lastIndex[key] = i }
        for (i, r) in records.enumerated() where lastIndex[keys[i]] == i {
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
        for (k, raw) in CheckLogImporter.lines(bytes).enumerated() {
            let number = k + 1
            if raw.isEmpty || raw.first == "#" || CheckLogImporter.trim(raw[...]).isEmpty { continue }
            var fields = fieldsOf(raw)
            guard fields.count >= 3 else {
                builder.problem(number, "expected `DATE : Habit : y|n|s [: comment [: amount]]`"); continue
            }
            // harsh writes the comment as typed: a ` : ` inside it makes more
            // than five fields; the last is still the amount.
            if fields.count > 5 {
                fields = Array(fields[..<3]) + [fields[3..<(fields.count - 1)].joined(separator: " : "), fields[fields.count - 1]]
            }
            let dateText = CheckLogImporter.trimmed(fields[0][...])
            guard let date = JournalText.date(dateText) else {
                builder.problem(number, "expected a date YYYY-MM-DD, got '\(dateText)'"); continue
            }
            let habit = CheckLogImporter.trim(fields[1][...])
            guard !habit.isEmpty else { builder.problem(number, "the habit name is empty"); continue }
            let resultText = CheckLogImporter.trimmed(fields[2][...])
            guard resultText == "y" || resultText == "n" || resultText == "s" else {
                builder.problem(number, "expected y, n or s for '\(habit)', got '\(resultText)'"); continue
            }
            let result = String(resultText)
            let comment = fields.count > 3 ? CheckLogImporter.trim(fields[3][...]) : ""
            var amount = Amount.zero
            if fields.count > 4 {
                let amountText = CheckLogImporter.trimmed(fields[4][...])
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

    /// The line split on ` : `, as Go's `strings.Split(line, " : ")`.
    static func fieldsOf(_ line: String) -> [String] {
        var fields: [String] = []
        let bytes = line.utf8
        var start = bytes.startIndex
        var i = start
        while i < bytes.endIndex {
            if bytes[i] == 0x20, let colon = bytes.index(i, offsetBy: 1, limitedBy: bytes.endIndex), colon < bytes.endIndex, bytes[colon] == 0x3A,
               let space = bytes.index(colon, offsetBy: 1, limitedBy: bytes.endIndex), space < bytes.endIndex, bytes[space] == 0x20 {
                fields.append(String(Substring(bytes[start..<i])))
                i = bytes.index(after: space); start = i
            } else { i = bytes.index(after: i) }
        }
        fields.append(String(Substring(bytes[start...])))
        return fields
    }
}
