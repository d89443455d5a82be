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
            for word in title.split(separator: 0x20) where word.count > 1 && (word.first == 0x2B || word.first == 0x40) {
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
                out += [0x20, 0x74, 0x61, 0x73, 0x6B, 0x20]   // " task "
                out += quotedTitle
                if let priority { out += [0x20, 0x23, 0x70, 0x72, 0x69, 0x2D, priority] }   // " #pri-A"
                for tag in tags where !(priority != nil && tag.elementsEqual([0x70, 0x72, 0x69, 0x2D, priority!])) {
                    out += [0x20, 0x23]; out += tag
                }
            }
            if isDone {
                let day = completed ?? opened
                builder.line(day) { out in
                    day.appendCanonical(to: &out)
                    out += [0x20, 0x64, 0x6F, 0x6E, 0x65, 0x20]   // " done "
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
        var digits: [Int] = []
        digits.reserveCapacity(8)
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
