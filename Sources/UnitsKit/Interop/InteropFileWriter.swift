#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The two ways the interop commands write a journal, so that a crash or a
/// concurrent `units log` can never leave half a file: `replace` writes a
/// temporary file next to the target and renames it over (the merge
/// driver); `append` takes an exclusive lock and appends (import).
public enum InteropFileWriter {
    /// Replaces the file's contents atomically, keeping its permissions.
    public static func replace(atPath path: String, with bytes: [UInt8]) throws(FileReadError) {
        let temporary = path + ".units-tmp-\(getpid())"
        var info = stat()
        let mode: mode_t = stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0o644
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, mode)
        guard fd >= 0 else { throw FileReadError(path: temporary, reason: FileReader.reason(errno)) }
        do {
            try writeAll(fd, bytes, path: temporary)
            fsync(fd)
            close(fd)
        } catch {
            close(fd); unlink(temporary); throw error
        }
        guard rename(temporary, path) == 0 else {
            let reason = FileReader.reason(errno)
            unlink(temporary)
            throw FileReadError(path: path, reason: reason)
        }
    }

    /// Appends under an exclusive `flock`, creating the file if needed.
    /// `prepare` sees the bytes already there (read under the lock) and
    /// returns what to append, or nil to append nothing (a file created
    /// for the purpose is then removed again).
    public static func append(atPath path: String, _ prepare: ([UInt8]) throws(FileReadError) -> [UInt8]?) throws(FileReadError) {
        let existed = FileReader.exists(path)
        let fd = open(path, O_RDWR | O_CREAT | O_APPEND, 0o644)
        guard fd >= 0 else { throw FileReadError(path: path, reason: FileReader.reason(errno)) }
        defer { close(fd) }
        guard flock(fd, LOCK_EX) == 0 else { throw FileReadError(path: path, reason: FileReader.reason(errno)) }
        defer { flock(fd, LOCK_UN) }
        let existing = try FileReader.readBytes(atPath: path)
        guard let bytes = try prepare(existing) else {
            // Leave no empty file behind when there was nothing to write.
            if !existed && existing.isEmpty { unlink(path) }
            return
        }
        try writeAll(fd, bytes, path: path)
        fsync(fd)
    }

    private static func writeAll(_ fd: Int32, _ bytes: [UInt8], path: String) throws(FileReadError) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileReadError(path: path, reason: FileReader.reason(errno))
            }
            offset += n
        }
    }
}
