/// `units-fmt --check`: whether formatting a file would change a byte, the
/// same answer as `Formatter.format` on the whole file, found a block of
/// lines at a time without holding the file's tree or its canonical text.
///
/// An aligned block's lines are printed with the widths its first line
/// *claims* by its padding, compared with the file's, and the block measured
/// as it goes: where the claim is what the block measures, the printed lines
/// are `print()`'s. A wrong claim ends the pass; the next prints the blocks up
/// to it with the measured widths. After `restarts` passes every block is
/// measured first, then printed with those widths.
public enum CanonicalCheck {
    /// Whether formatting `file` would leave every byte as it is; nil when
    /// the file has lines that do not parse (the whole-file path words them).
    /// (`restarts`: how many passes may claim before every block is measured.)
    public static func isCanonical(_ file: SourceFile, blockLines: Int = 4096, restarts: Int = 3) -> Bool? {
        var blocks = Parser.Blocks()
        blocks.lines = blockLines
        blocks.keepingLines = false
        // A wrong claim ends a pass; the next one prints every block up to
        // it with the widths it measured, and claims again after it.
        var known = Measured()
        for _ in 0..<restarts {
            var pass = Pass(file: file, known: known)
            guard Parser.parse(file, in: blocks, consume: { pass.consume($0.tree) }).diagnostics.isEmpty else { return nil }
            if let answer = pass.finish() { return answer }
            known = pass.seen
        }

        // Claims still wrong: measure every block, then print with those widths.
        var measured = Measured()
        var aligned = AlignedBlocks()
        var printer = CanonicalPrinter(tree: SyntaxTree(file: file, byteOrderMarkLength: 0), reserve: false)
        Parser.parse(file, in: blocks) { block in
            printer.tree = block.tree
            for line in block.tree.lines {
                let starts = aligned.enter(line.kind)
                switch line.kind {
                case .entry: measured.measure(block.tree.tokens(of: line), starts: starts, in: \.entries, printer: &printer)
                case .attribute: measured.measure(block.tree.tokens(of: line), starts: starts, in: \.attributes, printer: &printer)
                default: break
                }
            }
            printer.out.removeAll(keepingCapacity: true)
            return true
        }
        var last = Pass(file: file, known: measured)
        guard Parser.parse(file, in: blocks, consume: { last.consume($0.tree) }).diagnostics.isEmpty else { return nil }
        return last.finish()
    }

    /// The widths of every aligned block of a file, in order.
    struct Measured {
        var entries: [CanonicalPrinter.EntryWidths] = []
        var attributes: [CanonicalPrinter.AttributeWidths] = []

        /// Widens the block of `list` that `tokens` belong to (a new one when the line `starts` it).
        mutating func measure<Widths: BlockWidths>(_ tokens: ArraySlice<Token>, starts: Bool, in list: WritableKeyPath<Measured, [Widths]>,
                                                   printer: inout CanonicalPrinter) {
            if starts { self[keyPath: list].append(Widths()) }
            Widths.measure(tokens, into: &self[keyPath: list][self[keyPath: list].count - 1], printer: &printer)
        }
    }

    /// One kind of aligned block (entries or attributes) as a pass prints
    /// it: the open block's claim and what it measures, and how many blocks
    /// of the kind the pass has opened.
    struct OpenBlock<Widths: BlockWidths> {
        var claim = Widths(), measured = Widths()
        var count = 0

        /// Opens a block: printed with the widths an earlier pass measured
        /// for it (`known`), else with those its first line claims.
        mutating func open(known: [Widths], claimed: Widths) {
            measured = Widths()
            claim = count < known.count ? known[count] : claimed
            count += 1
        }

        /// Prints one line of the block with its claim, measuring it. The
        /// block's first note states the note column: it joins the claim and
        /// the line is printed again with it.
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

        /// Closes the block into `seen`; whether its claim held.
        func close(into seen: inout [Widths]) -> Bool {
            seen.append(measured)
            return claim == measured
        }
    }

