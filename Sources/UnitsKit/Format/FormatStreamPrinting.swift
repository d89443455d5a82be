#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

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

    static func printingPass(_ file: SourceFile, blockLines: Int, maxOpenLines: Int) -> PrintingPass {
        var trees: [SyntaxTree] = []    // the block parses still needed: trees[0] is piece `firstPiece`
        var firstPiece = 0
        var blocks = AlignedBlocks()
        var open: [(piece: Int32, line: Int32)] = []     // the open block's lines
        var entryWidths = CanonicalPrinter.EntryWidths(), attributeWidths = CanonicalPrinter.AttributeWidths()
        var printer: CanonicalPrinter?
        var printerPiece = -1
        var printed: [(piece: Int32, line: Int32)] = []  // the non-blank lines in the printer's output
        var outputLines: [Int32] = []
        var output = StreamingParser(path: file.path)
        var written = 0            // bytes printed and checked so far (= bytes of the file compared)
        var changed = false, pendingBlank = false, sure = true, tooLong = false
        let source = file.bytes

        func printLine(_ piece: Int, _ index: Int) {
            if piece != printerPiece {
                printer!.tree = trees[piece - firstPiece]
                printerPiece = piece
            }
            if pendingBlank { printer!.out.append(ASCII.lf); pendingBlank = false }
            let line = printer!.tree.lines[index]
            switch line.kind {
            case .entry: printer!.writeEntryLine(printer!.tree.tokens(of: line), entryWidths)
            case .attribute: printer!.writeAttributeLine(printer!.tree.tokens(of: line), attributeWidths)
            case .comment: printer!.writeCommentLine(line)
            default: printer!.writePlainLine(line)
            }
            printed.append((Int32(piece), Int32(index)))
        }
        func closeBlock() {
            for (piece, index) in open { printLine(Int(piece), Int(index)) }
            open.removeAll(keepingCapacity: true)
        }
        /// Compares the output so far with the file, and self-checks it:
        /// its printed text parses and means the same, line for line
        /// (blank lines aside).
        func flush() -> Bool {
            guard let out = printer?.out, !out.isEmpty else { return true }
            if !changed {
                changed = written + out.count > source.count
                    || !out.withUnsafeBufferPointer { o in
                        source.withUnsafeBufferPointer { s in memcmp(o.baseAddress!, s.baseAddress! + written, o.count) == 0 }
                    }
            }
            written += out.count
            let result = output.feed(out)
            printer!.out.removeAll(keepingCapacity: true)
            outputLines.removeAll(keepingCapacity: true)
            for (index, line) in result.lines.enumerated() where line.kind != .blank { outputLines.append(Int32(index)) }
            guard output.diagnostics.isEmpty, outputLines.count == printed.count else { return false }
            var tree = printer!.tree, piece = printerPiece
            for ((p, x), y) in zip(printed, outputLines) {
                if Int(p) != piece { piece = Int(p); tree = trees[piece - firstPiece] }
                let a = tree.lines[Int(x)], b = result.lines[Int(y)]
                guard a.kind == b.kind, FormatCheck.sameMeaning(a, tree, b, result) else { return false }
            }
            printed.removeAll(keepingCapacity: true)
            return true
        }

        let diagnostics = Parser.scan(file, blockLines: blockLines) { tree in
            guard tree.diagnostics.isEmpty else { return false }
            let piece = firstPiece + trees.count
            trees.append(tree)
            if printer == nil { printer = CanonicalPrinter(tree: tree, reserve: false) }
            for (index, line) in tree.lines.enumerated() {
                let starts = blocks.enter(line.kind)
                // The open block ends before a line that starts another or is outside any.
                if starts || !blocks.inBlock { closeBlock() }
                // Blank lines: runs collapse to one, none at the start or the end.
                if line.kind == .blank { pendingBlank = written + printer!.out.count > 0; continue }
                guard blocks.inBlock else { printLine(piece, index); continue }
                switch line.kind {
                case .entry:
                    if starts { entryWidths = .init() }
                    printer!.measureEntry(tree.tokens(of: line), into: &entryWidths)
                case .attribute:
                    if starts { attributeWidths = .init() }
                    printer!.measureAttribute(tree.tokens(of: line), into: &attributeWidths)
                default:
                    break
                }
                open.append((Int32(piece), Int32(index)))
                if open.count > maxOpenLines { tooLong = true; return false }
            }
            guard flush() else { sure = false; return false }
            // Let go of the block parses no line still needs.
            let keep = open.first.map { Int($0.piece) } ?? piece
            if keep > firstPiece {
                trees.removeFirst(keep - firstPiece)
                firstPiece = keep
                printerPiece = -1
            }
            return true
        }
        if tooLong { return .blockTooLong }
        guard diagnostics.isEmpty, sure else { return .answer(nil) }
        closeBlock()
        guard flush() else { return .answer(nil) }
        return .answer(changed || written != source.count ? .notCanonical : .canonical)
    }
}
