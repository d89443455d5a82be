/// `textDocument/completion`, by what the line holds before the cursor:
/// dates, directives, keywords, names, states, open task titles, attributes.
extension LanguageServer {
    enum ItemKind: Int { case text = 1, value = 12, keyword = 14, reference = 18 }

    struct Item {
        var label: String
        var kind: ItemKind
        var detail: String? = nil
        var sortGroup = 1
    }

    static let attributeValues: [String: [String]] = [
        "kind": ["count", "check"],
        "priority": ["must", "nice"],
        "type": ["build", "quit"],
        "every": ["day", "weekdays", "weekends", "1/week", "2/week", "3/week", "4/week", "5/week", "6/week", "1/month", "2/month", "mon wed fri", "tue thu"],
        // A time of day, then optionally the weekdays (format.md 9.13).
        "remind": ["07:00", "08:00", "12:30", "18:00", "21:00", "08:00 weekdays", "10:00 weekends", "07:30 mon wed fri"],
    ]

    /// The hover's line for a habit's reminder: when `units calendar` puts it in the phone's calendar.
    static func reminderHover(_ habit: Habit) -> String {
        guard let reminder = habit.reminder else { return "" }
        let days = reminder.days.map { " on " + $0.sorted().map { $0.shortName }.joined(separator: " ") } ?? ""
        return "\n\nReminder at \(ClockTime.text(reminder.minutes))\(days), on the days it is due and not yet done (`units calendar`)."
    }

    func completion(_ params: JSONValue) throws(RequestError) -> JSONValue {
        let analysis = try analysis(params)
        let document = analysis.document
        let cursor = document.offset(of: try position(params))
        let lineNumber = document.position(of: cursor).line
        let lineStart = document.lineStarts[lineNumber]
        let prefix = Array(document.bytes[lineStart..<cursor])
        // The word being typed: from the last space (or line start) to the cursor.
        var wordStart = prefix.count
        while wordStart > 0, prefix[wordStart - 1] != 0x20, prefix[wordStart - 1] != 0x09 { wordStart -= 1 }
        let words = String(decoding: prefix[..<wordStart], as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        let indented = prefix.first == 0x20 || prefix.first == 0x09
        let items = indented ? attributeItems(analysis, words) : lineItems(analysis, words, before: lineStart)
        // (A title typed with its opening quote is replaced quote and all.)
        let range = document.range(start: lineStart + wordStart, end: cursor)
        return .array(items.enumerated().map { index, item in
            var fields: [(key: String, value: JSONValue)] = [
                ("label", .string(item.label)), ("kind", .int(item.kind.rawValue)),
                ("sortText", .string("\(item.sortGroup)-\(String(index + 1000))")),
                ("textEdit", ["range": range.json, "newText": .string(item.label)]),
            ]
            if let detail = item.detail { fields.append(("detail", .string(detail))) }
            return .object(fields)
        })
    }

    private func attributeItems(_ analysis: DocumentAnalysis, _ words: [String]) -> [Item] {
        guard let first = words.first else {
            return ParserState.attributeKeys.map { Item(label: $0 + ":", kind: .keyword) }
        }
        guard first.hasSuffix(":") else { return [] }
        let key = String(first.dropLast())
        if key == "color" { return TerminalStyle.palette.keys.sorted().map { Item(label: $0, kind: .value) } }
        if key == "group" {
            return analysis.journal.habits.filter(\.isGroup).map { Item(label: $0.name, kind: .reference, detail: "group") }
        }
        return (Self.attributeValues[key] ?? []).map { Item(label: $0, kind: .value) }
    }

    private func lineItems(_ analysis: DocumentAnalysis, _ words: [String], before lineStart: Int) -> [Item] {
        let journal = analysis.journal
        guard let first = words.first else {
            return [Item(label: analysis.today.description + " ", kind: .value, detail: "today")]
                + ["include", "option"].map { Item(label: $0, kind: .keyword, sortGroup: 2) }
        }
        if first == "option" && words.count == 1 {
            return JournalBuilder.optionNames.map { Item(label: $0, kind: .keyword) }
        }
        guard CivilDate(iso: first) != nil || first.first?.isNumber == true else { return [] }
        // Names declared above the cursor (or in another file), archived last.
        let names = journal.habits.filter { habit in
            guard let location = habit.location else { return habit.isBuiltIn }
            return location.file.path != analysis.path || location.start < lineStart
        }.map { habit -> Item in
            let archived = habit.isArchived(on: analysis.today)
            let detail = habit.isGroup ? "group" : habit.isBuiltIn ? "built in" : habit.kind == .check ? "check habit" : (habit.units.last?.name ?? "count")
            return Item(label: habit.name, kind: .reference, detail: archived ? detail + ", archived" : detail, sortGroup: archived ? 3 : 1)
        }
        switch words.count {
        case 1:
            return names + NameLexeme.keywordList.map { Item(label: $0, kind: .keyword, sortGroup: 2) }
        case 2:
            let second = words[1]
            switch second {
            case "unit", "floor", "archive", "unarchive", "pause":
                return names.filter { $0.detail != "built in" }
            case "goal", "min":
                return names.filter { $0.detail?.hasPrefix("check habit") ?? false }
            case "done", "drop", "pin", "unpin":
                return journal.tasks.filter { task in
                    task.isOpen || (task.closeLocation.map { $0.file.path == analysis.path && $0.start >= lineStart } ?? false)
                }.map { Item(label: "\"" + $0.title.replacingQuotes() + "\"", kind: .text, detail: "open task") }
            default:
                if let habit = journal.habit(named: second), !habit.isGroup, habit.kind == .check {
                    return ["yes", "kinda", "no", "skip"].map { Item(label: $0, kind: .value) }
                }
                return []
            }
        default:
            return []
        }
    }
}

extension String {
    /// The text with `"` and `\` escaped, for a journal string.
    fileprivate func replacingQuotes() -> String {
        var out = ""
        for c in self {
            if c == "\"" || c == "\\" { out.append("\\") }
            out.append(c)
        }
        return out
    }
}
