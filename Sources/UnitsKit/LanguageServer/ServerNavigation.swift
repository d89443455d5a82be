/// Hover, go to definition, find references, document symbols and rename,
/// by `RenamePlan.references`, the one definition of a use of a name.
extension LanguageServer {
    /// Hover on a habit or group name: what `units habit NAME` says of it.
    func hover(_ params: JSONValue) throws(RequestError) -> JSONValue {
        let analysis = try analysis(params)
        let offset = analysis.document.offset(of: try position(params))
        guard let (line, token) = analysis.token(at: offset), let habit = reference(analysis, line, token) else { return .null }
        let report = HabitReport(ReportContext(journal: analysis.journal, today: analysis.today), habit: habit.id)
        // Journal text is the user's, never Markdown: a title holding
        // `![](https://…)` must not make the editor fetch an image.
        var text = "**\(Self.markdownEscaped(habit.name))**"
        if let title = habit.title, title != habit.name { text += " — \(Self.markdownEscaped(title))" }
        text += "\n\n" + Self.fenced(ReportOutput.collect { report.text(style: .plain, to: $0) }) + Self.reminderHover(habit)
        return [
            "contents": ["kind": "markdown", "value": .string(text)],
            "range": analysis.document.range(start: Int(token.start), end: Int(token.end)).json,
        ]
    }

