/// Whole-file writes of `FileCommit` that start from a path rather than a
/// locked journal: `create`, a new file that appears whole, never over an
/// existing one; `overwrite`, a small file of the tool's own (the undo record).
extension FileCommit {
    /// Creates a new file at `path`, whole, refusing if anything is there.
    public static func create(_ path: String, bytes: [UInt8], mode: FileMode = 0o666) throws(WriteError) {
        if (try? SystemFile.linkStatus(atPath: path)) != nil { throw WriteError(path: path, reason: "already exists; it was not changed") }
        let temporary = try writeTemporary(next: path, bytes: bytes, mode: mode, owner: nil, reportAs: path, applyUmask: true)
        defer { discard(temporary) }
        // link() fails if the name exists, unlike rename(): no race with a
        // file created meanwhile.
        let code: Int32
        do {
            try SystemFile.hardLink(temporary, to: path)
            SystemFile.flushDirectory(of: path)
            return
        } catch { code = error.code }
        if code == EEXIST { throw WriteError(path: path, reason: "already exists; it was not changed") }
        guard code == EPERM || code == ENOTSUP || code == EXDEV || code == EMLINK || code == ENOSYS else {
            throw .system(path, "cannot create the file", code)
        }
        // A file system without hard links: create exclusively and write.
        let fd: Int32
        do { fd = try SystemFile.openFile(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode: mode) } catch {
            if error.code == EEXIST { throw WriteError(path: path, reason: "already exists; it was not changed") }
            throw .system(path, "cannot create the file", error.code)
        }
        defer { SystemFile.closeDescriptor(fd) }
        do {
            try SystemFile.writeAll(fd, bytes)
            try SystemFile.flushToDisk(fd)
        } catch {
            try? SystemFile.removeFile(path)
            throw .system(path, "cannot write the new file", error.code)
        }
        SystemFile.flushDirectory(of: path)
    }

    /// Replaces (or creates) a small file of the tool's own, like the undo record.
    public static func overwrite(_ path: String, bytes: [UInt8], mode: FileMode = 0o600) throws(WriteError) {
        let temporary = try writeTemporary(next: path, bytes: bytes, mode: mode, owner: nil, reportAs: path)
        do { try SystemFile.renameFile(temporary, to: path) } catch {
            discard(temporary)
            throw .system(path, "cannot write the file", error.code)
        }
        SignalCleanup.forget()
        SystemFile.flushDirectory(of: path)
    }
}
