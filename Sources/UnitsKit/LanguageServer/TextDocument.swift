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
/// positions (UTF-16) and byte offsets convert both ways (lines end at LF,
/// CR LF or a CR alone, as the protocol says).
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
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x0A {
                starts.append(i + 1)
            } else if bytes[i] == 0x0D {
                if i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
                starts.append(i + 1)
            }
            i += 1
        }
        return starts
    }

    /// The end of line `index`'s content: before its LF, CR LF or CR.
    func contentEnd(ofLine index: Int) -> Int {
        guard index + 1 < lineStarts.count else { return bytes.count }
        let next = lineStarts[index + 1]
        if bytes[next - 1] == 0x0A, next - 2 >= lineStarts[index], bytes[next - 2] == 0x0D { return next - 2 }
        return next - 1
    }

    /// The byte offset of a position, clamped to its line (or the document),
    /// a column inside a character being that character's start.
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

    /// The position of a byte offset (clamped to the document; between a
    /// CR LF's two bytes, which no position names, it is the CR's).
    public func position(of offset: Int) -> LSPPosition {
        var offset = max(0, min(offset, bytes.count))
        if offset > 0, offset < bytes.count, bytes[offset] == 0x0A, bytes[offset - 1] == 0x0D { offset -= 1 }
        let line = max(0, lineStarts.partitionPoint { $0 > offset } - 1)
        return LSPPosition(line: line, character: TextDocument.utf16Count(bytes[lineStarts[line]..<offset]))
    }

    public func range(start: Int, end: Int) -> LSPRange {
        LSPRange(start: position(of: start), end: position(of: end))
    }

    /// Applies a `contentChanges` list in order. Changes that run one way
    /// (each after the one before, or each before it) are collected and made
    /// in one pass, so a thousand edits cost about one; a change that breaks
    /// the run (or touches a CR) first makes those collected.
    public mutating func apply(_ changes: [(range: LSPRange?, text: String)]) {
        var batch = EditBatch()
        for (range, text) in changes {
            guard let range else {
                batch = EditBatch()
                bytes = Array(text.utf8)
                lineStarts = TextDocument.lineStarts(of: bytes)
                continue
            }
            let inserted = Array(text.utf8)
            if batch.add(range, inserted, to: self) { continue }
            make(batch)
            batch = EditBatch()
            if batch.add(range, inserted, to: self) { continue }
            // Next to a CR: made alone.
            let start = offset(of: range.start)
            let end = max(start, offset(of: range.end))
            bytes.replaceSubrange(start..<end, with: inserted)
            lineStarts = TextDocument.lineStarts(of: bytes)
        }
        make(batch)
    }

    private mutating func make(_ batch: EditBatch) {
        guard !batch.edits.isEmpty else { return }
        let edits = batch.descending ? batch.edits.reversed() : batch.edits
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + edits.reduce(0) { $0 + $1.inserted.count })
        // The line table moved, not read again: a line start outside the
        // edits moves by what the edits before it added.
        var starts: [Int] = []
        starts.reserveCapacity(lineStarts.count + 16)
        var at = 0, delta = 0, k = 0
        for edit in edits {
            out.append(contentsOf: bytes[at..<edit.start])
            while k < lineStarts.count, lineStarts[k] <= edit.start { starts.append(lineStarts[k] + delta); k += 1 }
            while k < lineStarts.count, lineStarts[k] <= edit.end { k += 1 }
            let base = edit.start + delta
            var i = 0
            while i < edit.inserted.count {
                let b = edit.inserted[i]
                if b == 0x0A || (b == 0x0D && (i + 1 == edit.inserted.count || edit.inserted[i + 1] != 0x0A)) { starts.append(base + i + 1) }
                i += 1
            }
            out.append(contentsOf: edit.inserted)
            delta += edit.inserted.count - (edit.end - edit.start)
            at = edit.end
        }
        out.append(contentsOf: bytes[at...])
        while k < lineStarts.count { starts.append(lineStarts[k] + delta); k += 1 }
        bytes = out
        lineStarts = starts
    }

    /// Edits collected against the text before any of them, in the order given.
    struct EditBatch {
        struct Edit {
            /// The replaced bytes of the text before the batch.
            var start: Int, end: Int
            var inserted: [UInt8]
            /// Where the edit's text lies once made, as the client sees it.
            var newStart: LSPPosition, newEnd: LSPPosition
            /// Where the replaced bytes end in the text before the batch.
            var oldEnd: LSPPosition
        }
        var edits: [Edit] = []
        /// Whether each edit lies before the one given before it.
        var descending = false

        /// Adds a change when it continues the run; false when it does not.
        mutating func add(_ range: LSPRange, _ inserted: [UInt8], to document: TextDocument) -> Bool {
            guard range.start <= range.end else { return false }
            let start: Int, end: Int
            var newStart: LSPPosition
            var prev: UInt8?, next: UInt8?
            if let last = edits.last {
                if (edits.count == 1 || descending), range.end <= last.newStart {
                    // Before every edit so far: the text there is as it was.
                    start = document.offset(of: range.start)
                    end = max(start, document.offset(of: range.end))
                    newStart = document.position(of: start)
                    if end == last.start {
                        guard let first = last.inserted.first else { return false }
                        next = first
                    }
                    descending = true
                } else if (edits.count == 1 || !descending), range.start >= last.newEnd {
                    // After every edit so far: the text there is as it was, moved.
                    start = document.offset(of: TextDocument.moved(range.start, last.newEnd, to: last.oldEnd))
                    end = max(start, document.offset(of: TextDocument.moved(range.end, last.newEnd, to: last.oldEnd)))
                    newStart = TextDocument.moved(document.position(of: start), last.oldEnd, to: last.newEnd)
                    if start == last.end {
                        guard let final = last.inserted.last else { return false }
                        prev = final
                    }
                    descending = false
                } else {
                    return false
                }
            } else {
                start = document.offset(of: range.start)
                end = max(start, document.offset(of: range.end))
                newStart = document.position(of: start)
            }
            let bytes = document.bytes
            if prev == nil, start > 0 { prev = bytes[start - 1] }
            if next == nil, end < bytes.count { next = bytes[end] }
            // A CR before the edit, or one that would meet an LF after it,
            // changes where lines break beyond the edit's own text.
            if prev == 0x0D { return false }
            if next == 0x0A, (inserted.last ?? prev) == 0x0D || (end > start && bytes[end - 1] == 0x0D) { return false }
            let newEnd = TextDocument.end(of: inserted, from: newStart)
            edits.append(Edit(start: start, end: end, inserted: inserted, newStart: newStart, newEnd: newEnd,
                              oldEnd: document.position(of: end)))
            return true
        }
    }

    /// A position at or after `from` as it stands once `from` has moved to `to`.
    static func moved(_ p: LSPPosition, _ from: LSPPosition, to: LSPPosition) -> LSPPosition {
        p.line == from.line ? LSPPosition(line: to.line, character: to.character + p.character - from.character)
            : LSPPosition(line: p.line - from.line + to.line, character: p.character)
    }

    /// Where text inserted at `start` ends.
    static func end(of text: [UInt8], from start: LSPPosition) -> LSPPosition {
        let starts = lineStarts(of: text)
        let tail = utf16Count(text[starts[starts.count - 1]...])
        return starts.count == 1 ? LSPPosition(line: start.line, character: start.character + tail)
            : LSPPosition(line: start.line + starts.count - 1, character: tail)
    }

    /// UTF-16 code units of UTF-8 bytes (a stray byte counts one).
    static func utf16Count(_ bytes: ArraySlice<UInt8>) -> Int {
        var units = 0
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let length = sequenceLength(bytes[i])
            units += length == 4 ? 2 : 1
            i += length
        }
        return units
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
        // A broken escape stays as it stands: the path is still the client's.
        return String(decoding: PercentDecoding.bytes(rest, keepingBroken: true) ?? rest, as: UTF8.self)
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
