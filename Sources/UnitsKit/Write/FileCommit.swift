/// The last step of every whole-file write: a temporary file in the same
/// folder, flushed, renamed over the target, the folder flushed. A crash
/// leaves the old file or the new one, never a mix; SIGINT or SIGTERM while
/// the temporary exists removes it; temporaries a killed process left
/// behind are removed by the next write to the same file.
///
/// Temporaries are named `.NAME.tmp-PID-RANDOM` (NAME the target's file
/// name), created with `O_CREAT|O_EXCL|O_NOFOLLOW`, mode 0600 until the
/// final mode is set, so nobody else can plant or read one.
public enum FileCommit {
    /// A temporary older than this (seconds) whose name matches a target's
    /// pattern is a leftover of a killed process.
    public static let staleAge: Int = 60

    /// Writes `bytes` next to `target` and renames it over `target`.
    public static func replace(target: String, reportAs path: String, bytes: [UInt8], mode: FileMode,
                               owner: (uid_t, gid_t)?) throws(WriteError) {
        removeStaleTemporaries(of: target)
        let temporary = try writeTemporary(next: target, bytes: bytes, mode: mode, owner: owner, reportAs: path)
        pauseForTests()
        guard rename(temporary, target) == 0 else {
            let code = errno
            discard(temporary)
            throw .system(path, "cannot replace the file (it is unchanged)", code)
        }
        SignalCleanup.forget(temporary)
        syncDirectory(of: target)
    }

    /// `UNITS_TEST_PAUSE_BEFORE_RENAME=MS`: sleep between writing the
    /// temporary and renaming it, so the signal and crash tests can hit
    /// that moment. Never set outside tests.
    static func pauseForTests() {
        guard let value = getenv("UNITS_TEST_PAUSE_BEFORE_RENAME"), let ms = Int(String(cString: value)), ms > 0 else { return }
        usleep(useconds_t(min(ms, 60_000)) * 1000)
    }

    /// The prefix of the names of `target`'s temporaries.
    static func temporaryPrefix(of target: String) -> String {
        "." + (target.split(separator: "/").last.map(String.init) ?? "journal") + ".tmp-"
    }

    /// Creates, fills and flushes a temporary next to `target`; registers
    /// it for removal on SIGINT/SIGTERM until it is renamed or discarded.
    static func writeTemporary(next target: String, bytes: [UInt8], mode: FileMode, owner: (uid_t, gid_t)?,
                               reportAs path: String, applyUmask: Bool = false) throws(WriteError) -> String {
        SignalCleanup.install()
        let directory = FileReader.directory(of: target)
        let prefix = (directory == "/" ? "" : directory) + "/" + temporaryPrefix(of: target)
        var fd: Int32 = -1
        var temporary = ""
        for attempt in 0..<100 {
            temporary = prefix + "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
            SignalCleanup.remember(temporary)
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, applyUmask ? mode : 0o600)
            if fd >= 0 { break }
            let code = errno
            SignalCleanup.forget(temporary)
            if code != EEXIST || attempt == 99 {
                throw .system(path, "cannot create a temporary file in \(directory) (nothing was written)", code)
            }
        }
        var failure: Int32 = 0
        if !applyUmask, fchmod(fd, mode) != 0 { failure = errno }
        if let (uid, gid) = owner, getuid() == 0 || uid == getuid() { _ = fchown(fd, uid, gid) }   // best effort
        if failure == 0, !writeAll(fd, bytes) { failure = errno == 0 ? EIO : errno }
        if failure == 0, fsync(fd) != 0 { failure = errno }
        close(fd)
        if failure != 0 {
            discard(temporary)
            throw .system(path, "cannot write the temporary file (the original is untouched)", failure)
        }
        return temporary
    }

    /// Removes a temporary that will not be renamed.
    static func discard(_ temporary: String) {
        unlink(temporary)
        SignalCleanup.forget(temporary)
    }

    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, bytes.count - offset) }
            if n < 0 { if errno == EINTR { continue }; return false }
            if n == 0 { errno = ENOSPC; return false }
            offset += n
        }
        return true
    }

    /// Flushes the directory entry so the rename itself survives a crash.
    static func syncDirectory(of path: String) {
        let fd = open(FileReader.directory(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd >= 0 { _ = fsync(fd); close(fd) }
    }

    /// Removes `.NAME.tmp-PID-*` files next to `target` that a process
    /// killed mid-write left: those whose process is gone, and any older
    /// than `staleAge` seconds (a reused PID). Only regular files, never
    /// following links; this process's own are left to it.
    public static func removeStaleTemporaries(of target: String, now: time_t = time(nil)) {
        let directory = FileReader.directory(of: target)
        let prefix = temporaryPrefix(of: target)
        guard let dir = opendir(directory) else { return }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            guard name.hasPrefix(prefix) else { continue }
            let full = (directory == "/" ? "" : directory) + "/" + name
            var info = stat()
            guard lstat(full, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            let old = Int(now) - SystemFile.modificationNanoseconds(info) / 1_000_000_000 > staleAge
            let pid = Int32(name.dropFirst(prefix.count).prefix(while: { $0 != "-" })) ?? 0
            let gone = pid > 0 && pid != getpid() && kill(pid, 0) != 0 && errno == ESRCH
            if old || gone { unlink(full) }
        }
    }
}
