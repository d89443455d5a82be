/// Hover, go to definition, find references, document symbols and rename:
/// what a name means and where else it is used, by the journal's own
/// reading of it (`RenamePlan.references` is the one definition of "a use
/// of a habit's name").
extension LanguageServer {
    /// Hover on a habit or group name: what `units habit NAME` says of it.
    func hover(_ params: JSONValue) throws(RequestError) -> JSONValue {
        let analysis = try analysis(params)
        let offset = analysis.document.offset(of: try position(params))
        guard let (line, token) = analysis.token(at: offset), let habit = reference(analysis, line, token) else { return .null }
        let report = HabitReport(ReportContext(journal: analysis.journal, today: analysis.today), habit: habit.id)
        var text = "**\(habit.name)**"
        if let title = habit.title, title != habit.name { text += " — \(title)" }
        text += "\n\n```text\n" + report.text(style: .plain) + "```\n" + Self.reminderHover(habit)
        return [
            "contents": ["kind": "markdown", "value": .string(text)],
            "range": analysis.document.range(start: Int(token.start), end: Int(token.end)).json,
        ]
    }

    /// From a use of a habit, group or task to the line that declares it.
    func definition(_ params: JSONValue) throws(RequestError) -> JSONValue {
        let analysis = try analysis(params)
        let offset = analysis.document.offset(of: try position(params))
        guard let (line, token) = analysis.token(at: offset) else { return .null }
        if let habit = reference(analysis, line, token) {
            return habit.location.map(analysis.location) ?? .null
        }
        if token.kind == .string, line.kind == .done || line.kind == .drop {
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
        if analysis.diagnostics.contains(where: { $0.severity == .error && ($0.rule == "syntax" || $0.range == nil) }) {
            throw RequestError(code: .requestFailed, message: "the journal has lines that do not parse; fix them first")
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
