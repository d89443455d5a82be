/// A journal file opened for appending under an exclusive `flock`, with the
/// bytes it held when the lock was taken: everything a writing command does
/// happens under the lock, so two `units log` see each other's line.
public final class LockedFile {
    /// The path as the user gave it.
    public let path: String
    /// The file's bytes when the lock was taken (updated by `append` and `truncate`).
    public private(set) var bytes: [UInt8]
    private var fd: Int32

    /// How often to reopen when the file was replaced while we waited for the lock.
    static let maximumReopens = 50

    private init(path: String, fd: Int32, bytes: [UInt8]) {
        self.path = path
        self.fd = fd
        self.bytes = bytes
    }

    deinit { close() }

    /// How a writer waits for another writer's lock.
    public struct LockWait {
        /// Called once, after `notice` seconds of waiting, with
        /// "waiting for the lock on FILE…".
        public var report: (String) -> Void
        /// Seconds before the notice.
        public var notice: Double
        /// Seconds before giving up (nothing is written then).
        public var timeout: Double

        public init(notice: Double = 1, timeout: Double = 30, report: @escaping (String) -> Void = { _ in }) {
            self.notice = notice
            self.timeout = timeout
            self.report = report
        }

        /// Wait silently for up to 30 s.
        public static var standard: LockWait { LockWait() }
    }

    /// Opens `path` (following symbolic links), waits for the exclusive lock
    /// and reads the whole file; again when an atomic rewrite replaced the
    /// file while we waited (its old inode is one nobody sees any more).
    public static func open(_ path: String, wait: LockWait = .standard) throws(WriteError) -> LockedFile {
        var clock = LockClock(wait)
        for _ in 0..<maximumReopens {
            let fd = SystemFile.openDescriptor(path, O_RDWR | O_APPEND | O_CLOEXEC)
            guard fd >= 0 else {
                if errno == EACCES || errno == EROFS || errno == EPERM {
                    throw .system(path, "cannot open the journal for writing (nothing was written)")
                }
                throw .system(path, "cannot open the journal for writing")
            }
            do {
                if let bytes = try lockAndRead(fd, path: path, clock: &clock) {
                    return LockedFile(path: path, fd: fd, bytes: bytes)
                }
            } catch {
                SystemFile.closeDescriptor(fd)
                throw error
            }
            SystemFile.closeDescriptor(fd)   // replaced while we waited: lock the new one
        }
        throw WriteError(path: path, reason: "the journal keeps being replaced by another program; try again")
    }

    /// Locks `fd` and reads the file, once it is sure to be a writable
    /// regular file; nil when the path no longer names it.
    private static func lockAndRead(_ fd: Int32, path: String, clock: inout LockClock) throws(WriteError) -> [UInt8]? {
        try lock(fd, path: path, clock: &clock)
        let held: FileStatus
        do { held = try SystemFile.status(fd) } catch {
            throw .system(path, "cannot read the journal's status", error.code)
        }
        guard (held.st_mode & S_IFMT) == S_IFREG else {
            throw WriteError(path: path, reason: "is not a regular file; a journal must be one (nothing was written)")
        }
        // Root may open any file for writing; a read-only journal is
        // still the user's "do not change this".
        guard held.st_mode & 0o222 != 0 else {
            throw WriteError(path: path, reason: "is read-only (mode \(String(held.st_mode & 0o777, radix: 8))); nothing was written. Make it writable (chmod u+w) to change it")
        }
        let named = try? SystemFile.status(atPath: path)
        guard let named, named.st_ino == held.st_ino, named.st_dev == held.st_dev else { return nil }
        return try readAll(fd, path: path, expected: Int(held.st_size))
    }

    /// Time spent waiting for locks, across reopens.
    struct LockClock {
        let wait: LockWait
        let started = SystemClock.monotonicSeconds()
        var reported = false
        init(_ wait: LockWait) { self.wait = wait }
    }

