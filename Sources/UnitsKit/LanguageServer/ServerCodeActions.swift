/// `textDocument/codeAction`: for an undeclared name, the closest declared
/// one and "declare this habit"; "format document" when `units-fmt` would change it.
extension LanguageServer {
    func codeActions(_ params: JSONValue) throws(RequestError) -> JSONValue {
        let analysis = try analysis(params)
        let document = analysis.document
        guard let range = LSPRange(params["range"]) else { throw RequestError(code: .invalidParams, message: "params.range is missing") }
        let start = document.offset(of: range.start), end = document.offset(of: range.end)
        var actions: [JSONValue] = []
        // From the journal's own findings (uncapped), not the published ones.
        for diagnostic in analysis.journal.diagnostics where diagnostic.rule == JournalBuilder.Rule.undeclaredHabit {
            guard let source = diagnostic.range, source.file.path == analysis.path,
                  source.start <= end, source.end >= start else { continue }
            let name = String(decoding: document.bytes[source.start..<source.end], as: UTF8.self)
            let lsp = document.range(start: source.start, end: source.end)
            let diagnosticJSON = Self.json(diagnostic, range: lsp)
            let declared = analysis.journal.habits.filter { !$0.isBuiltIn }.map(\.name)
            if let guess = Suggestion.closest(to: name, in: declared) {
                actions.append(Self.action("Change '\(name)' to '\(guess)'", kind: "quickfix", preferred: true,
                                           uri: document.uri, edits: [TextEdit(range: lsp, newText: guess)], diagnostic: diagnosticJSON))
            }
            if WriteValidation.nameProblem(name) == nil, let lineIndex = analysis.lineIndex(at: source.start) {
                let line = analysis.tree.lines[lineIndex]
                let date = analysis.tree.tokens(of: line).first { $0.kind == .date }.map { analysis.tree.text($0) } ?? analysis.today.description
                let at = document.position(of: Int(line.start))
                let ending = line.isCRLF ? "\r\n" : "\n"
                actions.append(Self.action("Declare habit '\(name)'", kind: "quickfix", preferred: false, uri: document.uri,
                                           edits: [TextEdit(range: LSPRange(start: at, end: at), newText: "\(date) habit \(name)\(ending)")],
                                           diagnostic: diagnosticJSON))
            }
        }
        if case .formatted(let canonical) = Formatter.format(analysis.tree), canonical != document.bytes {
            actions.append(Self.action("Format document (units-fmt)", kind: "source.format", preferred: false, uri: document.uri,
                                       edits: Self.edits(from: document, to: canonical), diagnostic: nil))
        }
        return .array(actions)
    }

    private static func action(_ title: String, kind: String, preferred: Bool, uri: String, edits: [TextEdit], diagnostic: JSONValue?) -> JSONValue {
        var fields: [(key: String, value: JSONValue)] = [("title", .string(title)), ("kind", .string(kind))]
        if let diagnostic { fields.append(("diagnostics", [diagnostic])) }
        if preferred { fields.append(("isPreferred", true)) }
        fields.append(("edit", ["changes": .object([(uri, .array(edits.map(\.json)))])]))
        return .object(fields)
    }
}
