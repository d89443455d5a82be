/// Whole-file writes that are never seen half done: the new contents go to
/// a temporary file in the same directory, are flushed to disk, and are
/// renamed over the old file in one step. A crash leaves the old file or
/// the new one, never a mix.
///
/// - The file's permission bits (and, where allowed, owner) are kept.
/// - A symbolic link is written through: the file it points to is replaced
///   and the link stays a link.
/// - `replace` refuses when the file changed since it was read (an editor
///   saved it, `units log` appended), so nobody's edit is clobbered.
public enum AtomicRewrite {
    /// A file as it was read for a rewrite.
    public struct Snapshot: Sendable {
        /// The path as the user gave it.
        public let path: String
        /// The path of the file that will be replaced (symbolic links resolved).
        public let target: String
        public let bytes: [UInt8]
        let device: UInt64
        let inode: UInt64
        let mode: UInt32
        let owner: UInt32
        let group: UInt32
    }

    /// A rewrite whose new contents are on disk in a temporary file, ready
    /// to be committed (renamed over the target) or discarded. Rewrites of
    /// several files (`units rename` over includes) prepare all first.
    public final class Pending {
        public let snapshot: Snapshot
        let temporary: String
        var done = false

        init(snapshot: Snapshot, temporary: String) {
            self.snapshot = snapshot
            self.temporary = temporary
        }

        deinit { discard() }

        /// Removes the temporary file; the target is untouched.
        public func discard() {
            if !done { FileCommit.discard(temporary); done = true }
        }
    }

    /// Reads `path` for a later `replace`.
    public static func read(_ path: String) throws(WriteError) -> Snapshot {
        guard let target = SystemFile.resolvedPath(path) else { throw .system(path, "cannot find the file") }
        let info: FileStatus
        do { info = try SystemFile.status(atPath: target) } catch { throw .system(path, "cannot read the file's status", error.code) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw WriteError(path: path, reason: "is not a regular file") }
        let bytes: [UInt8]
        do { bytes = try FileReader.readBytes(atPath: target) } catch { throw WriteError(path: path, reason: error.reason) }
        return Snapshot(path: path, target: target, bytes: bytes, device: UInt64(info.st_dev), inode: UInt64(info.st_ino),
                        mode: UInt32(info.st_mode & 0o7777), owner: UInt32(info.st_uid), group: UInt32(info.st_gid))
    }

    /// Replaces the file of `snapshot` with `bytes`, unless it changed since.
    public static func replace(_ snapshot: Snapshot, with bytes: [UInt8]) throws(WriteError) {
        let pending = try prepare(snapshot, bytes: bytes)
        try commit(pending)
    }

    /// Writes `bytes` to a temporary file next to the target, with the
    /// target's permissions, and flushes it to disk.
    public static func prepare(_ snapshot: Snapshot, bytes: [UInt8]) throws(WriteError) -> Pending {
        let temporary = try writeTemporary(next: snapshot.target, bytes: bytes, mode: mode_t(snapshot.mode),
                                           owner: (uid_t(snapshot.owner), gid_t(snapshot.group)), reportAs: snapshot.path)
        return Pending(snapshot: snapshot, temporary: temporary)
    }

    /// Renames the temporary file over the target, if the target still is
    /// the file that was read with the same bytes. The check and the rename
    /// happen under the target's `flock`, so an appending `units log`
    /// either finishes first (and the rewrite is refused) or waits and then
    /// appends to the new file.
    public static func commit(_ pending: Pending) throws(WriteError) {
        let snapshot = pending.snapshot
        defer { pending.discard() }
        let fd: Int32
        do { fd = try SystemFile.openFile(snapshot.target, O_RDONLY | O_CLOEXEC) } catch {
            throw .system(snapshot.path, "cannot open the file to replace it", error.code)
        }
        defer { SystemFile.closeDescriptor(fd) }
        do { try SystemFile.lockExclusive(fd, wait: true) } catch { throw .system(snapshot.path, "cannot lock the file", error.code) }
        let info: FileStatus
        do { info = try SystemFile.status(fd) } catch { throw .system(snapshot.path, "cannot read the file's status", error.code) }
        let current = try? FileReader.readBytes(atPath: snapshot.target)
        guard UInt64(info.st_dev) == snapshot.device, UInt64(info.st_ino) == snapshot.inode, current == snapshot.bytes else {
            throw WriteError(path: snapshot.path, reason: "the file changed since it was read (another program wrote to it); nothing was rewritten, run the command again")
        }
        do { try SystemFile.renameFile(pending.temporary, to: snapshot.target) } catch {
            throw .system(snapshot.path, "cannot replace the file", error.code)
        }
        SignalCleanup.forget(pending.temporary)
        pending.done = true
        syncDirectory(of: snapshot.target)
    }

    /// Creates a new file at `path` with `bytes`, refusing if anything
    /// exists there (it is never overwritten). The file appears whole.
    public static func create(_ path: String, bytes: [UInt8], mode: FileMode = 0o666) throws(WriteError) {
        if (try? SystemFile.linkStatus(atPath: path)) != nil { throw WriteError(path: path, reason: "already exists; it was not changed") }
        let temporary = try writeTemporary(next: path, bytes: bytes, mode: mode, owner: nil, reportAs: path, applyUmask: true)
        defer { FileCommit.discard(temporary) }
        // link() fails if the name exists, unlike rename(): no race with a
        // file created meanwhile.
        let code: Int32
        do {
            try SystemFile.hardLink(temporary, to: path)
            syncDirectory(of: path)
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
        syncDirectory(of: path)
    }

    /// Replaces (or creates) a small file of the tool's own, like the undo
    /// record: temporary file, flush, rename; no change check.
    public static func overwrite(_ path: String, bytes: [UInt8], mode: FileMode = 0o600) throws(WriteError) {
        let temporary = try writeTemporary(next: path, bytes: bytes, mode: mode, owner: nil, reportAs: path)
        do { try SystemFile.renameFile(temporary, to: path) } catch {
            FileCommit.discard(temporary)
            throw .system(path, "cannot write the file", error.code)
        }
        SignalCleanup.forget(temporary)
        syncDirectory(of: path)
    }

    // MARK: Helpers

    static func writeTemporary(next target: String, bytes: [UInt8], mode: mode_t, owner: (uid_t, gid_t)?,
                               reportAs path: String, applyUmask: Bool = false) throws(WriteError) -> String {
        try FileCommit.writeTemporary(next: target, bytes: bytes, mode: mode, owner: owner, reportAs: path, applyUmask: applyUmask)
    }

    static func syncDirectory(of path: String) { FileCommit.syncDirectory(of: path) }
}
