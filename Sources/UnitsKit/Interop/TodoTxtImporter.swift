/// Reads todo.txt (github.com/todotxt/todo.txt, the format's README): one
/// task a line,
///
///     [x COMPLETED [CREATED]] | [(A) ][CREATED] description
///
/// - `x ` (a lowercase x and a space, first on the line) marks a completed
///   task; the completion date follows it, then the optional creation date.
/// - `(A) ` (an uppercase letter in parentheses and a space, first on the
///   line) is the priority. A completed task has none in the spec; some
///   tools keep it (`x (B) 2025-12-04 ...`), and it is read there too.
/// - Dates are `YYYY-MM-DD`; any other date is part of the description.
/// - The description is kept as written: `+project`, `@context` and
///   `key:value` words stay in the title. Projects and contexts are also
///   added as tags (`+Family` → `#Family`), and a priority as `#pri-A`.
///
/// A task becomes a `task` line on its creation date (or else its
/// completion date, or else today); a completed one also a `done` line on
/// its completion date.
enum TodoTxtImporter {
    static func parse(_ bytes: [UInt8], path: String, existing: Journal, today: CivilDate) -> ImportResult {
        var builder = ImportBuilder(existing: existing)
        for (k, raw) in CheckLogImporter.lines(bytes).enumerated() {
            let number = k + 1
            // The markers are ASCII: read them on the bytes.
            var rest = raw.utf8[...]
            if rest.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            var isDone = false
            var priority: UInt8?
            var completed: CivilDate?
            var created: CivilDate?
            if rest.starts(with: [0x78, 0x20]) { isDone = true; rest = rest.dropFirst(2) }   // "x "
            if rest.count >= 4, rest.first == 0x28, let p = rest.dropFirst().first, p >= 0x41 && p <= 0x5A,
               rest.dropFirst(2).starts(with: [0x29, 0x20]) {                                // "(A) "
                priority = p; rest = rest.dropFirst(4)
            }
            if isDone, let date = leadingDate(&rest) {
                completed = date
                created = leadingDate(&rest)
            } else if !isDone {
                created = leadingDate(&rest)
            }
            let title = CheckLogImporter.trim(Substring(rest))
            guard !title.isEmpty else { builder.problem(number, "the task has no description"); continue }
            let opened = created ?? completed ?? today
            if let completed, completed < opened {
                builder.problem(number, "completed on \(completed), before it was created on \(opened)"); continue
            }
            var tags: [String] = priority.map { ["pri-" + String(UnicodeScalar($0))] } ?? []
            for word in title.utf8.split(separator: 0x20) where word.count > 1 && (word.first == 0x2B || word.first == 0x40) {
                if let tag = JournalText.tag(from: String(Substring(word.dropFirst()))), !tags.contains(tag) { tags.append(tag) }
            }
            let titleText = JournalText.quoted(title)
            var line = "\(opened) task \(titleText)"
            for tag in tags { line += " #" + tag }
            builder.line(opened, line, isTask: true)
            if isDone { builder.line(completed ?? opened, "\(completed ?? opened) done \(titleText)") }
        }
        return builder.result(source: path)
    }

    /// A `YYYY-MM-DD ` (or a date ending the line) at the start of `text`,
    /// consumed with the spaces after it.
    private static func leadingDate(_ text: inout Substring.UTF8View.SubSequence) -> CivilDate? {
        let word = text.prefix { $0 != 0x20 }
        guard word.count == 10 else { return nil }
        var digits: [Int] = []
        for (i, b) in word.enumerated() {
            if i == 4 || i == 7 { guard b == 0x2D else { return nil } } else {
                guard b >= 0x30 && b <= 0x39 else { return nil }
                digits.append(Int(b - 0x30))
            }
        }
        guard let date = CivilDate(year: digits[0] * 1000 + digits[1] * 100 + digits[2] * 10 + digits[3],
                                   month: digits[4] * 10 + digits[5], day: digits[6] * 10 + digits[7]) else { return nil }
        text = text.dropFirst(10).drop { $0 == 0x20 }
        return date
    }
}
