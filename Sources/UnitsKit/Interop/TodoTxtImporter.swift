/// Reads todo.txt (http://todotxt.org): one task a line,
/// `[x COMPLETED] [(A)] [CREATED] description +project @context key:value`.
/// A task becomes a `task` line on its creation date (or, if it has none,
/// its completion date, or else today) and a completed one also a `done`
/// line on its completion date. The description is kept as written:
/// `+project`, `@context` and `key:value` words stay in the title (the
/// todo.txt spec makes them part of the text); projects and contexts are
/// also added as tags (`+Family` → `#Family`, `@phone` → `#phone`), and a
/// priority becomes a tag `#pri-A`.
enum TodoTxtImporter {
    static func parse(_ bytes: [UInt8], path: String, existing: Journal, today: CivilDate) -> ImportResult {
        var builder = ImportBuilder(existing: existing)
        for (k, raw) in CheckLogImporter.lines(bytes).enumerated() {
            let number = k + 1
            var words = raw.split(separator: " ", omittingEmptySubsequences: true)[...]
            if words.isEmpty { continue }
            var completed: CivilDate?
            var isDone = false
            var tags: [String] = []
            if words.first == "x" { isDone = true; words = words.dropFirst() }
            // Some tools keep the priority on a completed task: `x (B) DONE CREATED`.
            if let w = words.first, w.count == 3, w.first == "(", w.last == ")", let p = w.dropFirst().first, p.isUppercase {
                tags.append("pri-\(p)")
                words = words.dropFirst()
            }
            if isDone, let w = words.first, let date = JournalText.date(w) { completed = date; words = words.dropFirst() }
            var created: CivilDate?
            if let w = words.first, let date = JournalText.date(w) { created = date; words = words.dropFirst() }
            var title: [Substring] = []
            for word in words {
                if word.count > 1, word.first == "+" || word.first == "@", let tag = JournalText.tag(from: String(word.dropFirst())),
                   !tags.contains(tag) {
                    tags.append(tag)
                }
                title.append(word)
            }
            guard !title.isEmpty else { builder.problem(number, "the task has no description"); continue }
            let opened = created ?? completed ?? today
            if let completed, completed < opened {
                builder.problem(number, "completed on \(completed), before it was created on \(opened)"); continue
            }
            let titleText = JournalText.quoted(title.joined(separator: " "))
            var line = "\(opened) task \(titleText)"
            for tag in tags { line += " #" + tag }
            builder.line(opened, line, isTask: true)
            if isDone { builder.line(completed ?? opened, "\(completed ?? opened) done \(titleText)") }
        }
        return builder.result(source: path)
    }
}
