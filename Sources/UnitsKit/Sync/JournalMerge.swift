/// The three-way merge behind `units merge BASE OURS THEIRS` and the git
/// merge driver (Grammar/format.md, "Merging"): records matched by their
/// canonical key as in diff3, chunks between anchors resolved by `ChunkMerger`.
public enum JournalMerge {
    public struct Result: Sendable {
        public var bytes: [UInt8]
        /// How many conflict blocks the result holds.
        public var conflicts: Int
        /// What the merge resolved by itself, for the message.
        public var notes: [String] = []
        /// Lines of the merged part that do not parse, as "LINE:COLUMN:
        /// message"; a merge with any is not clean.
        public var unparsed: [String] = []
        public var hasConflicts: Bool { conflicts > 0 }
        /// Whether git may record the result as merged.
        public var isClean: Bool { conflicts == 0 && unparsed.isEmpty }
    }

    /// Merges the three versions; the labels go on the conflict markers.
    public static func merge(base: [UInt8], ours: [UInt8], theirs: [UInt8],
                             oursLabel: String = "ours", theirsLabel: String = "theirs") -> Result {
        let common = MergeRecords.commonLength(base, ours, theirs)
        return merge(ours: ours, theirs: theirs, baseCommon: common, baseRest: Array(base[common...]),
                     oursLabel: oursLabel, theirsLabel: theirsLabel)
    }

    /// The same merge, given the base as the number of leading bytes it
    /// shares with both sides and the bytes after them (as the driver reads it).
    public static func merge(ours: [UInt8], theirs: [UInt8], baseCommon common: Int, baseRest: [UInt8],
                             oursLabel: String = "ours", theirsLabel: String = "theirs") -> Result {
        // Only what follows the shared beginning is merged, from the start
        // of the entry run it falls in, so the formatter sees whole blocks.
        let baseCount = common + baseRest.count
        let shared = MergeRecords.blockStart(ours, before: MergeRecords.sharedPrefix(
            common: common, ours: ours, theirs: theirs, baseCount: baseCount, baseNext: baseRest.first))
        let baseTail = Array(ours[shared..<common]) + baseRest
        let b = MergeRecords(baseTail), o = MergeRecords(ours, from: shared), t = MergeRecords(theirs, from: shared)
        let ending = o.lineEnding
        var out: [UInt8] = []
        // Room for ours plus what theirs added: growing past it would double the merge's peak memory.
        out.reserveCapacity(ours.count + max(0, theirs.count - baseCount) + 4096)
        appendConverted(ours[0..<shared], to: &out, ending: ending)
        var conflicts = 0
        var merger = ChunkMerger(o: o, t: t, ending: ending, oursLabel: oursLabel, theirsLabel: theirsLabel)
        let bKeys = b.keys, oKeys = o.keys, tKeys = t.keys
        var oursOf = [Int?](repeating: nil, count: b.count), theirsOf = [Int?](repeating: nil, count: b.count)
        for (i, j) in LineDiff.matches(bKeys, oKeys) { oursOf[i] = j }
        for (i, k) in LineDiff.matches(bKeys, tKeys) { theirsOf[i] = k }
        var (bi, oi, ti) = (0, 0, 0)
        for i in 0..<b.count {
            guard let j = oursOf[i], let k = theirsOf[i] else { continue }
            merger.chunk(base: Array(bKeys[bi..<i]), ours: oi..<j, theirs: ti..<k, into: &out, conflicts: &conflicts)
            o.append(j, to: &out, ending: ending)
            (bi, oi, ti) = (i + 1, j + 1, k + 1)
        }
        merger.chunk(base: Array(bKeys[bi..<b.count]), ours: oi..<o.count, theirs: ti..<t.count, into: &out, conflicts: &conflicts)
        var result = Result(bytes: out, conflicts: conflicts)
        out = []   // let go, so the splice below edits the result in place
        // Entries appended on both sides cannot make a journal invalid that
        // was valid on each side: only other changes are linted.
        if conflicts == 0, !merger.onlyEntriesAdded {
            let base = Array(ours[..<shared]) + baseTail   // the whole base, only here
            MergeRepair.repair(&result, base: base, ours: ours, theirs: theirs, ending: ending,
                               oursLabel: oursLabel, theirsLabel: theirsLabel)
        }
        // Canonical output when a side was canonical: the merged part printed.
        if result.conflicts == 0, shared <= result.bytes.count, isCanonical(ours[shared...]) || isCanonical(theirs[shared...]),
           let canonical = formattedTail(result.bytes[shared...]) {
            result.bytes.replaceSubrange(shared..., with: ending == [ASCII.lf] ? canonical : convert(canonical, ending: ending))
        }
        if result.conflicts == 0 { result.unparsed = unparsed(result.bytes, from: shared) }
        return result
    }

