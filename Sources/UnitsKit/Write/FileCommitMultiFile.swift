/// All-or-nothing replacement of several files the caller locked: an intent
/// record (`prepare`, then `commit`), the temporaries, the renames; `recover`
/// finishes or rolls back one a crash interrupted (docs/writing.md).
extension FileCommit {
    /// The intent records' file name ending.
    static let intentSuffix = ".commit"

    public static func replace(_ files: [(file: LockedFile, bytes: [UInt8])], directory: String) throws(WriteError) {
        var planned: [(temporary: String, target: String, file: LockedFile, bytes: [UInt8], info: stat)] = []
        for (file, bytes) in files {
            guard let info = file.status() else { throw .system(file.path, "cannot read the file's status") }
            if info.st_nlink > 1 {
                throw WriteError(path: file.path, reason: "has \(info.st_nlink) hard links; replacing it would split them, so nothing was rewritten")
            }
            let target = FileReader.canonicalPath(file.path)
            planned.append((FileCommit.temporaryPath(next: target, kind: .commit), target, file, bytes, info))
        }
        try UndoStack.makeDirectory(directory)
        var lines = ""
        for plan in planned {
            lines += hex(plan.temporary) + " " + hex(plan.target) + " \(plan.file.bytes.count) " + String(UndoRecord.hash(plan.file.bytes), radix: 16) + "\n"
        }
        let intentPath = directory + "/" + FileCommit.hex(UInt64.random(in: 0...UInt64.max), 16) + intentSuffix
        try FileCommit.overwrite(intentPath, bytes: Array(("prepare\n" + lines).utf8))
        var written: [String] = []
        var committed = false
        defer {
            if !committed {
                written.forEach(FileCommit.discard)
                try? SystemFile.removeFile(intentPath)
            }
        }
        for plan in planned {
            written.append(try FileCommit.writeTemporary(next: plan.target, bytes: plan.bytes, mode: mode_t(plan.info.st_mode & 0o7777),
                                                         owner: (plan.info.st_uid, plan.info.st_gid), reportAs: plan.file.path, at: plan.temporary))
        }
        try FileCommit.overwrite(intentPath, bytes: Array(("commit\n" + lines).utf8))
        committed = true
        var complete = true
        for (index, plan) in planned.enumerated() {
            // After the commit record is on disk the change must complete; a
            // failing rename is retried by `recover`.
            if index > 0 { FileCommit.pauseForTests() }
            if (try? SystemFile.renameFile(plan.temporary, to: plan.target)) != nil { SignalCleanup.forget() } else { complete = false }
            SystemFile.flushDirectory(of: plan.target)
        }
        if complete { try? SystemFile.removeFile(intentPath) }
        for (file, bytes) in files { file.adopt(bytes) }
    }

    /// Finishes or rolls back multi-file commits a crash interrupted; returns
    /// the temporaries left because their file changed since. Takes each file's lock.
    @discardableResult
    public static func recover(directory: String, wait: LockedFile.LockWait = .standard) -> [String] {
        let intents = FileReader.entries(ofDirectory: directory).filter { $0.hasSuffix(intentSuffix) }.map { directory + "/" + $0 }
        var notices: [String] = []
        for intent in intents {
            guard let bytes = try? FileReader.readBytes(atPath: intent, regularFileOnly: true) else { continue }
            let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
            let phase = lines.first.map(String.init)
            guard phase == "prepare" || phase == "commit" else {
                notices.append("\(intent) is not a record of an interrupted change units can read; it was left as it is")
                continue
            }
            var complete = true
            var anyTarget: String?
            for line in lines.dropFirst() {
                let parts = line.split(separator: " ")
                guard parts.count == 4, let temporary = unhex(String(parts[0])), let target = unhex(String(parts[1])),
                      let size = Int(parts[2]), let hash = UInt64(parts[3], radix: 16),
                      FileCommit.isTemporary(FileReader.fileName(of: temporary), of: target, kind: .commit),
                      FileReader.directory(of: temporary) == FileReader.directory(of: target) else {
                    notices.append("\(intent) has a line units cannot read; it was left as it is")
                    complete = false
                    continue
                }
                anyTarget = anyTarget ?? target
                guard isTemporaryFile(temporary) else { continue }   // renamed already, or not written yet
                // A commit in progress holds every file's lock until its record
                // is removed: with the lock, it is finished or its process gone.
                let file: LockedFile
                do { file = try LockedFile.open(target, wait: wait) } catch {
                    notices.append("an interrupted change across includes (units rename or undo) could not be finished: \(error); its new version of the file is left in \(temporary)")
                    complete = false
                    continue
                }
                defer { file.close() }
                guard let now = try? FileReader.readBytes(atPath: intent, regularFileOnly: true), isTemporaryFile(temporary) else { continue }
                if now.starts(with: Array("prepare\n".utf8)) { FileCommit.discard(temporary); continue }
                guard file.bytes.count == size, UndoRecord.hash(file.bytes) == hash else {
                    notices.append("an interrupted change across includes (units rename or undo) was not finished for \(target): the file was changed since, and keeps that change. Its new version from that change is left in \(temporary); compare the two and delete it")
                    complete = false
                    continue
                }
                guard (try? SystemFile.renameFile(temporary, to: target)) != nil else { complete = false; continue }
                SystemFile.flushDirectory(of: target)
            }
            // Removed under a file's lock too: a commit still writing its
            // temporaries holds it, and keeps its record.
            if complete, let anyTarget, let file = try? LockedFile.open(anyTarget, wait: wait) {
                try? SystemFile.removeFile(intent)
                file.close()
            }
        }
        return notices
    }

    /// Whether `path` is there as a regular file (never following a link).
    static func isTemporaryFile(_ path: String) -> Bool {
        (try? SystemFile.linkStatus(atPath: path)).map { ($0.st_mode & S_IFMT) == S_IFREG } ?? false
    }

    static func hex(_ text: String) -> String {
        var out: [UInt8] = []
        UndoStack.appendHex(Array(text.utf8), to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func unhex(_ text: String) -> String? {
        UndoStack.unhex(Array(text.utf8)[...]).map { String(decoding: $0, as: UTF8.self) }
    }
}
