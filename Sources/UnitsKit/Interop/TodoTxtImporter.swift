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
            var rest = Substring(raw)
            if CheckLogImporter.trim(rest).isEmpty { continue }
            var isDone = false
            var priority: Character?
            var completed: CivilDate?
            var created: CivilDate?
            if rest.hasPrefix("x ") { isDone = true; rest = rest.dropFirst(2) }
            if rest.count >= 4, rest.first == "(", let p = rest.dropFirst().first, p.isASCII, p.isUppercase,
               rest.dropFirst(2).hasPrefix(") ") {
                priority = p; rest = rest.dropFirst(4)
            }
            if isDone, let date = leadingDate(&rest) {
                completed = date
                created = leadingDate(&rest)
            } else if !isDone {
                created = leadingDate(&rest)
            }
            let title = CheckLogImporter.trim(rest)
            guard !title.isEmpty else { builder.problem(number, "the task has no description"); continue }
            let opened = created ?? completed ?? today
            if let completed, completed < opened {
                builder.problem(number, "completed on \(completed), before it was created on \(opened)"); continue
            }
            var tags: [String] = priority.map { ["pri-\($0)"] } ?? []
            for word in title.split(separator: " ") where word.count > 1 && (word.first == "+" || word.first == "@") {
                if let tag = JournalText.tag(from: String(word.dropFirst())), !tags.contains(tag) { tags.append(tag) }
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
    /// consumed with its space.
    private static func leadingDate(_ text: inout Substring) -> CivilDate? {
        let word = text.prefix { $0 != " " }
        let digits = word.utf8
        guard digits.count == 10, word.enumerated().allSatisfy({ i, c in i == 4 || i == 7 ? c == "-" : c.isASCII && c.isNumber }),
              let date = CivilDate(iso: String(word)) else { return nil }
        text = text.dropFirst(word.count).drop { $0 == " " }
        return date
    }
}
