/// The lines of a `SyntaxTree`, stored compactly: 12 bytes a line instead
/// of the 24 of a `SyntaxLine`, so a million-line journal keeps 12 MB of
/// line records, not 24.
///
/// A line's end is the next line's start (every byte belongs to a line),
/// so only the last line's end is kept; its content end is its end less
/// its line ending (0 to 2 bytes). Reading an element gives back exactly the
/// `SyntaxLine` that was stored: one that does not pack (a token count past
/// 16 bits, an end that is not the next start) is kept whole on the side.
public struct LineList: RandomAccessCollection, MutableCollection, Sendable {
    struct Packed: Sendable {
        var start: Int32
        var firstToken: Int32
        var kind: LineKind
        /// `end - contentEnd`.
        var ending: UInt8
        var tokenCount: UInt16
    }

    var packed: [Packed] = []
    /// The last line's end.
    var lastEnd: Int32 = 0
    /// Lines that do not pack, by index (they win over `packed`).
    var exceptions: [Int: SyntaxLine] = [:]

    public init() {}

    public var startIndex: Int { 0 }
    public var endIndex: Int { packed.count }
    public var count: Int { packed.count }
    public var isEmpty: Bool { packed.isEmpty }

    public subscript(position: Int) -> SyntaxLine {
        get {
            if !exceptions.isEmpty, let line = exceptions[position] { return line }
            let p = packed[position]
            let end = position + 1 < packed.count ? packed[position + 1].start : lastEnd
            return SyntaxLine(kind: p.kind, start: p.start, contentEnd: end - Int32(p.ending), end: end,
                              firstToken: p.firstToken, tokenCount: Int32(p.tokenCount))
        }
        set {
            // Changing a start moves the end of the line before: keep that one as it was.
            if position > 0, newValue.start != packed[position].start, exceptions[position - 1] == nil {
                exceptions[position - 1] = self[position - 1]
            }
            // (A dictionary removal hashes even when empty: every report
            // sets each entry line once, when its tokens are dropped.)
            if !exceptions.isEmpty { exceptions[position] = nil }
            let end = position + 1 < packed.count ? packed[position + 1].start : newValue.end
            if position + 1 == packed.count { lastEnd = newValue.end }
            if let p = LineList.pack(newValue) {
                packed[position] = p
                if newValue.end != end { exceptions[position] = newValue }
            } else {
                packed[position] = LineList.placeholder(newValue)
                exceptions[position] = newValue
            }
        }
    }

    public subscript(bounds: Range<Int>) -> Slice<LineList> {
        get { Slice(base: self, bounds: bounds) }
        set { for index in bounds { self[index] = newValue[index] } }
    }

    @inline(__always)
    mutating func append(_ line: SyntaxLine) {
        // The common line (it starts where the last ended, and packs) in a
        // few instructions: the parser appends every line of a file.
        let ending = line.end &- line.contentEnd
        if line.start == lastEnd || packed.isEmpty, ending >= 0, ending <= Int32(UInt8.max),
           line.tokenCount >= 0, line.tokenCount < Int32(UInt16.max) {
            packed.append(Packed(start: line.start, firstToken: line.firstToken, kind: line.kind,
                                 ending: UInt8(truncatingIfNeeded: ending), tokenCount: UInt16(truncatingIfNeeded: line.tokenCount)))
            lastEnd = line.end
        } else {
            appendUnusual(line)
        }
    }

    private mutating func appendUnusual(_ line: SyntaxLine) {
        // The line before ends where this one starts; when it does not, keep it whole.
        if let last = packed.indices.last, line.start != lastEnd, exceptions[last] == nil {
            exceptions[last] = self[last]
        }
        if let p = LineList.pack(line) {
            packed.append(p)
        } else {
            packed.append(LineList.placeholder(line))
            exceptions[packed.count - 1] = line
        }
        lastEnd = line.end
    }

    /// Empties the list (a block parse reuses it for the next block).
    mutating func removeAll(keepingCapacity keep: Bool = false) {
        packed.removeAll(keepingCapacity: keep)
        exceptions.removeAll()
        lastEnd = 0
    }

    mutating func reserveCapacity(_ minimumCapacity: Int) {
        packed.reserveCapacity(minimumCapacity)
    }

    static func pack(_ line: SyntaxLine) -> Packed? {
        let ending = line.end - line.contentEnd
        guard ending >= 0, ending <= Int32(UInt8.max), line.tokenCount >= 0, line.tokenCount < Int32(UInt16.max) else { return nil }
        return Packed(start: line.start, firstToken: line.firstToken, kind: line.kind,
                      ending: UInt8(ending), tokenCount: UInt16(line.tokenCount))
    }

    static func placeholder(_ line: SyntaxLine) -> Packed {
        Packed(start: line.start, firstToken: line.firstToken, kind: line.kind, ending: 0, tokenCount: 0)
    }
}

extension LineList: Equatable {
    public static func == (a: LineList, b: LineList) -> Bool { a.elementsEqual(b) }
}

extension LineList: Hashable {
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for line in self { hasher.combine(line) }
    }
}
