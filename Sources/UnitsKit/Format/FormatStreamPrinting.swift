/// `units-fmt --check` on a file that is not canonical, with one parse of
/// the file instead of two (issue 15): the verdict of the two-pass
/// `FormatStream.twoPass`, from one block parse of the file and one of the
/// printed output (the self-check).
///
/// A line of an aligned block cannot be printed before the whole block is
/// measured. So the lines of the block still open are held back, and the
/// block parses (trees) they come from are kept, until the block ends;
/// then the block is printed with its widths, as `CanonicalPrinter.print()`
/// prints it. Blocks are usually short (a declaration's attributes, a
/// day's entries); a block longer than `maxOpenLines` would keep too much
/// of the file's tree, and the caller takes the two-pass path instead.
extension FormatStream {
    enum PrintingPass: Equatable {
        case answer(Verdict?)
        /// An aligned block is longer than the pass holds.
        case blockTooLong
    }

    static func printingPass(_ file: SourceFile, blockLines: Int, maxOpenLines: Int, selfCheck: Bool = true) -> PrintingPass {
        var pass = PrintingState(file: file, maxOpenLines: maxOpenLines, selfCheck: selfCheck)
        var step = PrintingState.Step.more
        let diagnostics = Parser.scan(file, blockLines: blockLines) { tree in
            step = pass.consume(tree)
            return step == .more
        }
        if step == .tooLong { return .blockTooLong }
        guard diagnostics.isEmpty, step == .more else { return .answer(nil) }
        return .answer(pass.finish())
    }
}

/// The printing pass's state, carried from block parse to block parse.
/// (A struct with mutating methods, not closures over local variables:
/// those were checked for exclusive access at every use, 9% of the pass.)
private struct PrintingState {
    enum Step { case more, unsure, tooLong }

    let source: [UInt8]
    let maxOpenLines: Int
    /// Whether the printed text is parsed and compared with the file's
    /// (`FormatStream.verdict`). Without it the first printed byte that
    /// differs is the answer, and the rest of the file is only parsed, for
    /// its errors.
    let selfCheck: Bool
    /// The block parses still needed: trees[0] is piece `firstPiece`.
    var trees: [SyntaxTree] = []
    var firstPiece = 0
    var blocks = AlignedBlocks()
    /// The open block's lines.
    var open: [(piece: Int32, line: Int32)] = []
    var entryWidths = CanonicalPrinter.EntryWidths(), attributeWidths = CanonicalPrinter.AttributeWidths()
    var printer: CanonicalPrinter
    var printerPiece = -1
    /// The non-blank lines in the printer's output.
    var printed: [(piece: Int32, line: Int32)] = []
    var outputLines: [Int32] = []
    var output: StreamingParser
    /// Bytes printed and checked so far (= bytes of the file compared).
    var written = 0
    var changed = false, pendingBlank = false

    init(file: SourceFile, maxOpenLines: Int, selfCheck: Bool) {
        source = file.bytes
        self.maxOpenLines = maxOpenLines
        self.selfCheck = selfCheck
        printer = CanonicalPrinter(tree: SyntaxTree(file: file, byteOrderMarkLength: 0), reserve: false)
        output = StreamingParser(path: file.path)
    }

    /// Reads one block parse: prints what it can, self-checks it.
    mutating func consume(_ tree: SyntaxTree) -> Step {
        guard tree.diagnostics.isEmpty else { return .unsure }
        // The answer is known: the rest is parsed for its errors alone.
        if changed && !selfCheck { return .more }
        let piece = firstPiece + trees.count
        trees.append(tree)
        var index = 0
        for line in tree.lines {
            defer { index += 1 }
            let starts = blocks.enter(line.kind)
            // The open block ends before a line that starts another or is outside any.
            if starts || !blocks.inBlock { closeBlock() }
            // Blank lines: runs collapse to one, none at the start or the end.
            if line.kind == .blank { pendingBlank = written + printer.out.count > 0; continue }
            guard blocks.inBlock else { printLine(piece, index); continue }
            switch line.kind {
            case .entry:
                if starts { entryWidths = .init() }
                printer.measureEntry(tree.tokens(of: line), into: &entryWidths)
            case .attribute:
                if starts { attributeWidths = .init() }
                printer.measureAttribute(tree.tokens(of: line), into: &attributeWidths)
            default:
                break
            }
            open.append((Int32(piece), Int32(index)))
            if open.count > maxOpenLines { return .tooLong }
        }
        guard flush() else { return .unsure }
        if changed && !selfCheck {
            trees.removeAll(); open.removeAll(); printed.removeAll()
            return .more
        }
        // Let go of the block parses no line still needs.
        let keep = open.first.map { Int($0.piece) } ?? piece
        if keep > firstPiece {
            trees.removeFirst(keep - firstPiece)
            firstPiece = keep
            printerPiece = -1
        }
        return .more
    }

    /// After the last block parse: the verdict, or nil when the self-check fails.
    mutating func finish() -> FormatStream.Verdict? {
        if changed && !selfCheck { return .notCanonical }
        closeBlock()
        guard flush() else { return nil }
        return changed || written != source.count ? .notCanonical : .canonical
    }

    mutating func printLine(_ piece: Int, _ index: Int) {
        if piece != printerPiece {
            printer.tree = trees[piece - firstPiece]
            printerPiece = piece
        }
        if pendingBlank { printer.out.append(ASCII.lf); pendingBlank = false }
        let line = printer.tree.lines[index]
        switch line.kind {
        case .entry: printer.writeEntryLine(printer.tree.tokens(of: line), entryWidths)
        case .attribute: printer.writeAttributeLine(printer.tree.tokens(of: line), attributeWidths)
        case .comment: printer.writeCommentLine(line)
        default: printer.writePlainLine(line)
        }
        printed.append((Int32(piece), Int32(index)))
    }

    mutating func closeBlock() {
        guard !open.isEmpty else { return }
        for (piece, index) in open { printLine(Int(piece), Int(index)) }
        open.removeAll(keepingCapacity: true)
    }

    /// Compares the output so far with the file, and self-checks it: its
    /// printed text parses and means the same, line for line (blank lines aside).
    mutating func flush() -> Bool {
        guard !printer.out.isEmpty else { return true }
        let out = printer.out
        if !changed {
            let at = written
            changed = at + out.count > source.count
                || !out.withUnsafeBufferPointer { o in
                    source.withUnsafeBufferPointer { s in SystemBytes.equal(o.baseAddress!, s.baseAddress! + at, count: o.count) }
                }
        }
        written += out.count
        guard selfCheck else {
            printer.out.removeAll(keepingCapacity: true)
            printed.removeAll(keepingCapacity: true)
            return true
        }
        let result = output.feed(out)
        printer.out.removeAll(keepingCapacity: true)
        outputLines.removeAll(keepingCapacity: true)
        var index: Int32 = 0
        for line in result.lines {
            if line.kind != .blank { outputLines.append(index) }
            index += 1
        }
        guard output.diagnostics.isEmpty, outputLines.count == printed.count else { return false }
        var piece = -1
        var tree = printer.tree
        for (k, y) in outputLines.enumerated() {
            let (p, x) = printed[k]
            if Int(p) != piece { piece = Int(p); tree = trees[piece - firstPiece] }
            let a = tree.lines[Int(x)], b = result.lines[Int(y)]
            guard a.kind == b.kind, FormatCheck.sameMeaning(a, tree, b, result) else { return false }
        }
        printed.removeAll(keepingCapacity: true)
        return true
    }
}
