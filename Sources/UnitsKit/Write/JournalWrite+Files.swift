extension JournalWrite {
    /// Writes a change planned (and verified) across several files of the
    /// journal whose main file `root` is locked, each refused if it is no
    /// longer its `before`; success carries why the undo record was not saved.
    public static func commitFiles(_ edits: [(path: String, before: [UInt8], after: [UInt8])], root: LockedFile,
                                   summary: String, settings: WriteSettings) -> Result<WriteError?, AppendFailure> {
        guard settings.undoDirectory != nil else {
            return .failure(.refused("no state folder for the undo record; nothing was written"))
        }
        let rootPath = FileReader.canonicalPath(root.path)
        var targets: [(file: LockedFile, bytes: [UInt8])] = []
        var others: [LockedFile] = []
        defer { others.forEach { $0.close() } }
        do throws(WriteError) {
            for edit in edits {
                let file: LockedFile
                if FileReader.canonicalPath(edit.path) == rootPath { file = root } else {
                    file = try LockedFile.open(edit.path, wait: settings.lockWait)
                    others.append(file)
                }
                guard file.bytes == edit.before else {
                    throw WriteError(path: edit.path, reason: "the file changed while the rename was planned; nothing was rewritten, run the command again")
                }
                targets.append((file, edit.after))
            }
        } catch {
            return .failure(.cannotWrite(error))
        }
        return commitLocked(targets, journal: root.path, summary: summary, settings: settings)
            .map(\.undoError).mapError { .cannotWrite($0) }
    }

    /// The one write step, for files the caller locked and checked: one in
    /// place (an append when that is all), several all or nothing; then the
    /// undo record pushed and each version kept as a sync base (`SeenVersions`).
    static func commitLocked(_ targets: [(file: LockedFile, bytes: [UInt8])], journal: String,
                             summary: String, settings: WriteSettings)
        -> Result<(changes: [UndoRecord.FileChange], undoError: WriteError?), WriteError> {
        let changes = targets.map {
            UndoRecord.FileChange(path: FileReader.canonicalPath($0.file.path), before: $0.file.bytes, after: $0.bytes)
        }
        do throws(WriteError) {
            if targets.count == 1, let (file, after) = targets.first {
                let change = changes[0]
                if change.isAppend && !change.inserted.isEmpty { try file.append(change.inserted) } else {
                    try file.replace(with: after)
                }
            } else if let directory = settings.undoDirectory {
                try FileCommit.replace(targets, directory: directory)
            } else {
                throw WriteError(path: journal, reason: "no state folder for the undo record; nothing was written")
            }
        } catch {
            return .failure(error)
        }
        guard let directory = settings.undoDirectory else { return .success((changes, nil)) }
        var undoError: WriteError?
        do { try UndoStack(journal: journal, directory: directory).push(UndoRecord(summary: summary, files: changes)) } catch {
            undoError = error
        }
        // An emptied file (a folded conflict copy, removed next) is no base.
        for (target, change) in zip(targets, changes) where !target.bytes.isEmpty {
            SeenVersions(journal: target.file.path, undoDirectory: directory).wrote(change, to: target.file.path)
        }
        return .success((changes, undoError))
    }
}
