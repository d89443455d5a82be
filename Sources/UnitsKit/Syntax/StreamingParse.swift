/// Parses that hold one block of lines at a time (issue 15): for readers
/// that look at each line once and keep nothing of the tree, such as
/// `units-fmt --check` at a million lines. Each block is handed over as a
/// tree of its own lines and tokens (line indexes from 0 within the block,
/// offsets into the whole file), then forgotten; the parser's state carries
/// from block to block, so every line parses exactly as in `Parser.parse`.
extension Parser {
    /// Parses `file` `blockLines` lines at a time; `consume` sees each block
    /// and returns false to stop. Returns the parser's diagnostics (of the
    /// blocks read).
    static func scan(_ file: SourceFile, blockLines: Int, consume: (SyntaxTree) -> Bool) -> [Diagnostic] {
        var state = ParserState(file: file, reserveTokens: false, reserveLines: false)
        file.withBytes { buf in
            var start = state.tree.byteOrderMarkLength
            repeat {
                file.releaseResidentPages(before: start)
                start = state.run(buf, from: start, maxLines: max(1, blockLines))
                guard consume(state.tree) else { return }
                state.tree.lines.removeAll(keepingCapacity: true)
                state.tree.tokens.removeAll(keepingCapacity: true)
            } while start < buf.count
        }
        return state.tree.diagnostics
    }
}

/// A parse of a text that arrives in pieces, each of whole lines (the
/// formatter's output, checked as it is printed): `feed` parses a piece as
/// the continuation of the pieces before it and returns the tree of its
/// lines alone. The first piece is read as the start of a file (a
/// byte-order mark is skipped), the others as following on.
struct StreamingParser {
    private var state: ParserState?
    private let path: String
    /// Every diagnostic so far, with ranges in the piece that held it.
    private(set) var diagnostics: [Diagnostic] = []

    init(path: String) { self.path = path }

    mutating func feed(_ bytes: [UInt8]) -> SyntaxTree {
        let file = SourceFile(path: path, bytes: bytes)
        var current: ParserState
        if var previous = state {
            previous.file = file
            previous.tree = SyntaxTree(file: file, byteOrderMarkLength: 0)
            current = previous
        } else {
            current = ParserState(file: file, reserveTokens: false, reserveLines: false)
        }
        state = nil   // one owner of the parser's buffers while it runs
        let from = current.tree.byteOrderMarkLength
        bytes.withUnsafeBufferPointer { _ = current.run($0, from: from, maxLines: .max) }
        diagnostics.append(contentsOf: current.tree.diagnostics)
        let tree = current.tree
        state = current
        return tree
    }
}

/// Reads lines of one file again, one at a time, through one parser whose
/// buffers are reused (for a reader that needs the tokens a block parse let
/// go, line after line: `units export --csv`). The tokens are the parser's,
/// as `SyntaxTree.tokens(of:)` gives them, without an allocation per line.
struct LineReparser {
    private var state: ParserState

    init(file: SourceFile) { state = ParserState(file: file, reserveTokens: false, reserveLines: false) }

    /// Replaces the contents of `tokens` with the tokens of `line` (a line
    /// of this reparser's file).
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
