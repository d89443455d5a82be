/// Files and descriptors: each C call once, typed, throwing `SystemError`
/// with errno, an interrupted call (EINTR) made again.
public enum SystemFile {
    public static func openDescriptor(_ path: String, _ flags: Int32) -> Int32 { open(path, flags) }
    public static func closeDescriptor(_ fd: Int32) { _ = close(fd) }
    public static func writeSome(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int { write(fd, bytes, count) }

    /// Opens `path`; `mode` is the new file's permissions with O_CREAT.
    public static func openFile(_ path: String, _ flags: Int32, mode: FileMode = 0) throws(SystemError) -> Int32 {
        while true {
            let fd = open(path, flags, mode)
            if fd >= 0 { return fd }
            if errno != EINTR { throw SystemError("open", path) }
        }
    }

    /// Reads what is there, up to the buffer's size (from `offset` without
    /// moving the file position, when given: pread); 0 at the end.
    public static func readSome(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer,
                                at offset: Int? = nil) throws(SystemError) -> Int {
        while true {
            let n = offset.map { pread(fd, buffer.baseAddress, buffer.count, off_t($0)) }
                ?? read(fd, buffer.baseAddress, buffer.count)
            if n >= 0 { return n }
            if errno != EINTR { throw SystemError(offset == nil ? "read" : "pread") }
        }
    }

    /// Reads what is there into `buffer[start...]` (from `offset` without
    /// moving the file position, when given); how many bytes, 0 at the end.
    public static func readSome(_ fd: Int32, into buffer: inout [UInt8], from start: Int = 0, at offset: Int? = nil) throws(SystemError) -> Int {
        try buffer.withUnsafeMutableBytes { all in
            Result { () throws(SystemError) in
                try readSome(fd, into: UnsafeMutableRawBufferPointer(rebasing: all[start...]), at: offset)
            }
        }.get()
    }

    /// Writes every byte, as many calls as it takes; a call that writes
    /// nothing is a full disk (ENOSPC).
    public static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            let n = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 { if errno == EINTR { continue }; throw SystemError("write") }
            if n == 0 { throw SystemError("write", code: ENOSPC) }
            offset += n
        }
    }

    public static func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws(SystemError) { try writeAll(fd, bytes[...]) }

    public static func writeAll(_ fd: Int32, _ bytes: ArraySlice<UInt8>) throws(SystemError) {
        try bytes.withUnsafeBytes { raw in Result { () throws(SystemError) in try writeAll(fd, raw) } }.get()
    }

    /// Creates (or empties) `path` and writes `bytes` into it, in place: for
    /// scratch files, never a journal (FileCommit).
    public static func writeFile(_ bytes: [UInt8], to path: String, mode: FileMode = 0o644) throws(SystemError) {
        let fd = try openFile(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode: mode)
        defer { closeDescriptor(fd) }
        do { try writeAll(fd, bytes) } catch { throw SystemError(error.call, path, code: error.code) }
    }

    /// Flushes the file's data to the drive's storage (F_FULLFSYNC on Darwin).
    public static func flushToDisk(_ fd: Int32) throws(SystemError) {
        guard cFlushToDisk(fd) == 0 else { throw SystemError("fsync") }
    }

    /// Flushes the folder holding `path`, so a rename or a new name in it
    /// survives a crash; best effort.
    public static func flushDirectory(of path: String) {
        guard let fd = try? openFile(FileReader.directory(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC) else { return }
        _ = cFlushToDisk(fd)
        closeDescriptor(fd)
    }

    /// Cuts the file (or grows it with zeros) to `size` bytes.
    public static func truncate(_ fd: Int32, to size: Int) throws(SystemError) {
        guard ftruncate(fd, off_t(size)) == 0 else { throw SystemError("ftruncate") }
    }

    /// Sets the file's permission bits.
    public static func setMode(_ fd: Int32, _ mode: FileMode) throws(SystemError) {
        guard fchmod(fd, mode) == 0 else { throw SystemError("fchmod") }
    }

    /// Gives the file to `owner` where the process may; false when it did not.
    @discardableResult
    public static func setOwner(_ fd: Int32, _ owner: (UserID, GroupID)) -> Bool {
        guard getuid() == 0 || owner.0 == getuid() else { return false }
        return fchown(fd, owner.0, owner.1) == 0
    }

    /// Takes the exclusive `flock`, waiting for it, or without `wait` throwing EWOULDBLOCK.
    public static func lockExclusive(_ fd: Int32, wait: Bool) throws(SystemError) {
        while flock(fd, wait ? LOCK_EX : LOCK_EX | LOCK_NB) != 0 {
            if errno != EINTR || !wait { throw SystemError("flock") }
        }
    }

    /// Makes reads and writes on `fd` wait again (clears O_NONBLOCK).
    public static func setBlocking(_ fd: Int32) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    }

    /// The status of an open file.
    public static func status(_ fd: Int32) throws(SystemError) -> FileStatus {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw SystemError("fstat") }
        return info
    }

    /// The status of the file at `path`, following symbolic links.
    public static func status(atPath path: String) throws(SystemError) -> FileStatus {
        var info = stat()
        guard stat(path, &info) == 0 else { throw SystemError("stat", path) }
        return info
    }

    /// The status of `path` itself: a symbolic link's own, not its target's.
    public static func linkStatus(atPath path: String) throws(SystemError) -> FileStatus {
        var info = stat()
        guard lstat(path, &info) == 0 else { throw SystemError("lstat", path) }
        return info
    }

    /// The kind of file at `path` (S_IFREG, S_IFDIR...), following links;
    /// nil when nothing is there or it cannot be read.
    public static func kind(atPath path: String) -> FileMode? {
        (try? status(atPath: path)).map { $0.st_mode & S_IFMT }
    }

    /// Renames `from` to `to`, replacing what `to` named (atomic on one file system).
    public static func renameFile(_ from: String, to: String) throws(SystemError) {
        guard rename(from, to) == 0 else { throw SystemError("rename", to) }
    }

    /// Removes the name `path` (unlink).
    public static func removeFile(_ path: String) throws(SystemError) {
        guard unlink(path) == 0 else { throw SystemError("unlink", path) }
    }

    /// A second name `to` for the file `from` (link); fails if `to` exists.
    public static func hardLink(_ from: String, to: String) throws(SystemError) {
        guard link(from, to) == 0 else { throw SystemError("link", to) }
    }

    /// Creates the folder `path` (not its parents).
    public static func makeDirectory(_ path: String, mode: FileMode = 0o755) throws(SystemError) {
        guard mkdir(path, mode) == 0 else { throw SystemError("mkdir", path) }
    }

    /// Creates a FIFO (named pipe) at `path`.
    public static func makeFIFO(_ path: String, mode: FileMode = 0o600) throws(SystemError) {
        guard mkfifo(path, mode) == 0 else { throw SystemError("mkfifo", path) }
    }

    /// A new folder named after `template`'s XXXXXX, made only for this process.
    public static func makeTemporaryDirectory(_ template: String) throws(SystemError) -> String {
        var name = Array(template.utf8CString)
        let made = name.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) != nil }
        guard made else { throw SystemError("mkdtemp", template) }
        return String(cString: name)
    }

    /// `path` absolute with every symbolic link resolved; nil when it does not exist.
    public static func resolvedPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether this process may run the file at `path`.
    public static func isExecutable(_ path: String) -> Bool { access(path, X_OK) == 0 }
}
