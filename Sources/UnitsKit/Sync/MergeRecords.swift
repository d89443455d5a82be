/// One version of a journal cut into the records a merge works on, each
/// with its canonical key (Grammar/format.md, "Merging", rules 1 and 2).
struct MergeRecords {
    struct Record {
        /// The record's lines as written (with their line endings).
        var range: Range<Int>
        var key: [UInt8]
        var date: CivilDate?
        var kind: LineKind
    }

    let bytes: [UInt8]
    private(set) var records: [Record] = []
    /// The line ending this version uses (that of its first line), LF by default.
    let lineEnding: [UInt8]

    /// Cuts `bytes[start...]` into records (what comes before is shared).
    init(_ bytes: [UInt8], from start: Int = 0) {
        self.bytes = bytes
        let tail = Array(bytes[start...])
        let tree = Parser.parse(SourceFile(path: "<merge>", bytes: tail))
        var ending: [UInt8] = [ASCII.lf]
        if let crlf = bytes.firstIndex(of: ASCII.lf) { ending = crlf > 0 && bytes[crlf - 1] == ASCII.cr ? [ASCII.cr, ASCII.lf] : [ASCII.lf] }
        lineEnding = ending
        let bom = tree.byteOrderMarkLength
        for line in tree.lines where line.end > line.start {
            let range = (start + max(Int(line.start), bom))..<(start + Int(line.end))
            let key = Self.key(tree, line)
            // Attribute lines (and comments between them) belong to the declaration above.
            if line.kind == .attribute || (line.kind == .comment && Self.isIndented(tail, line)),
               let last = records.last, last.kind == .habit || last.kind == .group {
                records[records.count - 1].range = last.range.lowerBound..<range.upperBound
                records[records.count - 1].key += [ASCII.lf] + key
                continue
            }
            var date: CivilDate?
            if line.kind.isDated, let first = tree.tokens(of: line).first, first.kind == .date,
               case .valid(let d) = DateLexeme.parse(tree.bytes(first)) { date = d }
            records.append(Record(range: range, key: key, date: date, kind: line.kind))
        }
    }

    var count: Int { records.count }
    var keys: [[UInt8]] { records.map(\.key) }

    static func isIndented(_ bytes: [UInt8], _ line: SyntaxLine) -> Bool {
        let start = Int(line.start)
        return start < bytes.count && (bytes[start] == ASCII.space || bytes[start] == ASCII.tab)
    }

    /// The canonical comparison key of one line.
    static func key(_ tree: SyntaxTree, _ line: SyntaxLine) -> [UInt8] {
        var key: [UInt8] = []
        for token in tree.tokens(of: line) {
            if !key.isEmpty { key.append(ASCII.space) }
            let text = tree.bytes(token)
            switch token.kind {
            case .date:
                if case .valid(let date) = DateLexeme.parse(text) { date.appendCanonical(to: &key) } else { key += text }
            case .number:
                if let amount = Amount(String(decoding: text, as: UTF8.self)) { amount.appendCanonical(to: &key) } else { key += text }
            case .comment:
                key += Array(tree.commentText(token).utf8)
            default:
                key += text
            }
        }
        return key
    }

    /// A record's text, every line ending (and a missing last one) `ending`.
    func append(_ index: Int, to out: inout [UInt8], ending: [UInt8]) {
        var text = bytes[records[index].range]
        let unended = text.last != ASCII.lf
        if unended, text.last == ASCII.cr { text = text.dropLast() }
        JournalMerge.appendConverted(text, to: &out, ending: ending)
        if unended { out += ending }
    }

    /// Lines of an entry run the merge reads back from its first
    /// difference: the rest of a longer run stays as it is.
    static let blockLineLimit = 10_000

    /// `cut` moved back to the start of the entry run (one aligned block) it
    /// falls in, by no more than `limit` lines.
    static func blockStart(_ bytes: [UInt8], before cut: Int, limit: Int = blockLineLimit) -> Int {
        var cut = cut
        var lines = 0
        while cut > 0, lines < limit {
            lines += 1
            // The line that ends just before `cut`.
            var start = cut - 1
            while start > 0, bytes[start - 1] != ASCII.lf { start -= 1 }
            let line = bytes[start..<cut]
            guard isEntryLine(line) else { break }
            cut = start
        }
        return cut <= 3 ? 0 : cut
    }

    /// A dated line whose second word is not a keyword: an entry.
    static func isEntryLine(_ line: ArraySlice<UInt8>) -> Bool {
        guard let first = line.first, first >= ASCII.zero, first <= ASCII.nine else { return false }
        let words = line.split(whereSeparator: { $0 == ASCII.space || $0 == ASCII.tab || $0 == ASCII.cr || $0 == ASCII.lf })
        guard words.count >= 2 else { return false }
        return !NameLexeme.keywords.contains(String(decoding: words[1], as: UTF8.self))
    }

    /// How many leading bytes the three versions have in common.
    static func commonLength(_ a: [UInt8], _ b: [UInt8], _ c: [UInt8]) -> Int {
        let ab = SystemBytes.commonPrefix(a[...], b[...])
        return SystemBytes.commonPrefix(a[..<ab], c[...])
    }

    /// The longest shared beginning that ends where a record starts in all
    /// three versions, which share `common` bytes (the base known by its length).
    static func sharedPrefix(common: Int, ours: [UInt8], theirs: [UInt8], baseCount: Int, baseNext: UInt8?) -> Int {
        var n = common
        func starts(_ x: [UInt8]) -> Bool { n == x.count || (x[n] != ASCII.space && x[n] != ASCII.tab) }
        func baseStarts() -> Bool {
            if n == baseCount { return true }
            let byte = n < common ? ours[n] : baseNext
            return byte != ASCII.space && byte != ASCII.tab
        }
        while n > 0, !(ours[n - 1] == ASCII.lf && starts(ours) && starts(theirs) && baseStarts()) { n -= 1 }
        // Never split a byte-order mark off its file.
        return n <= 3 ? 0 : n
    }

    /// The shared beginning of three whole versions (see above).
    static func sharedPrefix(_ base: [UInt8], _ ours: [UInt8], _ theirs: [UInt8]) -> Int {
        let common = commonLength(base, ours, theirs)
        return sharedPrefix(common: common, ours: ours, theirs: theirs, baseCount: base.count,
                            baseNext: common < base.count ? base[common] : nil)
    }
}
