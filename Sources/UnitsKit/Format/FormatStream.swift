/// `units-fmt --check` at a million lines (issue 15): the same answer as
/// formatting the whole file (`Formatter.format`, then `FormatCheck` on the
/// output when it differs), without holding the file's tree or its whole
/// canonical text.
///
/// Three ways to the answer, the cheapest first: one pass that can only
/// say "canonical" (`canonicalPass`, FormatStreamCanonical.swift); one
/// parse of the file and one of the output (`printingPass`,
/// FormatStreamPrinting.swift); and, for a file with an aligned block too
/// long to hold, `twoPass`, described here.
///
/// Two passes over the file, a block of lines at a time. The first
/// measures every block the printer aligns (runs of entry lines, the
/// attribute lines of a declaration). The second prints each line with
/// its block's widths, through the same `CanonicalPrinter` code as
/// `print()`, compares the printed bytes with the file's, and runs the
/// self-check on them as they come: the printed lines are parsed (one
/// parse carried from piece to piece) and must mean what the lines they
/// were printed from mean. Whenever this cannot answer exactly as the
/// whole-file path would (the file has lines that do not parse, or the
/// self-check finds a problem), it answers nil and the caller takes that
/// path, which words the errors.
public enum FormatStream {
    public enum Verdict: Equatable, Sendable {
        /// Formatting would not change a byte.
        case canonical
        /// Formatting would change the file, and its output passes the self-check.
        case notCanonical
    }

    /// Whether formatting `file` would change it; nil when the whole-file
    /// path must answer (see above).
    ///
    /// `selfCheck: false` is `units-fmt --check`'s question, which writes
    /// nothing: would formatting change a byte? The self-check guards what
    /// is written (`units-fmt`, `--diff`), so without it the first printed
    /// byte that differs from the file's is the answer, and the rest of the
    /// file is only parsed, for its errors (one parse in all, issue 15).
    /// Then nil means only that the file has errors.
    public static func verdict(_ file: SourceFile, blockLines: Int = 4096, selfCheck: Bool = true) -> Verdict? {
        // Most files checked are canonical: one pass tells (FormatStreamCanonical).
        switch canonicalPass(file, blockLines: blockLines) {
        case .canonical: return .canonical
        case .unparsed: return nil
        case .differs: break
        }
        // Else one parse of the file and one of the output (FormatStreamPrinting),
        // unless an aligned block is too long to hold.
        switch printingPass(file, blockLines: blockLines, maxOpenLines: 16 * max(1, blockLines), selfCheck: selfCheck) {
        case .answer(let verdict): return verdict
        case .blockTooLong: return twoPass(file, blockLines: blockLines, selfCheck: selfCheck)
        }
    }

    /// The verdict in two passes over the file (see above).
    static func twoPass(_ file: SourceFile, blockLines: Int, selfCheck: Bool = true) -> Verdict? {
        // Pass 1: the widths of every aligned block, in order.
        var entryWidths: [CanonicalPrinter.EntryWidths] = []
        var attributeWidths: [CanonicalPrinter.AttributeWidths] = []
        var blocks = AlignedBlocks()
        let diagnostics = Parser.scan(file, blockLines: blockLines) { tree in
            guard tree.diagnostics.isEmpty else { return false }
            var printer = CanonicalPrinter(tree: tree, reserve: false)
            for line in tree.lines {
                let starts = blocks.enter(line.kind)
                switch line.kind {
                case .entry:
                    if starts { entryWidths.append(.init()) }
                    printer.measureEntry(tree.tokens(of: line), into: &entryWidths[entryWidths.count - 1])
                case .attribute:
                    if starts { attributeWidths.append(.init()) }
                    printer.measureAttribute(tree.tokens(of: line), into: &attributeWidths[attributeWidths.count - 1])
                default:
                    break
                }
            }
            return true
        }
        guard diagnostics.isEmpty else { return nil }

        // Pass 2: print, compare, self-check.
        blocks = AlignedBlocks()
        var entryBlock = -1, attributeBlock = -1
        var written = 0            // bytes printed so far (= bytes of the file compared)
        var changed = false
        var pendingBlank = false
        var sure = true
        var output = StreamingParser(path: file.path)
        var printedLines: [Int32] = [], outputLines: [Int32] = []
        let source = file.bytes
        _ = Parser.scan(file, blockLines: blockLines) { tree in
            var printer = CanonicalPrinter(tree: tree, reserve: false)
            printedLines.removeAll(keepingCapacity: true)
            for (index, line) in tree.lines.enumerated() {
                let starts = blocks.enter(line.kind)
                // Blank lines: runs collapse to one, none at the start or the end.
                if line.kind == .blank { pendingBlank = written + printer.out.count > 0; continue }
                if pendingBlank { printer.out.append(ASCII.lf); pendingBlank = false }
                switch line.kind {
                case .entry:
                    if starts { entryBlock += 1 }
                    printer.writeEntryLine(tree.tokens(of: line), entryWidths[entryBlock])
                case .attribute:
                    if starts { attributeBlock += 1 }
                    printer.writeAttributeLine(tree.tokens(of: line), attributeWidths[attributeBlock])
                case .comment:
                    printer.writeCommentLine(line)
                default:
                    printer.writePlainLine(line)
                }
                printedLines.append(Int32(index))
            }
            let out = printer.out
            if !changed {
                changed = written + out.count > source.count
                    || !out.withUnsafeBufferPointer { o in
                        source.withUnsafeBufferPointer { s in
                            o.count == 0 || SystemBytes.equal(o.baseAddress!, s.baseAddress! + written, count: o.count)
                        }
                    }
            }
            written += out.count
            // Without the self-check, a difference is the answer (pass 1 found no errors).
            if !selfCheck { return !changed }
            // The self-check of these lines: their printed text parses and
            // means the same, line for line (blank lines aside).
            let printed = output.feed(out)
            outputLines.removeAll(keepingCapacity: true)
            for (index, line) in printed.lines.enumerated() where line.kind != .blank { outputLines.append(Int32(index)) }
            guard output.diagnostics.isEmpty, outputLines.count == printedLines.count else { sure = false; return false }
            for (x, y) in zip(printedLines, outputLines) {
                let a = tree.lines[Int(x)], b = printed.lines[Int(y)]
                guard a.kind == b.kind, FormatCheck.sameMeaning(a, tree, b, printed) else { sure = false; return false }
            }
            return true
        }
        guard sure else { return nil }
        return changed || written != source.count ? .notCanonical : .canonical
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
