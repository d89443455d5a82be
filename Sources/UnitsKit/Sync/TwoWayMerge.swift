/// Merging two versions of a journal that may have no known common ancestor:
/// `JournalMerge` over a known base, or else over the records both sides
/// hold, listing what only one held (Grammar/format.md, "Merging without a base").
public enum TwoWayMerge {
    public struct Outcome: Sendable {
        public var result: JournalMerge.Result
        /// Whether a known base was used.
        public var usedBase: Bool
        /// Without a base: lines of the result that only one side held, with
        /// the side that held them.
        public var broughtBack: [(side: String, line: String)] = []
    }

    /// Merges `ours` and `theirs` over `base`, else over the records they share.
    public static func merge(ours: [UInt8], theirs: [UInt8], base: [UInt8]?,
                             oursLabel: String = "ours", theirsLabel: String = "theirs") -> Outcome {
        if let base {
            return Outcome(result: JournalMerge.merge(base: base, ours: ours, theirs: theirs, oursLabel: oursLabel, theirsLabel: theirsLabel),
                           usedBase: true)
        }
        let o = MergeRecords(ours), t = MergeRecords(theirs)
        let matches = LineDiff.matches(o.keys, t.keys)
        var shared: [UInt8] = []
        var inOurs = [Bool](repeating: false, count: o.count), inTheirs = [Bool](repeating: false, count: t.count)
        for (i, j) in matches {
            o.append(i, to: &shared, ending: o.lineEnding)
            inOurs[i] = true
            inTheirs[j] = true
        }
        var outcome = Outcome(result: JournalMerge.merge(base: shared, ours: ours, theirs: theirs, oursLabel: oursLabel, theirsLabel: theirsLabel),
                              usedBase: false)
        for (side, records, held, label) in [(o, o.records, inOurs, oursLabel), (t, t.records, inTheirs, theirsLabel)] {
            for (index, record) in records.enumerated() where !held[index] && record.kind != .blank && record.kind != .comment {
                let text = String(decoding: side.bytes[record.range], as: UTF8.self)
                outcome.broughtBack.append((label, String(text.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")))
            }
        }
        return outcome
    }

    /// Of `candidates` (earlier versions of `ours`, newest first), the newest
    /// that can safely be where the sides parted: `theirs` holds every record
    /// of it in order, and no entry added since on one side is also added on
    /// the other (a merge over it would double those). Nil when none is.
    public static func base(among candidates: [[UInt8]], ours: [UInt8], theirs: [UInt8]) -> [UInt8]? {
        let o = MergeRecords(ours), t = MergeRecords(theirs)
        let oKeys = o.keys, tKeys = t.keys
        for candidate in candidates {
            let c = MergeRecords(candidate).keys
            let inTheirs = LineDiff.matches(c, tKeys)
            guard inTheirs.count == c.count else { continue }
            let inOurs = Set(LineDiff.matches(c, oKeys).map(\.1))
            let theirsHeld = Set(inTheirs.map(\.1))
            var theirsNew: [[UInt8]: Int] = [:]
            for k in tKeys.indices where !theirsHeld.contains(k) && t.records[k].kind == .entry { theirsNew[tKeys[k], default: 0] += 1 }
            if oKeys.indices.contains(where: { !inOurs.contains($0) && (theirsNew[oKeys[$0]] ?? 0) > 0 }) { continue }
            return candidate
        }
        return nil
    }
}
