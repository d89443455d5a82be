/// `units-fmt`'s engine: a syntax tree in, the canonical bytes of the same
/// journal out (layout documented in `Grammar/formatting.md`).
///
/// The formatter only rewrites trivia (white space, line endings, the BOM)
/// and the spelling of dates and numbers; every other byte of every token,
/// comments included, is copied. It never moves, merges or drops a line
/// other than extra blank lines. A file with a line that does not parse is
/// refused: guessing at a broken line could change what it means.
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
}
