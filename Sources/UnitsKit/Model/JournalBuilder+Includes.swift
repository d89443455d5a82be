// `option` and `include` lines.

extension JournalBuilder {
    /// Whether two spellings of a week-start or day-start value mean the same (`mon` and `monday`).
    static func sameOptionValue(_ key: String, _ a: String, _ b: String) -> Bool {
        guard key == "week-start" else { return a == b }
        guard let x = Weekday(name: Array(a.utf8)), let y = Weekday(name: Array(b.utf8)) else { return a == b }
        return x == y
    }

    static let optionNames = ["week-start", "day-start", "lint-disable", "remind-morning", "remind-evening"]

    mutating func applyOption(_ tree: SyntaxTree, _ t: [Token]) {
        let key = tree.text(t[1])
        let values = t[2...].filter { $0.kind == .word }
        let valueRange = SourceRange(file: tree.file, start: Int(values.first!.start), end: Int(values.last!.end))
        if key != "lint-disable", Self.optionNames.contains(key) {
            // format.md 6: setting an option other than lint-disable twice to different values is a diagnostic.
            let text = values.map { tree.text($0).lowercased() }.joined(separator: " ")
            if let earlier = optionValues[key], earlier != text, Self.sameOptionValue(key, earlier, text) == false {
                report(.error, Rule.invalidOption, "\(key) is already set to '\(earlier)' above: a journal has one \(key)", valueRange)
                return
            }
            if optionValues[key] == nil { optionValues[key] = text }
        }
        switch key {
        case "week-start":
            guard values.count == 1, let day = Weekday(name: tree.bytes(values[0])) else {
                report(.error, Rule.invalidOption, "expected a weekday name, e.g. `option week-start monday`", valueRange); return
            }
            journal.options.weekStart = day
        case "day-start", "remind-morning", "remind-evening":
            let minutes: Int
            switch values.count == 1 ? ClockTime.read(tree.bytes(values[0])) : .shape {
            case .valid(let m): minutes = m
            case .shape: report(.error, Rule.invalidOption, "expected a time HH:MM, e.g. `option \(key) \(key == "remind-evening" ? "21:30" : key == "remind-morning" ? "08:00" : "04:00")`", valueRange); return
            case .range: report(.error, Rule.invalidOption, "\(key) must be a time from 00:00 to 23:59", valueRange); return
            }
            switch key {
            case "day-start": journal.options.dayStartMinutes = minutes
            case "remind-morning": journal.options.morningReminder = minutes
            default: journal.options.eveningReminder = minutes
            }
        case "lint-disable":
            for value in values { journal.options.lintDisabled.insert(tree.text(value)) }
        default:
            let hint = Suggestion.closest(to: key, in: Self.optionNames).map { "; did you mean '\($0)'?" } ?? ""
            report(.error, Rule.invalidOption, "unknown option '\(key)'\(hint) (options: \(Self.optionNames.joined(separator: ", ")))", tree.range(t[1]))
        }
    }

    /// Includes are journals and nothing else (format.md 7): the path must
    /// end in `.units`, name a regular file, be read once, and stay within the
    /// budget of files and bytes. A file that turns out not to be a journal is
    /// one diagnostic on the include line, never its content echoed.
    mutating func include(_ tree: SyntaxTree, _ t: [Token]) {
        let written = tree.stringValue(t[1])
        let range = tree.range(t[1])
        let shown = TerminalText.escaped(written)
        guard written.hasSuffix(".units") else {
            report(.error, Rule.include, "cannot include '\(shown)': only journal files whose name ends in .units can be included", range)
            return
        }
        let path = tree.file.path.hasPrefix("<") && !written.hasPrefix("/") ? written : FileReader.resolve(written, against: tree.file.path)
        guard includeStack.count < Self.maximumIncludeDepth else {
            report(.error, Rule.include, "includes nest deeper than \(Self.maximumIncludeDepth) files; is there a runaway chain?", range)
            return
        }
        let canonical = Journal.canonical(path, loader)
        if includeStack.contains(canonical) {
            report(.error, Rule.include, "include cycle: '\(shown)' is already being read (\(includeStack.count) files deep)", range)
            return
        }
        if filesRead.contains(canonical) {
            report(.error, Rule.include, "'\(shown)' is already included; each file is read once", range)
            return
        }
        guard filesRead.count < Self.maximumIncludedFiles else {
            report(.error, Rule.include, "cannot include '\(shown)': a journal may read at most \(Self.maximumIncludedFiles) files", range)
            return
        }
        let bytes: [UInt8]
        do {
            bytes = try loader.readInclude(path)
        } catch {
            let reason = (error as? FileReadError)?.reason ?? "\(error)"
            report(.error, Rule.include, "cannot include '\(shown)': \(TerminalText.escaped(reason))", range)
            return
        }
        filesRead.insert(canonical)
        includedBytes += bytes.count
        guard includedBytes <= Self.maximumIncludedBytes else {
            report(.error, Rule.include, "cannot include '\(shown)': the journal and the files it includes hold more than \(Self.maximumIncludedBytes) bytes together; \(Parser.sizeLimitWords)", range)
            return
        }
        let included = Parser.parse(SourceFile(path: path, bytes: bytes))
        if let why = Self.notAJournal(included) {
            report(.error, Rule.include, "cannot include '\(shown)': it is not a journal (\(why)); its content is not shown", range)
            return
        }
        add(tree: included, canonicalPath: canonical)
    }

    /// Why a parsed file is not a journal at all, or nil when it may be one:
    /// a NUL byte or invalid UTF-8, or lines of which none parses.
    static func notAJournal(_ tree: SyntaxTree) -> String? {
        let bytes = tree.file.bytes
        if bytes.contains(0) { return "it holds NUL bytes" }
        if !TerminalText.isValidUTF8(bytes) { return "it is not UTF-8 text" }
        var invalid = 0, meaningful = 0
        for line in tree.lines {
            switch line.kind {
            case .blank, .comment: continue
            case .invalid: invalid += 1
            default: meaningful += 1
            }
        }
        return invalid > 0 && meaningful == 0 ? "no line of it parses" : nil
    }
}
