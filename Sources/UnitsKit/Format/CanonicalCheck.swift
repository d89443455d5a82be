/// `units-fmt --check`: whether formatting a file would change a byte, the
/// same answer as `Formatter.format` on the whole file, found a block of
/// lines at a time without holding the file's tree or its canonical text.
///
/// Printing a line of an aligned block (a run of entry lines, a
/// declaration's attribute lines) needs the block's widths. A canonical
/// file states them in its padding: the first pass reads each block's
/// widths from its first lines (the *claim*), prints every line with them
/// through `CanonicalPrinter`, compares each printed line with the file's,
/// and measures the block as it goes. Where a block's claim is what it
/// measures, its printed lines are exactly `print()`'s, so the first line
/// that differs answers "not canonical" and no difference answers
/// "canonical". A wrong claim (a block's first line not padded to the
/// block's widest) ends the pass; the next prints the blocks up to it with
/// the widths the pass measured, and claims again after it (a misaligned
/// file's first wrong block usually holds its first difference). After
/// three such passes the file is read twice more: once to measure every
/// block, once to print with the measured widths.
///
/// The output is never parsed again here: `--check` writes nothing, and
/// the self-check (`FormatCheck`) guards what is written.
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
                case .entry:
                    if starts { measured.entries.append(.init()) }
                    printer.measureEntry(block.tree.tokens(of: line), into: &measured.entries[measured.entries.count - 1])
                case .attribute:
                    if starts { measured.attributes.append(.init()) }
                    printer.measureAttribute(block.tree.tokens(of: line), into: &measured.attributes[measured.attributes.count - 1])
                default:
                    break
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
        var entryClaim = CanonicalPrinter.EntryWidths(), entryMeasured = CanonicalPrinter.EntryWidths()
        var attributeClaim = CanonicalPrinter.AttributeWidths(), attributeMeasured = CanonicalPrinter.AttributeWidths()
        var entryBlocks = 0, attributeBlocks = 0
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
                    if starts { startEntryBlock(tokens) }
                    printer.measureEntry(tokens, into: &entryMeasured)
                    let lineStart = printer.out.count
                    let rest = printer.writeEntryLine(tokens, entryClaim)
                    if entryClaim.rest < 0, let comment = tokens.last, comment.kind == .comment {
                        // The block's first note: its column is the claim.
                        entryClaim.rest = rest + spaces(before: Int(comment.start)) - 1
                        printer.out.removeSubrange(lineStart...)
                        printer.writeEntryLine(tokens, entryClaim)
                    }
                case .attribute:
                    let tokens = tree.tokens(of: line)
                    if starts { startAttributeBlock(tokens) }
                    printer.measureAttribute(tokens, into: &attributeMeasured)
                    let lineStart = printer.out.count
                    let value = printer.writeAttributeLine(tokens, attributeClaim)
                    if attributeClaim.value < 0, let comment = tokens.last, comment.kind == .comment {
                        attributeClaim.value = value + spaces(before: Int(comment.start)) - 1
                        printer.out.removeSubrange(lineStart...)
                        printer.writeAttributeLine(tokens, attributeClaim)
                    }
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

        mutating func startEntryBlock(_ tokens: ArraySlice<Token>) {
            open = .entry
            entryMeasured = .init()
            if entryBlocks < known.entries.count {
                entryClaim = known.entries[entryBlocks]
            } else {
                let name = tokens[tokens.startIndex + 1]
                entryClaim = .init(name: printer.width(name) + spaces(from: Int(name.end)) - 1, rest: -1)
            }
            entryBlocks += 1
        }

        mutating func startAttributeBlock(_ tokens: ArraySlice<Token>) {
            open = .attribute
            attributeMeasured = .init()
            if attributeBlocks < known.attributes.count {
                attributeClaim = known.attributes[attributeBlocks]
            } else {
                let key = tokens[tokens.startIndex], colon = tokens[tokens.startIndex + 1]
                attributeClaim = .init(key: key.length + spaces(from: Int(colon.end)) - 1, value: -1)
            }
            attributeBlocks += 1
        }

        /// Ends the open aligned block: its claim holds, or the pass is unsure.
        mutating func closeBlock() {
            switch open {
            case .entry:
                seen.entries.append(entryMeasured)
                unsure = entryClaim != entryMeasured
            case .attribute:
                seen.attributes.append(attributeMeasured)
                unsure = attributeClaim != attributeMeasured
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

        /// How many spaces the file has just before `offset`.
        func spaces(before offset: Int) -> Int {
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
