/// `units-fmt --check`: whether formatting a file would change a byte (as
/// `Formatter.format` answers), a block of lines at a time. An aligned block
/// is printed with the widths its first line *claims* by its padding: a
/// canonical file's claim is what the block measures.
public enum CanonicalCheck {
    /// Whether formatting `file` would leave every byte as it is; nil when
    /// the file has lines that do not parse (the whole-file path words them).
    public static func isCanonical(_ file: SourceFile, blockLines: Int = 4096) -> Bool? {
        var blocks = Parser.Blocks()
        blocks.lines = blockLines
        blocks.keepingLines = false
        var pass = Pass(file: file)
        guard Parser.parse(file, in: blocks, consume: { pass.consume($0.tree) }).diagnostics.isEmpty else { return nil }
        return pass.finish()
    }

    /// The open aligned block: its claim and what it measures.
    struct OpenBlock {
        var claim = CanonicalPrinter.Widths(), measured = CanonicalPrinter.Widths()

        /// Prints one line of the block with its claim, measuring it; the first
        /// note states the note column, and the line is printed again with it.
        mutating func print(_ tokens: ArraySlice<Token>, entry: Bool, printer: inout CanonicalPrinter,
                            source: [UInt8]) {
            if entry {
                printer.measureEntry(tokens, into: &measured)
            } else {
                printer.measureAttribute(tokens, into: &measured)
            }
            func write() -> Int {
                entry ? printer.writeEntryLine(tokens, claim) : printer.writeAttributeLine(tokens, claim)
            }
            let lineStart = printer.out.count
            let text = write()
            if claim.note < 0, let comment = tokens.last, comment.kind == .comment {
                claim.note = text + Pass.spaces(before: Int(comment.start), in: source) - 1
                printer.out.removeSubrange(lineStart...)
                _ = write()
            }
        }
    }

    /// The printing pass, carried from block parse to block parse.
    struct Pass {
        let source: [UInt8]
        var printer: CanonicalPrinter
        /// The open aligned block's kind (`.entry`, `.attribute`, else `.blank`) and widths.
        var open = LineKind.blank
        var block = OpenBlock()
        /// Bytes printed before the printer's buffer (= bytes of the file compared).
        var written = 0
        var pendingBlank = false
        /// The answer, once known.
        var answer: Bool?

        init(file: SourceFile) {
            source = file.bytes
            printer = CanonicalPrinter(tree: SyntaxTree(file: file, byteOrderMarkLength: 0), reserve: false)
        }

        /// Reads one block parse; false stops the parse (it has errors).
        mutating func consume(_ tree: SyntaxTree) -> Bool {
            guard tree.diagnostics.isEmpty else { return false }
            // Known: the rest is parsed for its errors alone.
            if answer != nil { return true }
            printer.tree = tree
            for line in tree.lines {
                // A comment after a block's last attribute prints the same inside or outside it.
                let continues = line.kind == open || (line.kind == .comment && open == .attribute)
                if !continues { closeBlock() }
                if answer != nil { break }
                if line.kind == .blank { pendingBlank = written + printer.out.count > 0; continue }
                let before = printer.out.count
                if pendingBlank { printer.out.append(ASCII.lf); pendingBlank = false }
                switch line.kind {
                case .entry, .attribute:
                    let tokens = tree.tokens(of: line)
                    let entry = line.kind == .entry
                    if !continues { (open, block) = (line.kind, OpenBlock(claim: claim(tokens, entry: entry))) }
                    block.print(tokens, entry: entry, printer: &printer, source: source)
                case .comment:
                    printer.writeCommentLine(line)
                default:
                    printer.writePlainLine(line)
                }
                if !printer.out.bytesEqual(before..<printer.out.count, source, at: written + before) {
                    answer = false
                    break
                }
            }
            written += printer.out.count
            printer.out.removeAll(keepingCapacity: true)
            return true
        }

        /// After the last block parse: the answer.
        mutating func finish() -> Bool {
            if answer == nil { closeBlock() }
            return answer ?? (written == source.count)
        }

        /// What a block's first line claims by its padding: the name's (key's)
        /// width with the spaces after it (the note's with the first note).
        func claim(_ tokens: ArraySlice<Token>, entry: Bool) -> CanonicalPrinter.Widths {
            let t = tokens.startIndex
            if entry { return .init(column: printer.width(tokens[t + 1]) + spaces(from: Int(tokens[t + 1].end)) - 1) }
            return .init(column: tokens[t].length + spaces(from: Int(tokens[t + 1].end)) - 1)
        }

        /// Ends the open aligned block: a claim it did not measure answers.
        mutating func closeBlock() {
            if open != .blank, block.claim != block.measured { answer = false }
            open = .blank
        }

        /// How many spaces the file has from `offset` on.
        func spaces(from offset: Int) -> Int {
            var i = offset
            while i < source.count, source[i] == ASCII.space { i += 1 }
            return i - offset
        }

        /// How many spaces `source` has just before `offset`.
        static func spaces(before offset: Int, in source: [UInt8]) -> Int {
            var i = offset
            while i > 0, source[i - 1] == ASCII.space { i -= 1 }
            return offset - i
        }
    }
}
