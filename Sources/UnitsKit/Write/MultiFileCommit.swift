/// All-or-nothing replacement of several files (`units rename` across
/// includes, and its undo), with every file locked by the caller:
///
/// 1. every new content is written to a temporary next to its file and
///    flushed (a failure here removes them all: nothing changed);
/// 2. an intent record listing "temporary → file" pairs is written and
///    flushed in the state folder;
/// 3. each temporary is renamed over its file;
/// 4. the intent record is removed.
///
/// A crash before step 2 leaves every file old (the temporaries are
/// removed later as stale); a crash after it is finished by `recover`,
/// which the next write runs first: it renames the temporaries that are
/// still there, so every file ends up new.
public enum MultiFileCommit {
    static let suffix = ".commit"

    public static func replace(_ files: [(file: LockedFile, bytes: [UInt8])], directory: String) throws(WriteError) {
        recover(directory: directory)
        var temporaries: [(temporary: String, target: String)] = []
        var done = false
        defer { if !done { temporaries.forEach { FileCommit.discard($0.temporary) } } }
        for (file, bytes) in files {
            guard let info = file.status() else { throw .system(file.path, "cannot read the file's status") }
            if info.st_nlink > 1 {
                throw WriteError(path: file.path, reason: "has \(info.st_nlink) hard links; replacing it would split them, so nothing was rewritten")
            }
            let target = FileReader.canonicalPath(file.path)
            let temporary = try FileCommit.writeTemporary(next: target, bytes: bytes, mode: mode_t(info.st_mode & 0o7777),
                                                          owner: (info.st_uid, info.st_gid), reportAs: file.path)
            temporaries.append((temporary, target))
        }
        try UndoStack.makeDirectory(directory)
        var intent = ""
        for (temporary, target) in temporaries { intent += hex(temporary) + " " + hex(target) + "\n" }
        let intentPath = directory + "/\(getpid())-\(UInt32.random(in: 0...UInt32.max))" + suffix
        try AtomicRewrite.overwrite(intentPath, bytes: Array(intent.utf8))
        for (temporary, target) in temporaries {
            // After the intent is on disk the change must complete; a
            // failing rename is retried by `recover`.
            if rename(temporary, target) == 0 { SignalCleanup.forget(temporary) }
            FileCommit.syncDirectory(of: target)
        }
        done = true
        recover(directory: directory)
        for (file, bytes) in files { file.adopt(bytes) }
    }

    /// Finishes multi-file commits a crash interrupted (see above).
    public static func recover(directory: String) {
        guard let dir = opendir(directory) else { return }
        var intents: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            if name.hasSuffix(suffix) { intents.append(directory + "/" + name) }
        }
        closedir(dir)
        for intent in intents {
            guard let bytes = try? FileReader.readBytes(atPath: intent) else { continue }
            var complete = true
            for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
                let parts = line.split(separator: " ")
                guard parts.count == 2, let temporary = unhex(String(parts[0])), let target = unhex(String(parts[1])) else { continue }
                var info = stat()
                if lstat(temporary, &info) == 0 {
                    if rename(temporary, target) == 0 { FileCommit.syncDirectory(of: target) } else { complete = false }
                }
            }
            if complete { unlink(intent) }
        }
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
