/// The common answer of `units-fmt --check`, "canonical", in one pass over
/// the file (issue 15: the two-pass `FormatStream.verdict` parsed a
/// million-line file three times).
///
/// Printing a line needs its aligned block's widths, which the two-pass
/// path measures in a pass of its own. A canonical file states them: the
/// padding after an entry's name, an attribute's colon, and before the
/// first trailing comment of a block. So each block's widths are read from
/// its first lines (the *claim*), every line is printed with the claim,
/// and the block is measured as it goes. When every printed byte equals
/// the file's and every block's claim equals its measured widths, printing
/// with the measured widths, which is what `CanonicalPrinter.print()`
/// does, gives the same bytes: the file is canonical. A wrong claim can
/// only make this answer "not sure", never a wrong "canonical".
///
/// No self-check is needed for that answer: formatting leaves the file's
/// bytes as they are, and the whole-file path (`FormatCommand`) runs
/// `FormatCheck` only on output that differs from the input.
extension FormatStream {
    enum CanonicalPass: Equatable {
        /// Formatting would not change a byte.
        case canonical
        /// A printed byte differs (or the pass could not tell): the
        /// two-pass path must answer.
        case differs
        /// The file has diagnostics: the whole-file path must answer.
        case unparsed
    }

    static func canonicalPass(_ file: SourceFile, blockLines: Int) -> CanonicalPass {
        var blocks = AlignedBlocks()
        var entryClaim = CanonicalPrinter.EntryWidths(), entryMeasured = entryClaim
        var attributeClaim = CanonicalPrinter.AttributeWidths(), attributeMeasured = attributeClaim
        var written = 0            // bytes printed so far (= bytes of the file compared)
        var pendingBlank = false
        var same = true
        let source = file.bytes
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
        let diagnostics = Parser.scan(file, blockLines: blockLines) { tree in
            guard tree.diagnostics.isEmpty else { return false }
            var printer = CanonicalPrinter(tree: tree, reserve: false)
            for line in tree.lines {
                let starts = blocks.enter(line.kind)
                if line.kind == .blank { pendingBlank = written + printer.out.count > 0; continue }
                if pendingBlank { printer.out.append(ASCII.lf); pendingBlank = false }
                switch line.kind {
                case .entry:
                    let tokens = tree.tokens(of: line)
                    if starts {
                        guard entryClaim == entryMeasured else { same = false; return false }
                        let name = tokens[tokens.startIndex + 1]
                        entryClaim = .init(name: printer.width(name) + spaces(from: Int(name.end)) - 1, rest: -1)
                        entryMeasured = .init()
                    }
                    printer.measureEntry(tokens, into: &entryMeasured)
                    let before = printer.out.count
                    let rest = printer.writeEntryLine(tokens, entryClaim)
                    if entryClaim.rest < 0, let comment = tokens.last, comment.kind == .comment {
                        // The block's first note: its column is the claim.
                        entryClaim.rest = rest + spaces(before: Int(comment.start)) - 1
                        printer.out.removeSubrange(before...)
                        printer.writeEntryLine(tokens, entryClaim)
                    }
                case .attribute:
                    let tokens = tree.tokens(of: line)
                    if starts {
                        guard attributeClaim == attributeMeasured else { same = false; return false }
                        let key = tokens[tokens.startIndex], colon = tokens[tokens.startIndex + 1]
                        attributeClaim = .init(key: key.length + spaces(from: Int(colon.end)) - 1, value: -1)
                        attributeMeasured = .init()
                    }
                    printer.measureAttribute(tokens, into: &attributeMeasured)
                    let before = printer.out.count
                    let value = printer.writeAttributeLine(tokens, attributeClaim)
                    if attributeClaim.value < 0, let comment = tokens.last, comment.kind == .comment {
                        attributeClaim.value = value + spaces(before: Int(comment.start)) - 1
                        printer.out.removeSubrange(before...)
                        printer.writeAttributeLine(tokens, attributeClaim)
                    }
                case .comment:
                    printer.writeCommentLine(line)
                default:
                    printer.writePlainLine(line)
                }
            }
            let out = printer.out
            same = written + out.count <= source.count
                && out.withUnsafeBufferPointer { o in
                    source.withUnsafeBufferPointer { s in
                        o.count == 0 || SystemBytes.equal(o.baseAddress!, s.baseAddress! + written, count: o.count)
                    }
                }
            written += out.count
            return same
        }
        guard diagnostics.isEmpty else { return .unparsed }
        guard same, written == source.count, entryClaim == entryMeasured, attributeClaim == attributeMeasured else { return .differs }
        return .canonical
    }
}
