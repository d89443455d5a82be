/// Text helpers for lines typed on the command line.
public enum TextLine {
    /// Without leading and trailing spaces and tabs.
    public static func trimmed(_ text: String) -> String { text.trimmingSpaces() }
}

/// A `DATE pause NAME UNTIL [; note]` line read from the syntax tree.
public struct PauseLine {
    let tree: SyntaxTree
    let line: SyntaxLine
    public let first: CivilDate
    public let name: String
    public let last: CivilDate
    let untilToken: Token

    public init?(_ tree: SyntaxTree, _ line: SyntaxLine) {
        let tokens = Array(tree.tokens(of: line))
        let dates = tokens.filter { $0.kind == .date }
        guard dates.count == 2, let nameToken = tokens.first(where: { $0.kind == .name }),
              case .valid(let first) = DateLexeme.parse(tree.bytes(dates[0])),
              case .valid(let last) = DateLexeme.parse(tree.bytes(dates[1])) else { return nil }
        self.tree = tree
        self.line = line
        self.first = first
        self.last = last
        self.name = tree.text(nameToken)
        untilToken = dates[1]
    }

    /// The line's text with another last day; everything else (the note) kept.
    public func text(until date: CivilDate) -> String {
        let bytes = tree.file.bytes
        let out = Array(bytes[Int(line.start)..<Int(untilToken.start)]) + Array("\(date)".utf8)
            + Array(bytes[Int(untilToken.end)..<Int(line.contentEnd)])
        return String(decoding: out, as: UTF8.self)
    }
}
