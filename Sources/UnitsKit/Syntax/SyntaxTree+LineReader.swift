extension SyntaxTree {
    /// Reads lines of the tree's file again (the tokens a block parse let
    /// go), through one parser whose buffers are reused line after line.
    struct LineReader {
        private var state: ParserState

        init(file: SourceFile) { state = ParserState(file: file, reserveTokens: false, reserveLines: false) }

        /// Replaces the contents of `tokens` with the tokens of `line`.
        mutating func tokens(of line: SyntaxLine, into tokens: inout [Token]) {
            state.tree.tokens.removeAll(keepingCapacity: true)
            state.tree.lines.removeAll(keepingCapacity: true)
            state.tree.diagnostics.removeAll()
            // An attribute line is one only under a declaration: the line
            // above it, which this reads without.
            state.inDeclaration = line.kind == .attribute
            state.file.withBytes { buf in
                state.parseLine(buf, start: Int(line.start), contentEnd: Int(line.contentEnd), end: Int(line.end), checkBytes: true)
            }
            tokens.removeAll(keepingCapacity: true)
            tokens.append(contentsOf: state.tree.tokens)
        }
    }

    /// A reader of this tree's lines (see `LineReader`).
    func lineReader() -> LineReader { LineReader(file: file) }
}