    /// Takes the exclusive lock, polling so that a long wait can be
    /// reported after `notice` seconds and given up after `timeout`.
    static func lock(_ fd: Int32, path: String, clock: inout LockClock) throws(WriteError) {
        var pause = 1_000   // microseconds
        while true {
            let code: Int32
            do { try SystemFile.lockExclusive(fd, wait: false); return } catch { code = error.code }
            guard code == EWOULDBLOCK || code == EINTR else { throw .system(path, "cannot lock the journal", code) }
            let waited = SystemClock.monotonicSeconds() - clock.started
            if waited >= clock.wait.timeout {
                throw WriteError(path: path, reason: "another program has held the lock on the journal for \(Int(clock.wait.timeout)) s; gave up, nothing was written")
            }
            if !clock.reported, waited >= clock.wait.notice {
                clock.reported = true
                clock.wait.report("waiting for the lock on \(path)…")
            }
            SystemClock.sleep(seconds: Double(pause) / 1e6)
            pause = min(pause * 2, 20_000)
        }
    }

    private static func readAll(_ fd: Int32, path: String, expected: Int) throws(WriteError) -> [UInt8] {
        if expected > Parser.maximumFileSize {
            throw WriteError(path: path, reason: "file too large (\(expected) bytes); \(Parser.sizeLimitWords)")
        }
        var bytes = [UInt8](repeating: 0, count: expected)
        var offset = 0
        do {
            while offset < expected {
                let n = try SystemFile.readSome(fd, into: &bytes, from: offset, at: offset)
                if n == 0 { break }
                offset += n
            }
            // Under the lock nobody else appends, but a non-cooperating program
            // may have; read until the real end.
            bytes.removeSubrange(offset...)
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let n = try SystemFile.readSome(fd, into: &chunk, at: bytes.count)
                if n == 0 { break }
                bytes.append(contentsOf: chunk[0..<n])
            }
        } catch { throw .system(path, "cannot read the journal", error.code) }
        return bytes
    }

    /// Appends `data` with one `write` call and flushes it; a partial write
    /// (a full disk) is cut back, so a line is either wholly there or not at all.
    public func append(_ data: [UInt8]) throws(WriteError) {
        guard !data.isEmpty else { return }
        precondition(fd >= 0, "append after close")
        let sizeBefore = bytes.count
        var failure: Int32 = 0
        do { try SystemFile.writeAll(fd, data) } catch { failure = error.code }
        if failure == 0 { FileCommit.pauseForTests() }
        if failure == 0 { do { try SystemFile.flushToDisk(fd) } catch { failure = error.code } }
        if failure != 0 {
            try? SystemFile.truncate(fd, to: sizeBefore)
            throw .system(path, "cannot append to the journal (nothing was written)", failure)
        }
        bytes.append(contentsOf: data)
    }

    /// Cuts the file back to `size` bytes (`units undo`) and flushes it.
    public func truncate(to size: Int) throws(WriteError) {
        precondition(fd >= 0 && size <= bytes.count, "truncate past the end or after close")
        do { try SystemFile.truncate(fd, to: size) } catch { throw .system(path, "cannot shorten the journal", error.code) }
        do { try SystemFile.flushToDisk(fd) } catch { throw .system(path, "cannot flush the journal to disk", error.code) }
        bytes.removeSubrange(size...)
    }

    /// The file's status (mode, owner, links) as held under the lock.
    func status() -> FileStatus? { try? SystemFile.status(fd) }

    /// Replaces the whole file with `data` under the lock (`FileCommit`, mode
    /// and owner kept). After this the object holds the old file: close it.
    public func replace(with data: [UInt8]) throws(WriteError) {
        precondition(fd >= 0, "replace after close")
        guard let info = status() else { throw .system(path, "cannot read the journal's status") }
        if info.st_nlink > 1 {
            throw WriteError(path: path, reason: "has \(info.st_nlink) hard links; replacing it would split them, so it was not rewritten (nothing was written)")
        }
        let target = FileReader.canonicalPath(path)
        try FileCommit.replace(target: target, reportAs: path, bytes: data,
                               mode: mode_t(info.st_mode & 0o7777), owner: (info.st_uid, info.st_gid))
        bytes = data
    }

    /// Notes that the file now holds `data` (written by `FileCommit`).
    func adopt(_ data: [UInt8]) { bytes = data }

    /// Releases the lock and closes the file.
    public func close() {
        if fd >= 0 {
            SystemFile.closeDescriptor(fd)
            fd = -1
        }
    }
}