    /// The parse errors of `bytes[start...]`, the part the merge wrote,
    /// numbered as lines of the whole result.
    static func unparsed(_ bytes: [UInt8], from start: Int) -> [String] {
        let file = SourceFile(path: "<merge>", bytes: Array(bytes[start...]))
        let errors = Parser.parse(file).diagnostics.filter { $0.severity == .error }
        guard !errors.isEmpty else { return [] }
        let linesBefore = bytes[..<start].reduce(0) { $0 + ($1 == ASCII.lf ? 1 : 0) }
        let table = LineTable(file)
        return errors.sortedByPosition().map { diagnostic in
            guard let offset = diagnostic.range?.start else { return diagnostic.message }
            let at = table.location(of: offset)
            return "\(linesBefore + at.line):\(at.column): \(diagnostic.message)"
        }
    }

    /// The part after the shared beginning, printed canonically as inside the
    /// whole file (where a leading blank line stays).
    static func formattedTail(_ tail: ArraySlice<UInt8>) -> [UInt8]? {
        let lf = convert(Array(tail), ending: [ASCII.lf])
        let blank = lf.prefix(while: { $0 == ASCII.lf || $0 == ASCII.space || $0 == ASCII.tab })
        let cut = blank.lastIndex(of: ASCII.lf).map { $0 + 1 } ?? 0
        guard case .formatted(let printed) = Formatter.format(Array(lf[cut...]), path: "<merge>") else { return nil }
        return (cut > 0 ? [ASCII.lf] : []) + printed
    }

    /// Whether a side's part after the shared beginning is canonical.
    static func isCanonical(_ bytes: ArraySlice<UInt8>) -> Bool {
        formattedTail(bytes) == convert(Array(bytes), ending: [ASCII.lf])
    }

    /// `bytes` with every line ending made `ending`.
    static func convert(_ bytes: [UInt8], ending: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 16)
        appendConverted(bytes[...], to: &out, ending: ending)
        return out
    }

    static func appendConverted(_ bytes: ArraySlice<UInt8>, to out: inout [UInt8], ending: [UInt8]) {
        var start = bytes.startIndex
        while start < bytes.endIndex {
            guard let lf = bytes[start...].firstIndex(of: ASCII.lf) else { out += bytes[start...]; return }
            var end = lf
            if end > start, bytes[end - 1] == ASCII.cr { end -= 1 }
            out += bytes[start..<end]
            out += ending
            start = lf + 1
        }
    }
}

/// Resolves the chunks between two anchors.
struct ChunkMerger {
    let o: MergeRecords, t: MergeRecords
    let ending: [UInt8]
    let oursLabel: String, theirsLabel: String
    /// Whether every difference was entries added after the base records.
    private(set) var onlyEntriesAdded = true

    mutating func chunk(base: [[UInt8]], ours: Range<Int>, theirs: Range<Int>, into out: inout [UInt8], conflicts: inout Int) {
        let oursKeys = ours.map { o.records[$0].key }, theirsKeys = theirs.map { t.records[$0].key }
        for (keys, side, range) in [(oursKeys, o, ours), (theirsKeys, t, theirs)] where keys != base {
            if !keys.starts(with: base) || range.dropFirst(base.count).contains(where: { side.records[$0].kind != .entry }) {
                onlyEntriesAdded = false
            }
        }
        if oursKeys == base { emit(t, theirs, &out); return }
        if theirsKeys == base { emit(o, ours, &out); return }
        // Appended after the base records on one side (or both, the same
        // records or not: an entry both sides added is two entries).
        let oursAppends = oursKeys.starts(with: base), theirsAppends = theirsKeys.starts(with: base)
        if theirsAppends {
            interleave(Array(ours), Array(theirs.dropFirst(base.count)), &out)
            return
        }
        if oursAppends {
            // Theirs changed the base records: their version, with our additions.
            interleave(Array(ours.dropFirst(base.count)), Array(theirs), &out, theirsFirst: true)
            return
        }
        if oursKeys == theirsKeys {
            sameChange(base: base, ours: ours, theirs: theirs, &out)
            return
        }
        conflicts += 1
        out += Array("<<<<<<< \(oursLabel)".utf8) + ending
        emit(o, ours, &out)
        out += Array("=======".utf8) + ending
        emit(t, theirs, &out)
        out += Array(">>>>>>> \(theirsLabel)".utf8) + ending
    }

