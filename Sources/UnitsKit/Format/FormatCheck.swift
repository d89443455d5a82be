/// The formatter's self-check before any file is replaced with its output:
/// the output parses, and line by line (blank lines aside) has the same
/// kinds of lines with the same tokens by value (`Meaning`).
public enum FormatCheck {
    /// Why `output` does not mean what `input` means, or nil.
    public static func problem(input: SyntaxTree, output: [UInt8]) -> String? {
        // The same bytes parse to the same tree: nothing to compare.
        if output.count == input.file.bytes.count, output == input.file.bytes,
           !input.diagnostics.contains(where: { $0.severity == .error }) { return nil }
        // Non-blank lines pairwise, the output parsed a block at a time
        // (the whole output's tokens are never held).
        let x = input.lines
        var i = 0, count = 0, extra = 0
        var mismatch: String?
        var blocks = Parser.Blocks()
        blocks.keepingLines = false
        // (After a mismatch the rest is still parsed: an error in it is the first problem.)
        let formatted = Parser.parse(SourceFile(path: input.file.path, bytes: output), in: blocks) { block in
            guard mismatch == nil else { return true }
            let tree = block.tree
            for j in block.lines where tree.lines[j].kind != .blank {
                while i < x.count, x[i].kind == .blank { i += 1 }
                if i == x.count { extra += 1; continue }
                guard x[i].kind == tree.lines[j].kind, sameMeaning(x[i], input, tree.lines[j], tree) else {
                    mismatch = "line \(i + 1) would change meaning"
                    return true
                }
                i += 1; count += 1
            }
            return true
        }
        if let error = formatted.diagnostics.first(where: { $0.severity == .error }) {
            let place = error.range.map { LineTable($0.file).location(of: $0.start).description } ?? "?"
            return "the canonical text would not parse (\(place): \(error.message))"
        }
        if let mismatch { return mismatch }
        while i < x.count, x[i].kind == .blank { i += 1 }
        if i < x.count || extra > 0 {
            let rest = x[i...].filter { $0.kind != .blank }.count
            return "the canonical text would have \(count + extra) lines instead of \(count + rest)"
        }
        return nil
    }

    /// Whether two lines hold the same tokens by value.
    static func sameMeaning(_ a: SyntaxLine, _ ta: SyntaxTree, _ b: SyntaxLine, _ tb: SyntaxTree) -> Bool {
        let xs = ta.tokens(of: a), ys = tb.tokens(of: b)
        guard xs.count == ys.count else { return false }
        for (x, y) in zip(xs, ys) {
            // Most tokens come out byte for byte as they went in. (A word may
            // come out as a string with the same text: kinds alone may differ.)
            if x.kind == y.kind, x.length == y.length,
               ta.file.bytes.bytesEqual(x.range, tb.file.bytes, at: Int(y.start)) { continue }
            guard meaning(x, ta) == meaning(y, tb) else { return false }
        }
        return true
    }

    /// A token's value: dates as days, numbers (and floors) as amounts,
    /// strings and words by the text they stand for, comments by their text.
    enum Meaning: Equatable {
        case day(CivilDate)
        case amount(Amount, perWeek: Bool)
        case text(String)
        case comment(String)
        case other(TokenKind, ArraySlice<UInt8>)
    }

    static func meaning(_ token: Token, _ tree: SyntaxTree) -> Meaning {
        switch token.kind {
        case .date:
            if case .valid(let date) = DateLexeme.parse(tree.bytes(token)) { return .day(date) }
        case .number:
            if case .valid(let amount) = NumberLexeme.parse(tree.bytes(token)) { return .amount(amount, perWeek: false) }
        case .word:
            // Floors (`020/week`) and numbers spelled as words are printed canonically.
            var bytes = tree.bytes(token)
            let suffix = "/week".utf8
            let week = bytes.count > suffix.count && bytes.suffix(suffix.count).elementsEqual(suffix)
            if week { bytes = bytes.dropLast(suffix.count) }
            if case .valid(let amount) = NumberLexeme.parse(bytes) { return .amount(amount, perWeek: week) }
            return .text(tree.stringValue(token))
        case .string:
            return .text(tree.stringValue(token))
        case .comment:
            return .comment(tree.commentText(token))
        default:
            break
        }
        return .other(token.kind, tree.bytes(token))
    }
}
