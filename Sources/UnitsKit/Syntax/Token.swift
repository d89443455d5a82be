/// What a token is. Together with its line's kind, a token's kind tells its
/// role; the bytes between tokens are trivia (white space).
public enum TokenKind: UInt8, Sendable {
    /// `2025-12-14` (or with `/` or `.`).
    case date
    /// A word with a fixed meaning at its place: `habit`, `unit`, `done`,
    /// `units`, `option`, `include`, ...
    case keyword
    /// A habit or group name.
    case name
    /// A signed decimal number.
    case number
    /// `yes`, `kinda`, `no` or `skip`.
    case state
    /// A double-quoted string, quotes included.
    case string
    /// `#word` on an entry or task.
    case tag
    /// From `;` (or a leading `#`) to the end of the line.
    case comment
    /// The key of an attribute line (`unit` in `  unit: page`).
    case key
    /// The `:` after an attribute key.
    case colon
    /// The `=` before a unit size in a unit change.
    case equals
    /// Any other word: attribute values, unit names, measures, option values,
    /// include paths, and the words of a line that did not parse.
    case word
}

/// A token: a kind and a byte range of the source. Twelve bytes, no
/// allocation; its text is read from the file when someone asks.
public struct Token: Hashable, Sendable {
    public var kind: TokenKind
    public var start: Int32
    public var end: Int32

    public init(kind: TokenKind, start: Int32, end: Int32) {
        self.kind = kind
        self.start = start
        self.end = end
    }

    public var length: Int { Int(end - start) }
    public var range: Range<Int> { Int(start)..<Int(end) }
}
