/// What the server knows about one open document, read as `units-lint`
/// reads it (open documents before the disk): its journal and findings.
struct DocumentAnalysis {
    let document: TextDocument
    /// The path the document is parsed under (its file path, or its URI).
    let path: String
    let journal: Journal
    /// The findings shown: the first of each rule, as `units-lint` shows them.
    let diagnostics: [Diagnostic]
    /// Findings left out, per rule (`LintCap`).
    let omitted: [(rule: String, count: Int)]
    let today: CivilDate

    /// The root file's tree: the document itself.
    var tree: SyntaxTree { journal.files[0] }

    /// `today`: a fixed date (`units lsp --today`), else the clock's, by the
    /// journal's `option day-start`.
    init(document: TextDocument, today fixed: CivilDate?, now: (date: CivilDate, minutes: Int), openFiles: [String: [UInt8]]) {
        self.document = document
        path = document.path ?? document.uri
        journal = Journal(file: SourceFile(path: path, bytes: document.bytes), loader: .fileSystem(overlay: openFiles))
        today = fixed ?? LogDay.day(now: now, dayStartMinutes: journal.options.dayStartMinutes)
        // Capped as `units-lint` caps them.
        let found = Linter.lint(journal, configuration: LintConfiguration(today: today), keepPerRule: LintCap.perRule + 1)
        let cap = LintCap(found.findings, notMade: found.notMade)
        diagnostics = cap.shown
        omitted = cap.omitted
    }

    /// The line of the root file holding a byte offset.
    func lineIndex(at offset: Int) -> Int? {
        tree.lines.isEmpty ? nil : tree.lineIndex(containing: offset)
    }

    /// The token under a byte offset (a cursor just after a token counts as on it).
    func token(at offset: Int) -> (line: SyntaxLine, token: Token)? {
        guard let index = lineIndex(at: offset) else { return nil }
        let line = tree.lines[index]
        for token in tree.tokens(of: line) where Int(token.start) <= offset && offset <= Int(token.end) {
            return (line, token)
        }
        return nil
    }

    /// A location (URI and range) for a range in any file of the journal.
    func location(_ range: SourceRange) -> JSONValue {
        let file = range.file
        let uri = file.path == path ? document.uri : TextDocument.uri(forPath: file.path)
        let text = file.path == path ? document : TextDocument(uri: uri, version: 0, bytes: file.bytes)
        return ["uri": .string(uri), "range": text.range(start: range.start, end: range.end).json]
    }
}
