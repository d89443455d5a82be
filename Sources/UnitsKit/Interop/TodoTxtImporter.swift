/// Reads todo.txt (github.com/todotxt/todo.txt): one task a line,
/// `[x COMPLETED [CREATED]] | [(A) ][CREATED] description` (a priority is
/// also read after `x `, as some tools keep it). The description stays the
/// title; `+project` and `@context` words are also tags, the priority
/// `#pri-A`. A task is a `task` line on its creation date (or else its
/// completion date, or today), a completed one also a `done` line.
enum TodoTxtImporter {
    static func parse(_ bytes: [UInt8], path: String, existing: Journal, today: CivilDate) -> ImportResult {
        var builder = ImportBuilder(existing: existing)
        ImportFile.forEachLine(bytes) { number, raw in
            var rest = raw
            if rest.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { return }
            let isDone = rest.starts(with: "x ".utf8)
            if isDone { rest = rest.dropFirst(2) }
            var priority: UInt8?
            if rest.count >= 4, rest.first == 0x28, let p = rest.dropFirst().first, p >= 0x41 && p <= 0x5A,
               rest.dropFirst(2).starts(with: ") ".utf8) {
                priority = p; rest = rest.dropFirst(4)
            }
            let completed = isDone ? leadingDate(&rest) : nil
            let created = !isDone || completed != nil ? leadingDate(&rest) : nil
            let start = rest.firstIndex { $0 != 0x20 && $0 != 0x09 } ?? rest.endIndex
            let title = rest[start..<(rest.lastIndex { $0 != 0x20 && $0 != 0x09 }.map { $0 + 1 } ?? start)]
            guard !title.isEmpty else { builder.problem(number, "the task has no description"); return }
            let opened = created ?? completed ?? today
            if let completed, completed < opened {
                builder.problem(number, "completed on \(completed), before it was created on \(opened)"); return
            }
            // +project and @context words, also as tags (name characters only).
            var tags: [[UInt8]] = []
            for word in title.split(separator: 0x20) where word.count > 1 && (word.first == 0x2B || word.first == 0x40) {
                let name = word.dropFirst()
                let tag = name.allSatisfy(isTagByte) ? Array(name) : JournalText.tag(from: String(decoding: name, as: UTF8.self)).map { Array($0.utf8) }
                if let tag, !tags.contains(tag) { tags.append(tag) }
            }
            // (Through String, which repairs invalid UTF-8.)
            let quoted = JournalText.quoted(String(decoding: title, as: UTF8.self))
            let pri = priority.map { "pri-" + String(UnicodeScalar($0)) }
            builder.line(opened, isTask: true) { out in
                out += "\(opened) task \(quoted)".utf8
                if let pri { out += " #\(pri)".utf8 }
                for tag in tags where !tag.elementsEqual((pri ?? "").utf8) { out += " #".utf8; out += tag }
            }
            if isDone { builder.line(completed ?? opened, "\(completed ?? opened) done \(quoted)") }
        }
        return builder.result(source: path)
    }

    /// A byte a tag keeps as it is (`JournalText.tag`).
    private static func isTagByte(_ b: UInt8) -> Bool { NameLexeme.isContinue(b) || b == ASCII.underscore }

    /// A leading `YYYY-MM-DD`, consumed with the spaces after it.
    private static func leadingDate(_ text: inout ArraySlice<UInt8>) -> CivilDate? {
        let word = text.prefix { $0 != 0x20 }
        guard word.count == 10 else { return nil }
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