    /// One printing pass, carried from block parse to block parse.
    struct Pass {
        let source: [UInt8]
        /// The widths of the first blocks, measured by an earlier pass;
        /// the blocks after them are printed with their claims.
        let known: Measured
        /// The widths of the blocks this pass has closed.
        var seen = Measured()
        var printer: CanonicalPrinter
        var aligned = AlignedBlocks()
        /// The open block's kind, the widths it is printed with, and those it measures.
        var open = LineKind.blank
        var entries = OpenBlock<CanonicalPrinter.EntryWidths>()
        var attributes = OpenBlock<CanonicalPrinter.AttributeWidths>()
        /// Bytes printed before the printer's buffer (= bytes of the file compared).
        var written = 0
        var pendingBlank = false
        /// A line of the open block differs from the file's.
        var differsInBlock = false
        /// The answer, once known; `unsure` when a claim was wrong.
        var answer: Bool?
        var unsure = false

        init(file: SourceFile, known: Measured) {
            source = file.bytes
            self.known = known
            printer = CanonicalPrinter(tree: SyntaxTree(file: file, byteOrderMarkLength: 0), reserve: false)
        }

        /// Reads one block parse; false stops the parse (a claim was wrong).
        mutating func consume(_ tree: SyntaxTree) -> Bool {
            guard tree.diagnostics.isEmpty else { return false }
            // Known: the rest is parsed for its errors alone.
            if answer != nil { return true }
            printer.tree = tree
            for line in tree.lines {
                let starts = aligned.enter(line.kind)
                if starts || !aligned.inBlock { closeBlock() }
                if answer != nil || unsure { break }
                if line.kind == .blank { pendingBlank = written + printer.out.count > 0; continue }
                let before = printer.out.count
                if pendingBlank { printer.out.append(ASCII.lf); pendingBlank = false }
                switch line.kind {
                case .entry:
                    let tokens = tree.tokens(of: line)
                    if starts {
                        open = .entry
                        let claimed: CanonicalPrinter.EntryWidths = claim(tokens)
                        entries.open(known: known.entries, claimed: claimed)
                    }
                    entries.print(tokens, printer: &printer, source: source)
                case .attribute:
                    let tokens = tree.tokens(of: line)
                    if starts {
                        open = .attribute
                        let claimed: CanonicalPrinter.AttributeWidths = claim(tokens)
                        attributes.open(known: known.attributes, claimed: claimed)
                    }
                    attributes.print(tokens, printer: &printer, source: source)
                case .comment:
                    printer.writeCommentLine(line)
                default:
                    printer.writePlainLine(line)
                }
                if !printer.out.bytesEqual(before..<printer.out.count, source, at: written + before) {
                    // In an aligned block the difference counts once the block's claim is confirmed.
                    if aligned.inBlock { differsInBlock = true } else { answer = false }
                }
                if differsInBlock { printer.out.removeAll(keepingCapacity: true) }
            }
            written += printer.out.count
            printer.out.removeAll(keepingCapacity: true)
            return !unsure
        }

        /// After the last block parse: the answer, or nil when a claim was wrong.
        mutating func finish() -> Bool? {
            if answer == nil && !unsure { closeBlock() }
            if unsure { return nil }
            return answer ?? (written == source.count)
        }

        /// What an entry block's first line claims by its padding: the
        /// name's width with the spaces after it (the notes' column comes
        /// with the block's first note).
        func claim(_ tokens: ArraySlice<Token>) -> CanonicalPrinter.EntryWidths {
            let name = tokens[tokens.startIndex + 1]
            return .init(name: printer.width(name) + spaces(from: Int(name.end)) - 1, note: -1)
        }

        /// What an attribute block's first line claims: the key's width with
        /// the spaces after its colon.
        func claim(_ tokens: ArraySlice<Token>) -> CanonicalPrinter.AttributeWidths {
            let key = tokens[tokens.startIndex], colon = tokens[tokens.startIndex + 1]
            return .init(key: key.length + spaces(from: Int(colon.end)) - 1, note: -1)
        }

        /// Ends the open aligned block: its claim holds, or the pass is unsure.
        mutating func closeBlock() {
            switch open {
            case .entry: unsure = !entries.close(into: &seen.entries)
            case .attribute: unsure = !attributes.close(into: &seen.attributes)
            default: return
            }
            open = .blank
            if !unsure && differsInBlock { answer = false }
            differsInBlock = false
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
/// `CanonicalPrinter.print()` groups them: a run of entry lines; an
/// attribute line and the attribute and comment lines after it (a comment
/// after a block's last attribute prints the same inside or outside it).
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

/// The widths an aligned block is printed with (`CanonicalPrinter`'s, for
/// a run of entry lines or a declaration's attribute lines): the check
/// claims, measures and prints both kinds the same way.
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
