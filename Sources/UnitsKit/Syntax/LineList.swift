/// The lines of a `SyntaxTree`, stored compactly: one 8-byte record a line
/// (start, kind, line-ending length, token count; its end is the next
/// line's start), and first-token indexes in pages of 1,024 lines, a page
/// whose lines share one first token keeping that one number. Reading an
/// element gives back exactly the stored `SyntaxLine`: one that does not
/// pack is kept whole on the side.
public struct LineList: RandomAccessCollection, MutableCollection, Sendable {
    /// Per line: start (bits 0-31), kind (32-36), line ending (37-39),
    /// token count (40-55).
    var records: [UInt64] = []
    var pages: [TokenPage] = []
    /// The last line's end.
    var lastEnd: Int32 = 0
    /// Lines that do not pack, by index (they win over the packed arrays).
    var exceptions: [Int: SyntaxLine] = [:]
    /// The last page's first token while that page is uniform; nil while
    /// it keeps an array (`appendFirst`'s shortcuts).
    private var tailFirst: Int32?

    static let kindBits: UInt64 = 5
    static let pageShift = 10
    static let pageSize = 1 << pageShift

    /// The first tokens of a page's lines; empty when every line of the page
    /// has `uniformFirst` (the first page always keeps its array, so a list
    /// reused for one line at a time allocates nothing per line).
    struct TokenPage: Sendable, Equatable {
        var uniformFirst: Int32
        var firsts: [Int32] = []
    }

    public init() {}

    public var startIndex: Int { 0 }
    public var endIndex: Int { records.count }

    @inline(__always) static func start(_ record: UInt64) -> Int32 { Int32(truncatingIfNeeded: record) }
    /// The kind in a record (only valid kinds are stored).
    @inline(__always) static func kind(_ record: UInt64) -> LineKind {
        unsafeBitCast(UInt8(truncatingIfNeeded: record >> 32) & (1 << UInt8(kindBits) - 1), to: LineKind.self)
    }
    @inline(__always) static func ending(_ record: UInt64) -> Int32 { Int32(truncatingIfNeeded: record >> 37 & 7) }
    @inline(__always) static func tokenCount(_ record: UInt64) -> Int32 { Int32(truncatingIfNeeded: record >> 40 & 0xFFFF) }

    public subscript(position: Int) -> SyntaxLine {
        get {
            if !exceptions.isEmpty, let line = exceptions[position] { return line }
            let record = records[position]
            let end = position + 1 < records.count ? records.withUnsafeBufferPointer { Self.start($0[position + 1]) } : lastEnd
            return SyntaxLine(kind: Self.kind(record), start: Self.start(record), contentEnd: end - Self.ending(record), end: end,
                              firstToken: firstToken(position), tokenCount: Self.tokenCount(record))
        }
        set {
            // Changing a start moves the end of the line before: keep that one as it was.
            if position > 0, newValue.start != Self.start(records[position]), exceptions[position - 1] == nil {
                exceptions[position - 1] = self[position - 1]
            }
            // (A dictionary removal hashes even when empty.)
            if !exceptions.isEmpty { exceptions[position] = nil }
            let end = position + 1 < records.count ? Self.start(records[position + 1]) : newValue.end
            if position + 1 == records.count { lastEnd = newValue.end }
            if let record = Self.record(newValue) {
                records[position] = record
                if newValue.end != end { exceptions[position] = newValue }
            } else {
                records[position] = Self.placeholder(newValue)
                exceptions[position] = newValue
            }
            setFirst(position, newValue.firstToken)
        }
    }

    /// A line's first token, read in place (unchecked: the pages cover
    /// every line, and the caller read `position`'s record first).
    @inline(__always)
    private func firstToken(_ position: Int) -> Int32 {
        pages.withUnsafeBufferPointer { pages in
            let p = position >> Self.pageShift
            if pages[p].firsts.isEmpty { return pages[p].uniformFirst }
            return pages[p].firsts.withUnsafeBufferPointer { $0[position & (Self.pageSize - 1)] }
        }
    }

    /// Sets an existing line's first token, giving its page an array if it needs one.
    private mutating func setFirst(_ position: Int, _ first: Int32) {
        let p = position >> Self.pageShift
        if pages[p].firsts.isEmpty {
            if first == pages[p].uniformFirst { return }
            spread(p)
        }
        pages[p].firsts[position & (Self.pageSize - 1)] = first
    }

    /// Gives a uniform page its array, for the lines it holds.
    private mutating func spread(_ p: Int) {
        let held = Swift.min(Self.pageSize, records.count - p << Self.pageShift)
        // Room for the whole page at once (grown by doubling it could be twice that).
        var firsts: [Int32] = []
        firsts.reserveCapacity(Self.pageSize)
        firsts.append(contentsOf: repeatElement(pages[p].uniformFirst, count: held))
        pages[p].firsts = firsts
        if p == pages.count - 1 { tailFirst = nil }
    }

