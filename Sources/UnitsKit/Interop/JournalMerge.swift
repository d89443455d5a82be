/// The three-way merge behind `units merge BASE OURS THEIRS`, the git merge
/// driver for journals. The rule is `Grammar/format.md` section 22:
///
/// - the bytes all three versions share at the start and the end are
///   copied as they are (`MergeWindow`); only the middle is compared;
/// - the middle is compared as units (a declaration with its attributes,
///   or one line) by canonical form, as in diff3: units of BASE kept by
///   both sides are anchors, and between two anchors each side's units are
///   a chunk. A chunk changed on one side only takes that side; changed
///   identically on both, one copy; units only **added** on both sides are
///   all kept, with their multiplicity, in date order (each side's order
///   kept, ours first on a date); anything else is a conflict;
/// - the result is linted (`MergeCheck`): a finding neither side had is
///   resolved where the meaning is certain, or becomes a conflict;
/// - the result uses ours' line ending throughout, and is printed by the
///   formatter when both sides were canonical.
public enum JournalMerge {
    public struct Result: Sendable {
        public var bytes: [UInt8]
        /// How many conflict blocks the result holds.
        public var conflicts: Int
        public var hasConflicts: Bool { conflicts > 0 }
        /// What the merge resolved by the rule (a declaration added on both
        /// sides kept once, a rename carried over, ...), one line each.
        public var resolutions: [String] = []
    }

    /// Merges the three versions; the labels go on the conflict markers.
    public static func merge(base: [UInt8], ours: [UInt8], theirs: [UInt8],
                             oursLabel: String = "ours", theirsLabel: String = "theirs") -> Result {
        let cut = MergeWindow(base: base, ours: ours, theirs: theirs)
        let b = MergeUnits.split(cut.window(base), side: .base)
        let o = MergeUnits.split(cut.window(ours), side: .ours)
        let t = MergeUnits.split(cut.window(theirs), side: .theirs)
        var items = merge(b, o, t)
        var check = MergeCheck(prefix: ours[0..<cut.prefix], suffix: ours[(ours.count - cut.suffix)...],
                               ours: o, theirs: t)
        check.rename(&items, base: b)
        check.resolve(&items)

        let ending = AppendPlan.lineEnding(of: ours)
        var middle = render(items, ending: [ASCII.lf], oursLabel: oursLabel, theirsLabel: theirsLabel)
        let conflicts = items.filter(\.isConflict).count
        if conflicts == 0, let canonical = MergeLayout.canonical(merged: middle, ours: o, theirs: t) { middle = canonical }
        if ending != [ASCII.lf] { middle = MergeLayout.withEnding(middle, ending) }

        var out: [UInt8] = []
        out.reserveCapacity(ours.count + middle.count - cut.window(ours).count + 16)
        if cut.prefix == 0, ours.starts(with: [0xEF, 0xBB, 0xBF]) { out += [0xEF, 0xBB, 0xBF] }
        out += ours[0..<cut.prefix]
        // A last line without a line ending gets one before the merged lines.
        if let last = out.last, last != ASCII.lf, !middle.isEmpty { out += ending }
        out += middle
        out += ours[(ours.count - cut.suffix)...]
        return Result(bytes: out, conflicts: conflicts, resolutions: check.resolutions)
    }

