/// `units undo`: takes back the newest write on the journal's undo stack,
/// byte for byte, while every file it touched is exactly as it left them.
public enum JournalUndo {
    /// What was undone.
    public struct Outcome: Sendable {
        public var record: UndoRecord
        /// How many older writes can still be undone.
        public var remaining: Int
    }

    /// The writes `units undo` would take back, newest first.
    public static func list(path: String, directory: String) -> Result<[UndoRecord], AppendFailure> {
        do { return .success(try UndoStack(journal: path, directory: directory).load().reversed()) } catch {
            return .failure(.refused(error.reason))
        }
    }

    /// Takes back the newest recorded write to `path`, or refuses and says why.
    public static func perform(path: String, directory: String, wait: LockedFile.LockWait = .standard,
                               notice: @escaping (String) -> Void = { _ in }) -> Result<Outcome, AppendFailure> {
        let file: LockedFile
        let settings = WriteSettings(undoDirectory: directory, lockWait: wait, notice: notice)
        do { file = try JournalWrite.open(path, settings: settings) } catch { return .failure(.cannotWrite(error)) }
        defer { file.close() }
        let stack = UndoStack(journal: path, directory: directory)
        var records: [UndoRecord]
        do { records = try stack.load() } catch { return .failure(.refused("cannot undo: \(error.reason)")) }
        guard let record = records.last else {
            return .failure(.refused("nothing to undo: no write by units is recorded for \(path)"))
        }
        let main = FileReader.canonicalPath(path)
        // Other files of the record (a rename across includes) are locked too.
        var others: [LockedFile] = []
        defer { others.forEach { $0.close() } }
        var targets: [(file: LockedFile, change: UndoRecord.FileChange)] = []
        // A file the write emptied and then removed (a conflict copy
        // `units resolve` folded) is created again, once nothing refuses.
        var removed: [(change: UndoRecord.FileChange, bytes: [UInt8])] = []
        for change in record.files {
            if change.path == main { targets.append((file, change)); continue }
            if change.sizeAfter == 0, FileReader.journalAbsence(change.path) != nil, !FileReader.exists(change.path) {
                switch change.restored(from: [], shownAs: change.path) {
                case .success(let bytes): removed.append((change, bytes)); continue
                case .failure(let refusal): return .failure(.refused("cannot undo \"\(record.summary)\": \(refusal.reason)"))
                }
            }
            do {
                let other = try LockedFile.open(change.path, wait: wait)
                others.append(other)
                targets.append((other, change))
            } catch {
                return .failure(.refused("cannot undo \"\(record.summary)\": \(error)"))
            }
        }
        var restored: [[UInt8]] = []
        for (target, change) in targets {
            let name = target.path == file.path ? path : change.path
            if let reason = change.refusal(against: target.bytes, shownAs: name) {
                return .failure(.refused("cannot undo \"\(record.summary)\": \(reason)"))
            }
            switch change.restored(from: target.bytes, shownAs: name) {
            case .success(let bytes): restored.append(bytes)
            case .failure(let refusal): return .failure(.refused("cannot undo \"\(record.summary)\": \(refusal.reason)"))
            }
        }
        if let failure = verify(restored, of: targets.map(\.change.path), main: main, path: path) { return .failure(failure) }
        do throws(WriteError) {
            for (change, bytes) in removed {
                try FileCommit.create(change.path, bytes: [])
                let created = try LockedFile.open(change.path, wait: wait)
                others.append(created)
                targets.append((created, change))
                restored.append(bytes)
            }
            if targets.count == 1, let (target, change) = targets.first {
                if change.isAppend { try target.truncate(to: change.sizeBefore) } else { try target.replace(with: restored[0]) }
            } else {
                try FileCommit.replace(Array(zip(targets.map(\.file), restored)), directory: directory)
            }
        } catch {
            return .failure(.cannotWrite(error))
        }
        records.removeLast()
        do { try stack.save(records) } catch {
            return .failure(.cannotWrite(WriteError(path: stack.location, reason: "the write was undone, but the undo stack could not be updated: \(error.reason)")))
        }
        return .success(Outcome(record: record, remaining: records.count))
    }

    /// The journal as undo leaves it (the restored files read in place of
    /// those on disk) has no error; lint findings are not compared (undo may
    /// give back a warning the write had fixed).
    static func verify(_ restored: [[UInt8]], of paths: [String], main: String, path: String) -> AppendFailure? {
        var replaced: [String: [UInt8]] = [:]
        for (real, bytes) in zip(paths, restored) { replaced[real] = bytes }
        guard let bytes = replaced[main] else { return nil }
        let journal = Journal(file: SourceFile(path: path, bytes: bytes), loader: .fileSystem(overlay: replaced))
        let errors = journal.diagnostics.filter { $0.severity == .error }
        return errors.isEmpty ? nil : .wouldBreak(errors)
    }
}