    func emit(_ side: MergeRecords, _ range: Range<Int>, _ out: inout [UInt8]) {
        for i in range { side.append(i, to: &out, ending: ending) }
    }

    /// Both sides changed the chunk's base records the same way: the edit
    /// made once, except an entry that replaces no base entry of its habit
    /// and day, one both sides added, kept twice as `interleave` keeps additions.
    func sameChange(base: [[UInt8]], ours: Range<Int>, theirs: Range<Int>, _ out: inout [UInt8]) {
        let oursKeys = ours.map { o.records[$0].key }
        let shift = theirs.lowerBound - ours.lowerBound
        var b = 0, i = 0
        for (x, y) in LineDiff.matches(base, oursKeys) + [(base.count, oursKeys.count)] {
            if i < y {
                var removed: [ArraySlice<UInt8>: Int] = [:]
                for key in base[b..<x] { removed[Self.dayAndSubject(key), default: 0] += 1 }
                var twins: [Int] = []
                for r in (ours.lowerBound + i)..<(ours.lowerBound + y) where o.records[r].kind == .entry {
                    let day = Self.dayAndSubject(o.records[r].key)
                    if let n = removed[day], n > 0 { removed[day] = n - 1 } else { twins.append(r + shift) }
                }
                interleave(Array((ours.lowerBound + i)..<(ours.lowerBound + y)), twins, &out)
            }
            if y < oursKeys.count { o.append(ours.lowerBound + y, to: &out, ending: ending) }
            (b, i) = (x + 1, y + 1)
        }
    }

    /// An entry's day and habit: its key up to the second space.
    static func dayAndSubject(_ key: [UInt8]) -> ArraySlice<UInt8> {
        guard let first = key.firstIndex(of: ASCII.space) else { return key[...] }
        return key[..<(key[(first + 1)...].firstIndex(of: ASCII.space) ?? key.endIndex)]
    }

    /// Both sides' records in date order, each side's own order kept; on a
    /// date tie ours first (theirs when it carries the base's changed records),
    /// but a unit, floor, goal or minimum change below the other side's
    /// records of its date. A non-entry record both sides have once.
    func interleave(_ oursList: [Int], _ theirs: [Int], _ out: inout [UInt8], theirsFirst: Bool = false) {
        var oursNonEntries: [[UInt8]: [Int]] = [:]
        for (position, i) in oursList.enumerated().reversed() where o.records[i].kind != .entry {
            oursNonEntries[o.records[i].key, default: []].append(position)
        }
        // Theirs' records that stay, each with how many of ours' must be out
        // before it (records written after one both sides have stay below it).
        var theirsKept: [(index: Int, after: Int)] = []
        var after = 0
        for k in theirs {
            let record = t.records[k]
            if record.kind != .entry, let position = oursNonEntries[record.key]?.popLast() {
                after = max(after, position + 1)
                continue
            }
            theirsKept.append((k, after))
        }
        // Undated records (comments, blank lines) travel with the record above.
        func date(_ side: MergeRecords, _ index: Int, _ range: [Int]) -> CivilDate {
            var i = index
            while true {
                if let date = side.records[i].date { return date }
                guard let previous = range.last(where: { $0 < i }) else { return .minimum }
                i = previous
            }
        }
        let theirsList = theirsKept.map(\.index)
        var x = 0, y = 0
        while x < oursList.count || y < theirsList.count {
            let takeOurs: Bool
            if y == theirsList.count || theirsKept[y].after > x { takeOurs = true } else if x == oursList.count { takeOurs = false } else {
                let dx = date(o, oursList[x], oursList), dy = date(t, theirsList[y], theirsList)
                let changeX = Self.changesMeaning(o.records[oursList[x]].kind), changeY = Self.changesMeaning(t.records[theirsList[y]].kind)
                if dx == dy, changeX != changeY {
                    takeOurs = changeY
                } else {
                    takeOurs = theirsFirst ? dx < dy : dx <= dy
                }
            }
            if takeOurs { o.append(oursList[x], to: &out, ending: ending); x += 1 } else { t.append(theirsList[y], to: &out, ending: ending); y += 1 }
        }
    }

    /// A record that changes how the entries below it read (Grammar/format.md,
    /// "Unit, floor, goal and minimum changes": in force from its line on).
    static func changesMeaning(_ kind: LineKind) -> Bool {
        kind == .unitChange || kind == .floorChange || kind == .goalChange
    }
}