    /// The diff3 pass over the units of the three windows.
    static func merge(_ b: [MergeUnit], _ o: [MergeUnit], _ t: [MergeUnit]) -> [MergeItem] {
        let bk = b.map(\.key), ok = o.map(\.key), tk = t.map(\.key)
        var oursOf = [Int?](repeating: nil, count: b.count)
        var theirsOf = [Int?](repeating: nil, count: b.count)
        for (i, j) in LineDiff.matches(bk, ok) { oursOf[i] = j }
        for (i, k) in LineDiff.matches(bk, tk) { theirsOf[i] = k }

        var items: [MergeItem] = []
        var (bi, oi, ti) = (0, 0, 0)
        func take(_ units: ArraySlice<MergeUnit>, as side: MergeSide) {
            for var unit in units { unit.side = side; items.append(.unit(unit)) }
        }
        func chunk(to nb: Int, _ no: Int, _ nt: Int) {
            let baseChunk = bk[bi..<nb], oursChunk = ok[oi..<no], theirsChunk = tk[ti..<nt]
            if oursChunk.elementsEqual(baseChunk) {
                take(t[ti..<nt], as: .theirs)
            } else if theirsChunk.elementsEqual(baseChunk) {
                take(o[oi..<no], as: .ours)
            } else if baseChunk.isEmpty {
                items += interleave(o[oi..<no], t[ti..<nt])
            } else if oursChunk.elementsEqual(theirsChunk) {
                take(o[oi..<no], as: .base)   // the same change on both sides, once
            } else {
                items.append(.conflict(ours: Array(o[oi..<no]), theirs: Array(t[ti..<nt])))
            }
        }
        for i in 0..<b.count {
            guard let j = oursOf[i], let k = theirsOf[i] else { continue }
            chunk(to: i, j, k)
            // The anchor as the side that changed its bytes wrote it (a
            // `units-fmt` on one side is kept), ours when neither did.
            var unit = o[j].sameBytes(as: b[i]) && !t[k].sameBytes(as: b[i]) ? t[k] : o[j]
            unit.side = .base
            items.append(.unit(unit))
            (bi, oi, ti) = (i + 1, j + 1, k + 1)
        }
        chunk(to: b.count, o.count, t.count)
        return items
    }

    /// Units added on both sides at one place, all kept, in date order.
    /// Undated units (comments, blank lines) go with the dated unit before
    /// them, or the first one when they lead; each side keeps its order,
    /// and ours come first on a date.
    static func interleave(_ ours: ArraySlice<MergeUnit>, _ theirs: ArraySlice<MergeUnit>) -> [MergeItem] {
        func groups(_ units: ArraySlice<MergeUnit>, _ side: MergeSide) -> [(date: CivilDate, units: [MergeUnit])] {
            var result: [(date: CivilDate, units: [MergeUnit])] = []
            var leading: [MergeUnit] = []
            for var unit in units {
                unit.side = side
                if let date = unit.date {
                    result.append((date, leading + [unit]))
                    leading = []
                } else if !result.isEmpty {
                    result[result.count - 1].units.append(unit)
                } else {
                    leading.append(unit)
                }
            }
            if !leading.isEmpty { result.append((result.last?.date ?? .minimum, leading)) }
            return result
        }
        let x = groups(ours, .ours), y = groups(theirs, .theirs)
        var out: [MergeItem] = []
        var (i, j) = (0, 0)
        while i < x.count || j < y.count {
            if j == y.count || (i < x.count && x[i].date <= y[j].date) {
                out += x[i].units.map(MergeItem.unit); i += 1
            } else {
                out += y[j].units.map(MergeItem.unit); j += 1
            }
        }
        return out
    }

    /// The merged units as bytes, conflicts between git's markers.
    static func render(_ items: [MergeItem], ending: [UInt8], oursLabel: String, theirsLabel: String) -> [UInt8] {
        var out: [UInt8] = []
        func put(_ unit: MergeUnit) {
            for line in unit.lines { out += line; out += ending }
        }
        for item in items {
            switch item {
            case .unit(let unit): put(unit)
            case .conflict(let ours, let theirs):
                out += Array("<<<<<<< \(oursLabel)".utf8) + ending
                ours.forEach(put)
                out += Array("=======".utf8) + ending
                theirs.forEach(put)
                out += Array(">>>>>>> \(theirsLabel)".utf8) + ending
            }
        }
        return out
    }
}

/// One piece of the merged middle: a unit, or units in dispute.
enum MergeItem: Sendable {
    case unit(MergeUnit)
    case conflict(ours: [MergeUnit], theirs: [MergeUnit])

    var isConflict: Bool { if case .conflict = self { return true } else { return false } }
    var unit: MergeUnit? { if case .unit(let unit) = self { return unit } else { return nil } }
}
