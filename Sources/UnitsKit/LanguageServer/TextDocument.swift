/// A position as LSP counts it: a zero-based line and a zero-based column
/// in UTF-16 code units (the protocol's default encoding).
public struct LSPPosition: Hashable, Sendable, Comparable {
    public var line: Int
    public var character: Int
    public init(line: Int, character: Int) { self.line = line; self.character = character }
    public static func < (a: LSPPosition, b: LSPPosition) -> Bool { (a.line, a.character) < (b.line, b.character) }

    var json: JSONValue { ["line": .int(line), "character": .int(character)] }

    init?(_ json: JSONValue?) {
        guard let line = json?["line"]?.int, let character = json?["character"]?.int, line >= 0, character >= 0 else { return nil }
        self.init(line: line, character: character)
    }
}

/// A range between two positions, end exclusive.
public struct LSPRange: Hashable, Sendable {
    public var start: LSPPosition
    public var end: LSPPosition
    public init(start: LSPPosition, end: LSPPosition) { self.start = start; self.end = end }

    var json: JSONValue { ["start": start.json, "end": end.json] }

    init?(_ json: JSONValue?) {
        guard let start = LSPPosition(json?["start"]), let end = LSPPosition(json?["end"]) else { return nil }
        self.init(start: start, end: end)
    }
}

/// The text of one open document, as bytes, with a line table so that LSP
/// positions (UTF-16) and the toolkit's byte offsets convert both ways.
/// Lines end at LF (a CR before it belongs to the line ending).
public struct TextDocument: Sendable {
    public var uri: String
    public var version: Int
    public private(set) var bytes: [UInt8]
    /// Byte offset of each line's first byte.
    public private(set) var lineStarts: [Int]

    public init(uri: String, version: Int, bytes: [UInt8]) {
        self.uri = uri
        self.version = version
        self.bytes = bytes
        self.lineStarts = TextDocument.lineStarts(of: bytes)
    }

    static func lineStarts(of bytes: [UInt8]) -> [Int] {
        var starts = [0]
        for (i, b) in bytes.enumerated() where b == 0x0A { starts.append(i + 1) }
        return starts
    }

    /// The end of line `index`'s content: before its LF, and before a CR that precedes it.
    func contentEnd(ofLine index: Int) -> Int {
        var end = index + 1 < lineStarts.count ? lineStarts[index + 1] - 1 : bytes.count
        if end > lineStarts[index], end <= bytes.count, end - 1 >= 0, bytes[end - 1] == 0x0D, index + 1 < lineStarts.count { end -= 1 }
        return end
    }

    /// The byte offset of a position; a column past the line's end is the
    /// line's end, a line past the last is the end of the document, and a
    /// column inside a character (half a surrogate pair) is that character's start.
    public func offset(of position: LSPPosition) -> Int {
        guard position.line < lineStarts.count else { return bytes.count }
        var i = lineStarts[position.line]
        let end = contentEnd(ofLine: position.line)
        var units = 0
        while i < end, units < position.character {
            let length = TextDocument.sequenceLength(bytes[i])
            let width = length == 4 ? 2 : 1
            if units + width > position.character { break }
            units += width
            i = min(end, i + length)
        }
        return i
    }

    /// The position of a byte offset (clamped to the document).
    public func position(of offset: Int) -> LSPPosition {
        let offset = max(0, min(offset, bytes.count))
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        var units = 0
        var i = lineStarts[low]
        while i < offset {
            let length = TextDocument.sequenceLength(bytes[i])
            units += length == 4 ? 2 : 1
            i += length
        }
        return LSPPosition(line: low, character: units)
    }

    public func range(start: Int, end: Int) -> LSPRange {
        LSPRange(start: position(of: start), end: position(of: end))
    }

    /// Applies one `contentChanges` item: replace a range, or the whole text.
    public mutating func apply(_ range: LSPRange?, text: String) {
        guard let range else {
            bytes = Array(text.utf8)
            lineStarts = TextDocument.lineStarts(of: bytes)
            return
        }
        let start = offset(of: range.start)
        let end = max(start, offset(of: range.end))
        let inserted = Array(text.utf8)
        bytes.replaceSubrange(start..<end, with: inserted)
        // Re-index lines from the edited line on; earlier starts are unchanged.
        let firstLine = range.start.line < lineStarts.count ? range.start.line : lineStarts.count - 1
        lineStarts.removeSubrange((firstLine + 1)...)
        var i = lineStarts[firstLine]
        while i < bytes.count {
            if bytes[i] == 0x0A { lineStarts.append(i + 1) }
            i += 1
        }
    }

    /// Bytes a UTF-8 sequence starting with `lead` takes (1 for a stray byte).
    static func sequenceLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0xF0...0xF7: 4
        case 0xE0...0xEF: 3
        case 0xC0...0xDF: 2
        default: 1
        }
    }

    /// The document's file path, from a `file://` URI (percent-decoded); nil for other schemes.
    public var path: String? { TextDocument.path(fromURI: uri) }

    public static func path(fromURI uri: String) -> String? {
        guard uri.hasPrefix("file://") else { return nil }
        var rest = Array(uri.utf8.dropFirst(7))
        // file://host/path: only an empty host or localhost is local.
        if let slash = rest.firstIndex(of: UInt8(ascii: "/")) {
            let host = String(decoding: rest[..<slash], as: UTF8.self)
            guard host.isEmpty || host == "localhost" else { return nil }
            rest = Array(rest[slash...])
        }
        var out: [UInt8] = []
        var i = 0
        while i < rest.count {
            if rest[i] == UInt8(ascii: "%"), i + 2 < rest.count, let value = UInt8(String(decoding: rest[(i + 1)...(i + 2)], as: UTF8.self), radix: 16) {
                out.append(value)
                i += 3
            } else {
                out.append(rest[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A `file://` URI for a path, percent-encoding what URIs may not hold.
    public static func uri(forPath path: String) -> String {
        var out = "file://"
        for b in path.utf8 {
            let c = Character(Unicode.Scalar(b))
            if (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || "/-._~".contains(c) {
                out.append(c)
            } else {
                let hex = String(b, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }
}
