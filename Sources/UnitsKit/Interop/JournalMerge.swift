/// The three-way merge behind `units merge BASE OURS THEIRS`, the git merge
/// driver for journals.
///
/// Lines are matched as in diff3: lines of BASE kept by both sides are
/// anchors, and between two anchors each side's lines are a chunk. A chunk
/// changed on one side only takes that side; changed identically on both,
/// one copy. When both sides only **added** lines at the same place (two
/// devices logging since the last sync), the additions are all kept, each
/// once, merged in date order: each side's lines keep their own order (file
/// order is time order), and on the same date ours come before theirs.
/// Anything else changed on both sides (a declaration or attribute edited
/// two ways) is a conflict, written with git's markers.
public enum JournalMerge {
    public struct Result: Sendable {
        public var bytes: [UInt8]
        /// How many conflict blocks the result holds.
        public var conflicts: Int
        public var hasConflicts: Bool { conflicts > 0 }
    }

    /// Merges the three versions; the labels go on the conflict markers.
    public static func merge(base: [UInt8], ours: [UInt8], theirs: [UInt8],
                             oursLabel: String = "ours", theirsLabel: String = "theirs") -> Result {
        let b = MergeLines(base), o = MergeLines(ours), t = MergeLines(theirs)
        var oursOf = [Int?](repeating: nil, count: b.count)
        var theirsOf = [Int?](repeating: nil, count: b.count)
        for (i, j) in LineDiff.matches(b.keys, o.keys) { oursOf[i] = j }
        for (i, k) in LineDiff.matches(b.keys, t.keys) { theirsOf[i] = k }

        var out: [UInt8] = []
        out.reserveCapacity(max(ours.count, theirs.count) + 64)
        var conflicts = 0
        var (bi, oi, ti) = (0, 0, 0)
        func emit(_ lines: MergeLines, _ range: Range<Int>) {
            for i in range { lines.append(i, to: &out) }
        }
        /// Resolves the chunks before the next anchor (base[bi..<nb], ...).
        func chunk(to nb: Int, _ no: Int, _ nt: Int) {
            let baseChunk = b.keys[bi..<nb], oursChunk = o.keys[oi..<no], theirsChunk = t.keys[ti..<nt]
            if oursChunk.elementsEqual(baseChunk) {
                emit(t, ti..<nt)
            } else if theirsChunk.elementsEqual(baseChunk) || oursChunk.elementsEqual(theirsChunk) {
                emit(o, oi..<no)
            } else if baseChunk.isEmpty {
                out += interleave(o, oi..<no, t, ti..<nt)
            } else {
                conflicts += 1
                out += Array("<<<<<<< \(oursLabel)\n".utf8)
                emit(o, oi..<no)
                out += Array("=======\n".utf8)
                emit(t, ti..<nt)
                out += Array(">>>>>>> \(theirsLabel)\n".utf8)
            }
        }
        for i in 0..<b.count {
            guard let j = oursOf[i], let k = theirsOf[i] else { continue }
            chunk(to: i, j, k)
            o.append(j, to: &out)
            (bi, oi, ti) = (i + 1, j + 1, k + 1)
        }
        chunk(to: b.count, o.count, t.count)
        return Result(bytes: o.byteOrderMark + out, conflicts: conflicts)
    }

    /// Lines added on both sides at one place, in date order: blocks (a
    /// dated line and the undated lines under it, like a declaration's
    /// attributes) are merged by date, ours first on a tie; a block theirs
    /// shares with ours is kept once.
    static func interleave(_ o: MergeLines, _ oursRange: Range<Int>, _ t: MergeLines, _ theirsRange: Range<Int>) -> [UInt8] {
        let ours = o.blocks(oursRange), theirs = t.blocks(theirsRange)
        var oursCount: [[UInt8]: Int] = [:]
        for block in ours { oursCount[block.key, default: 0] += 1 }
        let theirsOnly = theirs.filter { block in
            if let n = oursCount[block.key], n > 0 { oursCount[block.key] = n - 1; return false }
            return true
        }
        var out: [UInt8] = []
        var x = 0, y = 0
        while x < ours.count || y < theirsOnly.count {
            if y == theirsOnly.count || (x < ours.count && ours[x].date <= theirsOnly[y].date) {
                out += ours[x].text; x += 1
            } else {
                out += theirsOnly[y].text; y += 1
            }
        }
        return out
    }
}

/// One version's lines, split by the core parser: each line's bytes with
/// its line ending (a missing final line ending is added, so that lines
/// appended after it stay lines), a comparison key without the ending, and
/// the date of dated lines.
struct MergeLines {
    private let bytes: [UInt8]
    private var ranges: [Range<Int>] = []
    private(set) var keys: [ArraySlice<UInt8>] = []
    private var dates: [CivilDate?] = []
    let byteOrderMark: [UInt8]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        let tree = Parser.parse(SourceFile(path: "<merge>", bytes: bytes))
        byteOrderMark = Array(bytes[0..<tree.byteOrderMarkLength])
        for line in tree.lines where line.end > line.start || line.contentEnd > line.start {
            ranges.append(Int(line.start)..<Int(line.end))
            keys.append(bytes[Int(line.start)..<Int(line.contentEnd)])
            var date: CivilDate?
            if line.kind.isDated, let first = tree.tokens(of: line).first, first.kind == .date,
               case .valid(let d) = DateLexeme.parse(tree.bytes(first)) { date = d }
            dates.append(date)
        }
    }

    var count: Int { ranges.count }

    /// Appends a line's bytes and line ending (LF when the file lacked one),
    /// without an intermediate array: the merge copies every line once.
    func append(_ i: Int, to out: inout [UInt8]) {
        out.append(contentsOf: bytes[ranges[i]])
        if bytes[ranges[i]].last != ASCII.lf { out.append(ASCII.lf) }
    }

    /// A line's bytes with its line ending (LF added when the file lacked one).
    func text(_ i: Int) -> [UInt8] {
        let line = bytes[ranges[i]]
        if line.last == ASCII.lf { return Array(line) }
        return Array(line) + [ASCII.lf]
    }

    struct Block { var date: CivilDate; var text: [UInt8]; var key: [UInt8] }

    /// Lines grouped into blocks that each start at a dated line; undated
    /// lines before the first dated line take that line's date.
    func blocks(_ range: Range<Int>) -> [Block] {
        var result: [Block] = []
        var current: Block?
        var leading: [UInt8] = [], leadingKey: [UInt8] = []
        for i in range {
            if let date = dates[i] {
                if let block = current { result.append(block) }
                current = Block(date: date, text: leading + text(i), key: leadingKey + keys[i] + [ASCII.lf])
                leading = []; leadingKey = []
            } else if current != nil {
                current!.text += text(i)
                current!.key += keys[i] + [ASCII.lf]
            } else {
                leading += text(i); leadingKey += keys[i] + [ASCII.lf]
            }
        }
        if let block = current { result.append(block) }
        if !leading.isEmpty { result.append(Block(date: result.last?.date ?? .minimum, text: leading, key: leadingKey)) }
        return result
    }
}
