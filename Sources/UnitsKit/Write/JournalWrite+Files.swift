extension JournalWrite {
    /// Writes a change planned (and verified) across several files of the
    /// journal whose main file `root` is locked: every other file is locked
    /// and refused if it is no longer the `before` it was planned from; one
    /// file is replaced in place, several all or nothing (`FileCommit`);
    /// then the undo record is pushed and each written version is kept as
    /// a base for a later conflict copy's merge (`SeenVersions`).
    ///
    /// Success carries why the undo record could not be saved, if it could
    /// not (the caller words the warning: the files were written).
    public static func commitFiles(_ edits: [(path: String, before: [UInt8], after: [UInt8])], root: LockedFile,
                                   summary: String, settings: WriteSettings) -> Result<WriteError?, AppendFailure> {
        guard let directory = settings.undoDirectory else {
            return .failure(.refused("no state folder for the undo record; nothing was written"))
        }
        let rootPath = FileReader.canonicalPath(root.path)
        var targets: [(file: LockedFile, bytes: [UInt8])] = []
        var others: [LockedFile] = []
        defer { others.forEach { $0.close() } }
        var changes: [UndoRecord.FileChange] = []
        do throws(WriteError) {
            for edit in edits {
                let real = FileReader.canonicalPath(edit.path)
                let file: LockedFile
                if real == rootPath { file = root } else {
                    file = try LockedFile.open(edit.path, wait: settings.lockWait)
                    others.append(file)
                }
                guard file.bytes == edit.before else {
                    throw WriteError(path: edit.path, reason: "the file changed while the rename was planned; nothing was rewritten, run the command again")
                }
                targets.append((file, edit.after))
                changes.append(UndoRecord.FileChange(path: real, before: edit.before, after: edit.after))
            }
            if targets.count == 1 { try targets[0].file.replace(with: targets[0].bytes) } else {
                try FileCommit.replace(targets, directory: directory)
            }
        } catch {
            return .failure(.cannotWrite(error))
        }
        var undoError: WriteError?
        do { try UndoStack(journal: root.path, directory: directory).push(UndoRecord(summary: summary, files: changes)) } catch {
            undoError = error
        }
        for (edit, change) in zip(edits, changes) {
            SeenVersions(journal: edit.path, undoDirectory: directory).wrote(change, to: edit.path)
        }
        return .success(undoError)
    }
}
