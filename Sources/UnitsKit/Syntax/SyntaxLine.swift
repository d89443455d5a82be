/// What a line is.
public enum LineKind: UInt8, Sendable {
    case blank, comment
    case version, option, include
    case habit, group, attribute
    case unitChange, floorChange
    /// `DATE goal NAME N [MEASURE]` or `DATE min NAME N [MEASURE]`.
    case goalChange
    case task, done, drop
    /// `DATE pin "TITLE"` or `DATE unpin "TITLE"`: an open task put on, or
    /// taken off, that day's short list.
    case pin, unpin
    case season, archive, unarchive, pause
    case entry
    /// A line that did not parse; the tree still holds its bytes.
    case invalid

    /// Whether a block parse may let go of a line's tokens (read again when
    /// asked): each of these always has tokens, so one with none had them let go.
    var tokensMayBeDropped: Bool {
        switch self {
        case .entry, .habit, .group, .attribute, .comment: true
        default: false
        }
    }

    /// A plan (`pause`, `season`): dated by the day it takes effect, so it
    /// may be written ahead; date order ignores it (format.md 8).
    public var isPlan: Bool { self == .pause || self == .season }

    /// Whether the line starts with a date.
    public var isDated: Bool {
        switch self {
        case .habit, .group, .unitChange, .floorChange, .goalChange, .task, .done, .drop, .pin, .unpin,
             .season, .archive, .unarchive, .pause, .entry: true
        default: false
        }
    }
}

/// One line of the file: its kind, its bytes, and its tokens.
public struct SyntaxLine: Hashable, Sendable {
    public var kind: LineKind
    /// Offset of the line's first byte (after a byte-order mark on line 1).
    public var start: Int32
    /// Offset just past the line's content, before its line ending.
    public var contentEnd: Int32
    /// Offset just past the line ending (`contentEnd` on a last line without one).
    public var end: Int32
    /// Index of the first token in `SyntaxTree.tokens`.
    public var firstToken: Int32
    public var tokenCount: Int32

    public var tokenRange: Range<Int> { Int(firstToken)..<Int(firstToken + tokenCount) }
    public var hasLineEnding: Bool { end > contentEnd }
    public var isCRLF: Bool { end - contentEnd == 2 }
}
