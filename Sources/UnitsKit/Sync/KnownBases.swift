/// Where a merge with no base given finds one (Grammar/format.md, "Merging
/// without a base"): the undo stack, `SeenVersions`, `GitHistory`, in that
/// order, each checked by `TwoWayMerge.base(among:ours:theirs:)`.
public enum KnownBases {
    /// The base for merging `ours` (the journal at `path` now) and `theirs`,
    /// or nil; `records`: the journal's undo records when the caller has them.
    public static func base(ours: [UInt8], theirs: [UInt8], path: String, undoDirectory: String?,
                            records: [UndoRecord]? = nil, environment: [String: String]? = nil) -> [UInt8]? {
        let real = FileReader.canonicalPath(path)
        let stack = records ?? undoDirectory.flatMap { try? UndoStack(journal: path, directory: $0).load() } ?? []
        // Each source: its versions, and of which side they are earlier versions.
        let sources: [(versions: () -> [[UInt8]], sides: [(ours: [UInt8], theirs: [UInt8])])] = [
            ({ ConflictResolve.versions(of: ours, path: real, records: stack) }, [(ours, theirs)]),
            // The sync service may have kept the other device's version as
            // the journal and made this device's the copy.
            ({ ConflictResolve.versions(of: theirs, path: real, records: stack) }, [(theirs, ours)]),
            ({
                guard let undoDirectory else { return [] }
                let seen = SeenVersions(journal: path, undoDirectory: undoDirectory).versions()
                guard let newest = seen.first else { return [] }
                return seen + ConflictResolve.versions(of: newest, path: real, records: stack).dropFirst()
            }, [(ours, theirs), (theirs, ours)]),
            ({ GitHistory.versions(of: path, environment: environment) }, [(ours, theirs), (theirs, ours)]),
        ]
        for source in sources {
            let candidates = source.versions()
            if candidates.isEmpty { continue }
            for side in source.sides {
                if let found = TwoWayMerge.base(among: candidates, ours: side.ours, theirs: side.theirs) { return found }
            }
        }
        return nil
    }
}
