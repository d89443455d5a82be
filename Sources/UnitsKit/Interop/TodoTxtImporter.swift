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
///
/// A hot path (a 100k-task file): each line is read and written as bytes,
/// straight into the builder's buffer.
enum TodoTxtImporter {
    static func parse(_ bytes: [UInt8], path: String, existing: Journal, today: CivilDate) -> ImportResult {
        var builder = ImportBuilder(existing: existing)
        var tags: [ArraySlice<UInt8>] = []
        var quotedTitle: [UInt8] = []
        CheckLogImporter.forEachLine(bytes) { number, raw in
            // The markers are ASCII: read them on the bytes.
            var rest = raw
            if rest.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }
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
            let title = CheckLogImporter.trimmed(rest)
            guard !title.isEmpty else { builder.problem(number, "the task has no description"); return }
            let opened = created ?? completed ?? today
            if let completed, completed < opened {
                builder.problem(number, "completed on \(completed), before it was created on \(opened)"); return
            }
            // +project and @context words, also as tags (name characters only).
            tags.removeAll(keepingCapacity: true)
            // (Words are split at spaces by hand: no array of words per line.)
            var w = title.startIndex
            while w < title.endIndex {
                if title[w] == 0x20 { w += 1; continue }
                var e = w + 1
                while e < title.endIndex, title[e] != 0x20 { e += 1 }
                let word = title[w..<e]
                w = e
                guard word.count > 1, word.first == 0x2B || word.first == 0x40 else { continue }
                let tag = word.dropFirst()
                if tag.contains(where: { !isTagByte($0) }) {
                    guard let clean = JournalText.tag(from: String(decoding: tag, as: UTF8.self)) else { continue }
                    let bytes = Array(clean.utf8)[...]
                    if !tags.contains(where: { $0.elementsEqual(bytes) }) { tags.append(bytes) }
                } else if !tags.contains(where: { $0.elementsEqual(tag) }) {
                    tags.append(tag)
                }
            }
            quotedTitle.removeAll(keepingCapacity: true)
            if title.allSatisfy({ $0 < 0x80 }) {
                JournalText.appendQuoted(title, to: &quotedTitle)
            } else {
                // Not ASCII: through String, which repairs invalid UTF-8.
                JournalText.appendQuoted(String(decoding: title, as: UTF8.self).utf8, to: &quotedTitle)
            }
            builder.line(opened, isTask: true) { out in
                opened.appendCanonical(to: &out)
                out += " task ".utf8
                out += quotedTitle
                if let priority { out += " #pri-".utf8; out.append(priority) }
                for tag in tags where !(priority != nil && tag.count == 5 && tag.starts(with: "pri-".utf8) && tag.last == priority!) {
                    out += " #".utf8; out += tag
                }
            }
            if isDone {
                let day = completed ?? opened
                builder.line(day) { out in
                    day.appendCanonical(to: &out)
                    out += " done ".utf8
                    out += quotedTitle
                }
            }
        }
        return builder.result(source: path)
    }

    /// A byte a tag keeps as it is (`JournalText.tag`).
    static func isTagByte(_ b: UInt8) -> Bool { NameLexeme.isContinue(b) || b == ASCII.underscore }

    /// A `YYYY-MM-DD ` (or a date ending the line) at the start of `text`,
    /// consumed with the spaces after it.
    private static func leadingDate(_ text: inout ArraySlice<UInt8>) -> CivilDate? {
        let word = text.prefix { $0 != 0x20 }
        guard word.count == 10 else { return nil }
        // YYYY-MM-DD read as three numbers (no array of digits per date).
        var fields = (0, 0, 0), field = 0
        for (i, b) in word.enumerated() {
            if i == 4 || i == 7 { guard b == 0x2D else { return nil }; field += 1; continue }
            guard b >= 0x30 && b <= 0x39 else { return nil }
            switch field {
            case 0: fields.0 = fields.0 * 10 + Int(b - 0x30)
            case 1: fields.1 = fields.1 * 10 + Int(b - 0x30)
            default: fields.2 = fields.2 * 10 + Int(b - 0x30)
            }
        }
        guard let date = CivilDate(year: fields.0, month: fields.1, day: fields.2) else { return nil }
        text = text.dropFirst(10).drop { $0 == 0x20 }
        return date
    }
}
