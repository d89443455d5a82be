/// Merging two versions of a journal that may have no known common
/// ancestor: `units merge OURS THEIRS` and `units resolve` (a sync
/// service's conflict copy). Both use the three-way merge of
/// `JournalMerge` with the rule of Grammar/format.md, "Merging"; what
/// differs is only the base.
///
/// - With a known base (an earlier version of the journal that the other
///   side still holds whole), the merge is the three-way one.
/// - Without one, the base is the records both sides hold (matched in
///   order by their canonical form): a record only one side holds counts as
///   added there, so it is kept. A record deleted on one side therefore
///   comes back; those lines are listed in `broughtBack`, so the user can
///   delete them again.
public enum TwoWayMerge {
    public struct Outcome: Sendable {
        public var result: JournalMerge.Result
        /// Whether a known base was used.
        public var usedBase: Bool
        /// Without a base: lines of the result that only one side held
        /// (an addition there, or a deletion on the other side brought back),
        /// as they read, with the side that held them.
        public var broughtBack: [(side: String, line: String)] = []
    }

    /// Merges `ours` and `theirs` over `base` when one is given, otherwise
    /// over the records they share.
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

    /// Of `candidates` (earlier versions of `ours`, newest first), the
    /// newest that can be where the two sides parted: `theirs` holds every
    /// record of it, in order (it only added since, as far as units can
    /// tell), and no record added since on one side is also added on the
    /// other (that would be a sign the sides parted later, after a version
    /// that is not among the candidates; a merge over an older one would
    /// double those records). Nil when none is.
    public static func base(among candidates: [[UInt8]], ours: [UInt8], theirs: [UInt8]) -> [UInt8]? {
        let oKeys = MergeRecords(ours).keys, tKeys = MergeRecords(theirs).keys
        for candidate in candidates {
            let c = MergeRecords(candidate).keys
            let inTheirs = LineDiff.matches(c, tKeys)
            guard inTheirs.count == c.count else { continue }
            let inOurs = Set(LineDiff.matches(c, oKeys).map(\.1))
            let theirsAdded = Set(inTheirs.map(\.1))
            let oursNew = oKeys.indices.filter { !inOurs.contains($0) }.map { oKeys[$0] }
            let theirsNew = Set(tKeys.indices.filter { !theirsAdded.contains($0) }.map { tKeys[$0] })
            if oursNew.contains(where: { !$0.isEmpty && theirsNew.contains($0) }) { continue }
            return candidate
        }
        return nil
    }
}
