/// The formatter's self-check: its output must parse and mean the same as
/// its input before any file is replaced with it (`units-fmt`, and every
/// write that re-prints lines). "The same" is read line by line: the same
/// kinds of lines in the same order (blank lines aside), each with the same
/// tokens by value: dates as days, numbers as amounts, strings and words
/// by the text they stand for, comments by their text.
public enum FormatCheck {
    /// Why `output` does not mean what `input` means, or nil.
    public static func problem(input: SyntaxTree, output: [UInt8]) -> String? {
        let formatted = Parser.parse(SourceFile(path: input.file.path, bytes: output))
        if let error = formatted.diagnostics.first(where: { $0.severity == .error }) {
            let place = error.range.map { LineTable($0.file).location(of: $0.start).description } ?? "?"
            return "the canonical text would not parse (\(place): \(error.message))"
        }
        let a = input.lines.enumerated().filter { $0.element.kind != .blank }
        let b = formatted.lines.enumerated().filter { $0.element.kind != .blank }
        guard a.count == b.count else { return "the canonical text would have \(b.count) lines instead of \(a.count)" }
        for (x, y) in zip(a, b) {
            guard x.element.kind == y.element.kind, meaning(x.element, input) == meaning(y.element, formatted) else {
                return "line \(x.offset + 1) would change meaning"
            }
        }
        return nil
    }

    static func meaning(_ line: SyntaxLine, _ tree: SyntaxTree) -> [String] {
        tree.tokens(of: line).map { token in
            switch token.kind {
            case .date:
                if case .valid(let date) = DateLexeme.parse(tree.bytes(token)) { return "d\(date)" }
            case .number:
                if case .valid(let amount) = NumberLexeme.parse(tree.bytes(token)) { return "n\(amount)" }
            case .word:
                // Floors (`020/week`) and numbers spelled as words are printed canonically.
                var bytes = tree.bytes(token)
                let suffix = "/week".utf8
                let week = bytes.count > suffix.count && bytes.suffix(suffix.count).elementsEqual(suffix)
                if week { bytes = bytes.dropLast(suffix.count) }
                if case .valid(let amount) = NumberLexeme.parse(bytes) { return "n\(amount)" + (week ? "/week" : "") }
                return "s" + tree.stringValue(token)
            case .string:
                return "s" + tree.stringValue(token)
            case .comment:
                return "c" + tree.commentText(token)
            default:
                break
            }
            return "\(token.kind)" + tree.text(token)
        }
    }
}
