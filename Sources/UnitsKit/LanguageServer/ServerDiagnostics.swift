/// `textDocument/publishDiagnostics`: after every open, change or save,
/// each open document read again as `units-lint` reads it, its findings (in
/// every file it includes) published, the rest past the cap counted.
extension LanguageServer {
    func reanalyse() -> [JSONValue] {
        var openFiles: [String: [UInt8]] = [:]
        for document in documents.values {
            guard let path = document.path else { continue }
            openFiles[FileReader.canonicalPath(path)] = document.bytes
        }
        var out: [JSONValue] = []
        let now = clock()
        for uri in documents.keys.sorted() {
            let analysis = DocumentAnalysis(document: documents[uri]!, today: fixedToday, now: now, openFiles: openFiles)
            analyses[uri] = analysis
            out += publishDiagnostics(of: analysis)
        }
        return out
    }

    private func publishDiagnostics(of analysis: DocumentAnalysis) -> [JSONValue] {
        let rootURI = analysis.document.uri
        // Every file of the journal gets a (possibly empty) list, so fixed findings clear.
        var byURI: [String: [JSONValue]] = [rootURI: []]
        var textOf: [String: TextDocument] = [rootURI: analysis.document]
        for tree in analysis.journal.files.dropFirst() {
            let uri = TextDocument.uri(forPath: tree.file.path)
            byURI[uri] = byURI[uri] ?? []
            textOf[uri] = TextDocument(uri: uri, version: 0, bytes: tree.file.bytes)
        }
        for diagnostic in analysis.diagnostics {
            let path = diagnostic.range?.file.path ?? diagnostic.path ?? analysis.path
            let uri = path == analysis.path ? rootURI : TextDocument.uri(forPath: path)
            var range = LSPRange(start: LSPPosition(line: 0, character: 0), end: LSPPosition(line: 0, character: 0))
            if let source = diagnostic.range {
                let text = textOf[uri] ?? TextDocument(uri: uri, version: 0, bytes: source.file.bytes)
                textOf[uri] = text
                range = text.range(start: source.start, end: source.end)
            }
            byURI[uri, default: []].append(Self.json(diagnostic, range: range))
        }
        for (rule, count) in analysis.omitted {
            let severity = Linter.rule(rule)?.severity ?? .info
            let notice = Diagnostic(severity, rule: rule, "\(count) more [\(rule)] finding\(count == 1 ? "" : "s") not shown (the first \(LintCap.perRule) are; units-lint --all shows every one)", path: analysis.path)
            byURI[rootURI, default: []].append(Self.json(notice, range: LSPRange(start: LSPPosition(line: 0, character: 0), end: LSPPosition(line: 0, character: 0))))
        }
        let previous = published[rootURI] ?? []
        published[rootURI] = Set(byURI.keys)
        var out: [JSONValue] = []
        for uri in byURI.keys.sorted() {
            out.append(Self.publish(uri: uri, byURI[uri]!, version: uri == rootURI ? analysis.document.version : nil))
        }
        for stale in previous.subtracting(byURI.keys).sorted() {
            out.append(Self.publish(uri: stale, [], version: nil))
        }
        return out
    }

    static func json(_ diagnostic: Diagnostic, range: LSPRange) -> JSONValue {
        let severity: Int = switch diagnostic.severity { case .error: 1; case .warning: 2; case .info: 3 }
        return [
            "range": range.json,
            "severity": .int(severity),
            "code": .string(diagnostic.rule),
            "source": "units",
            "message": .string(diagnostic.message),
        ]
    }

    static func publish(uri: String, _ diagnostics: [JSONValue], version: Int?) -> JSONValue {
        var params: [(key: String, value: JSONValue)] = [("uri", .string(uri))]
        if let version { params.append(("version", .int(version))) }
        params.append(("diagnostics", .array(diagnostics)))
        return ["jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": .object(params)]
    }
}