    /// Records the first token of the line just appended (the last).
    @inline(__always)
    private mutating func appendFirst(_ first: Int32) {
        let position = records.count - 1
        // The common cases: the last page uniform with this first token, or with an array.
        if position & (Self.pageSize - 1) != 0 {
            if first == tailFirst { return }
            if tailFirst == nil { pages[pages.count - 1].firsts.append(first); return }
        }
        appendFirstToPage(first)
        let last = pages.count - 1
        tailFirst = last > 0 && pages[last].firsts.isEmpty ? pages[last].uniformFirst : nil
    }

    private mutating func appendFirstToPage(_ first: Int32) {
        let position = records.count - 1
        let p = position >> Self.pageShift
        if p == 0 {
            if pages.isEmpty { pages.append(TokenPage(uniformFirst: 0)) }
            pages[0].firsts.append(first)
        } else if p == pages.count {
            pages.append(TokenPage(uniformFirst: first))
        } else if pages[p].firsts.isEmpty {
            if first == pages[p].uniformFirst { return }
            // The array for the lines before this one (`spread` counts it too).
            spread(p)
            pages[p].firsts[position & (Self.pageSize - 1)] = first
        } else {
            pages[p].firsts.append(first)
        }
    }

    /// Lets the pages from line `from` on go back to one number where their
    /// lines all share a first token (after a block parse lets tokens go).
    mutating func compactTokens(from: Int) {
        let lower = Swift.max(1, from >> Self.pageShift)
        guard from < records.count, lower < pages.count else { return }
        for p in lower..<pages.count where !pages[p].firsts.isEmpty {
            let first = pages[p].firsts[0]
            if pages[p].firsts.allSatisfy({ $0 == first }) {
                pages[p] = TokenPage(uniformFirst: first)
                if p == pages.count - 1 { tailFirst = first }
            }
        }
    }

    @inline(__always)
    mutating func append(_ line: SyntaxLine) {
        // The common line: it starts where the last ended, and packs.
        if line.start == lastEnd || records.isEmpty, let record = Self.record(line) {
            records.append(record)
            appendFirst(line.firstToken)
            lastEnd = line.end
        } else {
            appendUnusual(line)
        }
    }

    private mutating func appendUnusual(_ line: SyntaxLine) {
        // The line before ends where this one starts; when it does not, keep it whole.
        if let last = records.indices.last, line.start != lastEnd, exceptions[last] == nil {
            exceptions[last] = self[last]
        }
        if let record = Self.record(line) {
            records.append(record)
        } else {
            records.append(Self.placeholder(line))
            exceptions[records.count - 1] = line
        }
        appendFirst(line.firstToken)
        lastEnd = line.end
    }

    /// Empties the list (a block parse reuses it for the next block).
    mutating func removeAll(keepingCapacity keep: Bool = false) {
        records.removeAll(keepingCapacity: keep)
        if keep, !pages.isEmpty {
            pages.removeSubrange(1...)
            pages[0].firsts.removeAll(keepingCapacity: true)
        } else {
            pages.removeAll(keepingCapacity: keep)
        }
        tailFirst = nil
        exceptions.removeAll()
        lastEnd = 0
    }

    mutating func reserveCapacity(_ minimumCapacity: Int) {
        records.reserveCapacity(minimumCapacity)
    }

    /// The record of a line that packs: a line ending of 0 to 7 bytes and
    /// a token count under 2^16 (its end is checked apart); nil otherwise.
    @inline(__always)
    static func record(_ line: SyntaxLine) -> UInt64? {
        let ending = line.end &- line.contentEnd
        guard ending >= 0, ending < 8, line.kind.rawValue < 1 << UInt8(kindBits), line.tokenCount >= 0,
              line.tokenCount < Int32(UInt16.max) else { return nil }
        return UInt64(UInt32(bitPattern: line.start)) | UInt64(line.kind.rawValue) << 32 | UInt64(ending) << 37
            | UInt64(line.tokenCount) << 40
    }

    /// The record kept for a line that does not pack (its start and kind).
    static func placeholder(_ line: SyntaxLine) -> UInt64 {
        UInt64(UInt32(bitPattern: line.start)) | UInt64(line.kind.rawValue & (1 << UInt8(kindBits) - 1)) << 32
    }
}

extension LineList: Equatable {
    public static func == (a: LineList, b: LineList) -> Bool { a.elementsEqual(b) }
}

extension LineList {
    /// Calls `body` with each line's index and kind (no whole line is built).
    func forEachKind(_ body: (Int, LineKind) -> Void) {
        records.withUnsafeBufferPointer { records in
            for index in records.indices {
                if !exceptions.isEmpty, let line = exceptions[index] { body(index, line.kind); continue }
                body(index, LineList.kind(records[index]))
            }
        }
    }
}
