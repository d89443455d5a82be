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

    /// The open aligned block of one kind: its claim and what it measures.
    struct OpenBlock<Widths: BlockWidths> {
        var claim = Widths(), measured = Widths()

        /// Prints one line of the block with its claim, measuring it; the first
        /// note states the note column, and the line is printed again with it.
        mutating func print(_ tokens: ArraySlice<Token>, printer: inout CanonicalPrinter, source: [UInt8]) {
            Widths.measure(tokens, into: &measured, printer: &printer)
            let lineStart = printer.out.count
            let text = Widths.write(tokens, claim, printer: &printer)
            if claim.note < 0, let comment = tokens.last, comment.kind == .comment {
                claim.note = text + Pass.spaces(before: Int(comment.start), in: source) - 1
                printer.out.removeSubrange(lineStart...)
                Widths.write(tokens, claim, printer: &printer)
            }
        }
    }

    /// The printing pass, carried from block parse to block parse.
    struct Pass {
        let source: [UInt8]
        var printer: CanonicalPrinter
        var aligned = AlignedBlocks()
        /// The open block's kind, and each kind's claim and measure.
        var open = LineKind.blank
        var entries = OpenBlock<CanonicalPrinter.EntryWidths>()
        var attributes = OpenBlock<CanonicalPrinter.AttributeWidths>()
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
                let starts = aligned.enter(line.kind)
                if starts || !aligned.inBlock { closeBlock() }
                if answer != nil { break }
                if line.kind == .blank { pendingBlank = written + printer.out.count > 0; continue }
                let before = printer.out.count
                if pendingBlank { printer.out.append(ASCII.lf); pendingBlank = false }
                switch line.kind {
                case .entry:
                    let tokens = tree.tokens(of: line)
                    if starts { (open, entries) = (.entry, OpenBlock(claim: claim(tokens))) }
                    entries.print(tokens, printer: &printer, source: source)
                case .attribute:
                    let tokens = tree.tokens(of: line)
                    if starts { (open, attributes) = (.attribute, OpenBlock(claim: claim(tokens))) }
                    attributes.print(tokens, printer: &printer, source: source)
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

        /// What an entry block's first line claims by its padding: the name's
        /// width with the spaces after it (the notes' with the first note).
        func claim(_ tokens: ArraySlice<Token>) -> CanonicalPrinter.EntryWidths {
            let name = tokens[tokens.startIndex + 1]
            return .init(name: printer.width(name) + spaces(from: Int(name.end)) - 1, note: -1)
        }

        /// What an attribute block's first line claims: the key's width and padding.
        func claim(_ tokens: ArraySlice<Token>) -> CanonicalPrinter.AttributeWidths {
            let key = tokens[tokens.startIndex], colon = tokens[tokens.startIndex + 1]
            return .init(key: key.length + spaces(from: Int(colon.end)) - 1, note: -1)
        }

        /// Ends the open aligned block: a claim it did not measure answers.
        mutating func closeBlock() {
            switch open {
            case .entry: if entries.claim != entries.measured { answer = false }
            case .attribute: if attributes.claim != attributes.measured { answer = false }
            default: break
            }
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

/// Which aligned block a line belongs to, line after line, as
/// `CanonicalPrinter.print()` groups them (a comment after a block's last
/// attribute prints the same inside or outside it).
struct AlignedBlocks {
    private enum Kind { case none, entries, attributes }
    private var current = Kind.none

    /// Whether the line last entered belongs to an aligned block.
    var inBlock: Bool { current != .none }

    /// Moves on to a line of `kind`; true when it starts a new aligned block.
    mutating func enter(_ kind: LineKind) -> Bool {
        switch kind {
        case .entry:
            defer { current = .entries }
            return current != .entries
        case .attribute:
            defer { current = .attributes }
            return current != .attributes
        case .comment where current == .attributes:
            return false
        default:
            current = .none
            return false
        }
    }
}

/// The widths an aligned block (entries or attributes) is printed with: the
/// check claims, measures and prints both kinds the same way.
protocol BlockWidths: Equatable {
    init()
    /// The width the block's notes are aligned after (-1: none seen yet).
    var note: Int { get set }
    /// Widens `widths` to fit one line.
    static func measure(_ tokens: ArraySlice<Token>, into widths: inout Self, printer: inout CanonicalPrinter)
    /// Prints one line with `widths`; returns the width its note is aligned after.
    @discardableResult
    static func write(_ tokens: ArraySlice<Token>, _ widths: Self, printer: inout CanonicalPrinter) -> Int
}

extension CanonicalPrinter.EntryWidths: BlockWidths {
    static func measure(_ tokens: ArraySlice<Token>, into widths: inout Self, printer: inout CanonicalPrinter) { printer.measureEntry(tokens, into: &widths) }
    static func write(_ tokens: ArraySlice<Token>, _ widths: Self, printer: inout CanonicalPrinter) -> Int { printer.writeEntryLine(tokens, widths) }
}

extension CanonicalPrinter.AttributeWidths: BlockWidths {
    static func measure(_ tokens: ArraySlice<Token>, into widths: inout Self, printer: inout CanonicalPrinter) { printer.measureAttribute(tokens, into: &widths) }
    static func write(_ tokens: ArraySlice<Token>, _ widths: Self, printer: inout CanonicalPrinter) -> Int { printer.writeAttributeLine(tokens, widths) }
}
