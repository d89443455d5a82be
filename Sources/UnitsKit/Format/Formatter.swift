/// `units-fmt`'s engine: a syntax tree in, the canonical bytes of the same
/// journal out (`Grammar/formatting.md`): only trivia and the spelling of
/// dates and numbers change; a file with a line that does not parse is refused.
public enum Formatter {
    public enum Outcome: Sendable {
        /// The canonical bytes (equal to the input when it was canonical).
        case formatted([UInt8])
        /// The file has lines that do not parse; these are the parse errors.
        case refused([Diagnostic])
    }

    /// Formats a parsed file.
    public static func format(_ tree: SyntaxTree) -> Outcome {
        let errors = tree.diagnostics.filter { $0.severity == .error }
        if !errors.isEmpty { return .refused(errors) }
        var printer = CanonicalPrinter(tree: tree)
        return .formatted(printer.print())
    }

    /// Parses and formats bytes; `path` names the file in diagnostics.
    public static func format(_ bytes: [UInt8], path: String) -> Outcome {
        format(Parser.parse(SourceFile(path: path, bytes: bytes)))
    }

    /// The canonical text of `text`, or nil when it does not parse (tests).
    public static func formatted(_ text: String) -> String? {
        guard case .formatted(let bytes) = format(Array(text.utf8), path: "<input>") else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Lines as the printer prints them standing together in a file, without
    /// line endings; nil when they do not parse (`CanonicalLine`'s layout).
    public static func canonicalLines(_ lines: [String]) -> [String]? {
        let text = lines.joined(separator: "\n") + "\n"
        let tree = Parser.parse(SourceFile(path: "<line>", bytes: Array(text.utf8)))
        guard !tree.diagnostics.contains(where: { $0.severity == .error }), tree.lines.count == lines.count else { return nil }
        var printer = CanonicalPrinter(tree: tree)
        var out: [String] = []
        var index = 0
        while index < tree.lines.count {
            let block = WriteLayout.block(around: index, in: tree.lines).filter { $0 >= index }
            let printed = printer.printBlock(block)
            out += printed.split(separator: ASCII.lf, omittingEmptySubsequences: false).dropLast().map { String(decoding: $0, as: UTF8.self) }
            index = (block.last ?? index) + 1
        }
        return out.count == lines.count ? out : nil
    }
}
