/// `units resolve`: folds the conflict copies beside a journal and its
/// includes into the files they copy (`TwoWayMerge`) through the write path,
/// all files at once with one undo record; a folded copy is emptied, then removed.
public enum ConflictResolve {
    /// What was done (or, with `dryRun`, would be done) with one copy.
    public struct Fold: Sendable {
        public var copy: ConflictCopies.Copy
        /// Whether a base (an earlier version: `KnownBases`) was known.
        public var usedBase: Bool
        /// Without a base: lines only one side held (see `TwoWayMerge`).
        public var broughtBack: [(side: String, line: String)]
        /// Conflict blocks left in the file: the copy is then kept.
        public var conflicts: Int
        public var notes: [String]
    }

    /// A copy that does not parse: kept, and nothing is written.
    public struct Unreadable: Sendable {
        public var copy: ConflictCopies.Copy
        public var errors: [Diagnostic]
    }

    public struct Outcome: Sendable {
        public var copies: [ConflictCopies.Copy] = []
        public var folds: [Fold] = []
        public var unreadable: [Unreadable] = []
        /// Each changed file with its contents before and after.
        public var changed: [(path: String, before: [UInt8], after: [UInt8])] = []
        /// Copies removed (folded, or empty).
        public var removed: [String] = []
        /// Where copies were kept aside (`keepAside`).
        public var keptAside: [String] = []
        public var written = false
        public var undoWarning: String?
        public var conflicts: Int { folds.reduce(0) { $0 + $1.conflicts } }
    }

    /// The suffix a copy kept aside gets: no sync service's pattern, and no
    /// journal's extension, so nothing folds it again.
    public static let asideSuffix = ".folded"

    /// `environment`: the one git is run with (`GitHistory`), when not this process's.
    public static func perform(path: String, settings: WriteSettings, dryRun: Bool, keepAside: Bool,
                               environment: [String: String]? = nil) -> Result<Outcome, AppendFailure> {
        guard let directory = settings.undoDirectory else { return .failure(.refused("no state folder for the undo record; nothing was written")) }
        let root: LockedFile
        do { root = try JournalWrite.open(path, settings: settings) } catch { return .failure(.cannotWrite(error)) }
        defer { root.close() }
        let journal = Journal(file: SourceFile(path: path, bytes: root.bytes))
        let errors = journal.diagnostics.filter { $0.severity == .error }
        if !errors.isEmpty { return .failure(.invalidJournal(errors)) }
        var outcome = Outcome()
        outcome.copies = ConflictCopies.find(for: journal.files.map(\.file.path))
        guard !outcome.copies.isEmpty else { return .success(outcome) }

        // Every file is locked before anything is read for the merge.
        let rootReal = FileReader.canonicalPath(path)
        var locked: [String: LockedFile] = [rootReal: root]
        var others: [LockedFile] = []
        defer { others.forEach { $0.close() } }
        func lock(_ file: String) throws(WriteError) -> LockedFile {
            let real = FileReader.canonicalPath(file)
            if let held = locked[real] { return held }
            let opened = try LockedFile.open(file, wait: settings.lockWait)
            others.append(opened)
            locked[real] = opened
            return opened
        }
        var originals: [String] = []
        var copyFiles: [LockedFile] = []
        do throws(WriteError) {
            for copy in outcome.copies {
                if !originals.contains(copy.original) { originals.append(copy.original); _ = try lock(copy.original) }
                copyFiles.append(try lock(copy.path))
            }
        } catch {
            return .failure(.cannotWrite(error))
        }
        for (copy, file) in zip(outcome.copies, copyFiles) {
            let tree = Parser.parse(SourceFile(path: copy.path, bytes: file.bytes))
            let errors = tree.diagnostics.filter { $0.severity == .error }
            if !errors.isEmpty { outcome.unreadable.append(Unreadable(copy: copy, errors: errors)) }
        }
        if !outcome.unreadable.isEmpty { return .success(outcome) }

        let stack = UndoStack(journal: path, directory: directory)
        let records = (try? stack.load()) ?? []
        var afters: [String: [UInt8]] = [:]
        var removed: [(copy: ConflictCopies.Copy, file: LockedFile)] = []
        for original in originals {
            let file = locked[FileReader.canonicalPath(original)]!
            var current = file.bytes
            for (copy, copyFile) in zip(outcome.copies, copyFiles) where copy.original == original {
                if copyFile.bytes.isEmpty { removed.append((copy, copyFile)); continue }
                let base = KnownBases.base(ours: current, theirs: copyFile.bytes, path: original,
                                           undoDirectory: directory, records: records, environment: environment)
                let merged = TwoWayMerge.merge(ours: current, theirs: copyFile.bytes, base: base,
                                               oursLabel: FileReader.fileName(of: original), theirsLabel: FileReader.fileName(of: copy.path))
                current = merged.result.bytes
                let conflicts = merged.result.conflicts + (merged.result.unparsed.isEmpty ? 0 : 1)
                outcome.folds.append(Fold(copy: copy, usedBase: merged.usedBase, broughtBack: merged.broughtBack,
                                          conflicts: conflicts, notes: merged.result.notes))
                if conflicts == 0 { removed.append((copy, copyFile)) }
            }
            if current != file.bytes {
                afters[FileReader.canonicalPath(original)] = current
                outcome.changed.append((original, file.bytes, current))
            }
        }
        outcome.removed = removed.map(\.copy.path)
        // A clean fold must leave a journal without errors; one with
        // conflict markers is written for the user to settle, its copy kept.
        if outcome.conflicts == 0 {
            let paths = Array(afters.keys)
            if let failure = JournalUndo.verify(paths.map { afters[$0]! }, of: paths, main: rootReal, path: path) {
                return .failure(failure)
            }
        }
        if dryRun { return .success(outcome) }

        var targets = outcome.changed.map { (file: locked[FileReader.canonicalPath($0.path)]!, bytes: $0.after) }
        targets += removed.filter { !$0.file.bytes.isEmpty }.map { (file: $0.file, bytes: []) }
        let summary = "Folded \(outcome.folds.count) conflict cop\(outcome.folds.count == 1 ? "y" : "ies") into \(FileReader.fileName(of: path))"
        var undoError: WriteError?
        do throws(WriteError) {
            if keepAside {
                for (copy, file) in removed where !file.bytes.isEmpty {
                    try FileCommit.create(copy.path + asideSuffix, bytes: file.bytes)
                    outcome.keptAside.append(copy.path + asideSuffix)
                }
            }
            if !targets.isEmpty {
                undoError = try JournalWrite.commitLocked(targets, journal: path, summary: summary, settings: settings)
                    .get().undoError
            }
        } catch {
            outcome.keptAside.forEach { unlinkFile($0) }
            return .failure(.cannotWrite(error))
        }
        // The emptied copies go; the undo record creates them again.
        for (copy, _) in removed { unlinkFile(copy.path) }
        outcome.written = true
        outcome.undoWarning = undoError.map {
            "the copies were folded, but `units undo` will not be able to take it back: \($0)"
        }
        return .success(outcome)
    }

    /// `bytes` (the file now, or a copy of it) and the versions before it
    /// the undo stack can give back, newest first.
    static func versions(of bytes: [UInt8], path real: String, records: [UndoRecord]) -> [[UInt8]] {
        var out = [bytes]
        var current = bytes
        for record in records.reversed() {
            guard let change = record.files.first(where: { $0.path == real }) else { continue }
            guard change.refusal(against: current, shownAs: real) == nil,
                  case .success(let earlier) = change.restored(from: current, shownAs: real) else { break }
            out.append(earlier)
            current = earlier
        }
        return out
    }
}