    /// Text shown as itself in Markdown: ASCII punctuation backslash-escaped,
    /// line breaks as spaces (nothing in it a link, an image or HTML).
    static func markdownEscaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E: out.append("\\"); out.unicodeScalars.append(scalar)
            case 0x0A, 0x0D: out.append(" ")
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A fenced code block holding `text`, its fence longer than any run of backticks in it.
    static func fenced(_ text: String) -> String {
        var longest = 0, run = 0
        for b in text.utf8 {
            run = b == UInt8(ascii: "`") ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        return fence + "text\n" + text + (text.hasSuffix("\n") ? "" : "\n") + fence + "\n"
    }

    /// From a use of a habit, group or task to the line that declares it.
    func definition(_ params: JSONValue) throws(RequestError) -> JSONValue {
        let analysis = try analysis(params)
        let offset = analysis.document.offset(of: try position(params))
        guard let (line, token) = analysis.token(at: offset) else { return .null }
        if let habit = reference(analysis, line, token) {
            return habit.location.map(analysis.location) ?? .null
        }
        if token.kind == .string, [.done, .drop, .pin, .unpin].contains(line.kind) {
            let title = analysis.tree.stringValue(token)
            let lineStart = Int(line.start)
            let task = analysis.journal.tasks.first { $0.closeLocation?.file.path == analysis.path && $0.closeLocation.map { $0.start >= lineStart && $0.start < Int(line.end) } == true }
                ?? analysis.journal.tasks.first { $0.title == title }
            return task?.location.map(analysis.location) ?? .null
        }
        return .null
    }

    /// Every use of the habit or group under the cursor, in every file of the journal.
    func references(_ params: JSONValue) throws(RequestError) -> JSONValue {
        let analysis = try analysis(params)
        let offset = analysis.document.offset(of: try position(params))
        guard let (line, token) = analysis.token(at: offset), let habit = reference(analysis, line, token) else { return .null }
        let includeDeclaration = params["context"]?["includeDeclaration"]?.bool ?? true
        var out: [JSONValue] = []
        for tree in analysis.journal.files {
            for line in tree.lines {
                if !includeDeclaration, line.kind == .habit || line.kind == .group { continue }
                for hit in RenamePlan.references(in: tree, line, named: habit.name) {
                    out.append(analysis.location(tree.range(hit)))
                }
            }
        }
        return .array(out)
    }

    /// Habits, groups and seasons declared in the document, each with its block.
    func symbols(_ params: JSONValue) throws(RequestError) -> JSONValue {
        let analysis = try analysis(params)
        let tree = analysis.tree
        var out: [JSONValue] = []
        var index = 0
        while index < tree.lines.count {
            let line = tree.lines[index]
            var end = index
            // A declaration's block: its attribute lines (comments inside do not end it).
            if line.kind == .habit || line.kind == .group {
                var k = index + 1
                while k < tree.lines.count, tree.lines[k].kind == .attribute || tree.lines[k].kind == .comment {
                    if tree.lines[k].kind == .attribute { end = k }
                    k += 1
                }
            }
            let tokens = tree.tokens(of: line)
            let nameToken: Token?
            let kind: Int
            let detail: String?
            switch line.kind {
            case .habit, .group:
                nameToken = tokens.first { $0.kind == .name }
                kind = line.kind == .group ? 3 : 5   // Namespace, Class
                detail = nameToken.flatMap { analysis.journal.habit(named: tree.text($0)) }.map { habit in
                    habit.isGroup ? "group" : habit.kind == .check ? "check habit" : "\(habit.units.last?.name ?? "unit") habit"
                }
            case .season:
                nameToken = tokens.first { $0.kind == .string }
                kind = 24   // Event
                detail = "season"
            default:
                nameToken = nil; kind = 0; detail = nil
            }
            if let nameToken {
                let name = line.kind == .season ? tree.stringValue(nameToken) : tree.text(nameToken)
                let range = analysis.document.range(start: Int(line.start), end: Int(tree.lines[end].contentEnd))
                var symbol: [(key: String, value: JSONValue)] = [
                    ("name", .string(name)), ("kind", .int(kind)), ("range", range.json),
                    ("selectionRange", analysis.document.range(start: Int(nameToken.start), end: Int(nameToken.end)).json),
                ]
                if let detail { symbol.insert(("detail", .string(detail)), at: 1) }
                out.append(.object(symbol))
            }
            index = end + 1
        }
        return .array(out)
    }

    func prepareRename(_ params: JSONValue) throws(RequestError) -> JSONValue {
        let analysis = try analysis(params)
        let offset = analysis.document.offset(of: try position(params))
        guard let (line, token) = analysis.token(at: offset), let habit = reference(analysis, line, token), !habit.isBuiltIn else {
            return .null
        }
        return ["range": analysis.document.range(start: Int(token.start), end: Int(token.end)).json,
                "placeholder": .string(habit.name)]
    }

    /// Renames a habit or group across the journal, refusing as `units rename` does.
    func rename(_ params: JSONValue) throws(RequestError) -> JSONValue {
        let analysis = try analysis(params)
        let offset = analysis.document.offset(of: try position(params))
        guard let newName = params["newName"]?.string else { throw RequestError(code: .invalidParams, message: "params.newName is missing") }
        guard let (line, token) = analysis.token(at: offset), let habit = reference(analysis, line, token) else {
            throw RequestError(code: .requestFailed, message: "no habit or group name here")
        }
        // As `units rename` does: any error may hide a use of the name.
        if let error = analysis.journal.diagnostics.first(where: { $0.severity == .error }) {
            throw RequestError(code: .requestFailed, message: "the journal has errors; fix them first (\(error.rule): \(error.message))")
        }
        if let problem = RenamePlan.refusal(journal: analysis.journal, renaming: habit.name, to: newName) {
            throw RequestError(code: .requestFailed, message: problem)
        }
        let plan = RenamePlan(journal: analysis.journal, renaming: habit.name, to: newName)
        var changes: [(key: String, value: JSONValue)] = []
        for file in plan.files {
            let isRoot = file.path == analysis.path
            let uri = isRoot ? analysis.document.uri : TextDocument.uri(forPath: file.path)
            let document = isRoot ? analysis.document : TextDocument(uri: uri, version: 0, bytes: file.before)
            changes.append((uri, .array(Self.edits(from: document, to: file.after).map(\.json))))
        }
        return ["changes": .object(changes)]
    }

    /// The habit or group a token refers to, when it is a reference (`RenamePlan.references`).
    func reference(_ analysis: DocumentAnalysis, _ line: SyntaxLine, _ token: Token) -> Habit? {
        let text = analysis.tree.text(token)
        guard let habit = analysis.journal.habit(named: text),
              RenamePlan.references(in: analysis.tree, line, named: text).contains(token) else { return nil }
        return habit
    }
}
