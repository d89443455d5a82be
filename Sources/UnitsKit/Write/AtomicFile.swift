#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file's bytes together with the identity they were read under (device,
/// inode, size, modification time), so a later write can tell whether the
/// file changed in between.
public struct FileSnapshot: Sendable, Equatable {
    /// The path as given (it may be a symbolic link).
    public let path: String
    public let bytes: [UInt8]
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modifiedSeconds: Int64
    let modifiedNanoseconds: Int64

    /// Whether `other` (a fresh look at the same path) still describes this
    /// content: same file, same size, same time, same bytes.
    func matches(_ other: FileSnapshot) -> Bool {
        device == other.device && inode == other.inode && size == other.size
            && modifiedSeconds == other.modifiedSeconds && modifiedNanoseconds == other.modifiedNanoseconds
            && bytes == other.bytes
    }
}

/// Why a safe write did not happen. The original file is untouched in
/// every case.
public struct AtomicFileError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable { case changedOnDisk, io }
    public var kind: Kind
    public var path: String
    public var reason: String
    public var description: String { "\(path): \(reason)" }
}

/// Safe whole-file rewrites, for every tool that edits a journal in place
/// (`units-fmt`, `units rename`, ...).
///
/// `replace` writes the new bytes to a temporary file in the same folder,
/// `fsync`s it, gives it the original's permissions, and renames it over
/// the original, so a reader sees the old file or the new one and never a
/// half-written one, and a crash leaves at worst a stray temporary file.
/// A symbolic link is written through: its target is replaced and the link
/// stays. With `expectedOriginal`, the file is compared (identity, size,
/// modification time and bytes) just before the rename, and left alone if
/// someone changed it since it was read.
public enum AtomicFile {
    /// Reads a file and notes its identity, for a later `replace`.
    public static func read(path: String) throws(AtomicFileError) -> FileSnapshot {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw AtomicFileError(kind: .io, path: path, reason: FileReader.reason(errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw AtomicFileError(kind: .io, path: path, reason: FileReader.reason(errno)) }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw AtomicFileError(kind: .io, path: path, reason: "is a directory, not a journal file")
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size) + 1)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw AtomicFileError(kind: .io, path: path, reason: FileReader.reason(errno))
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > Parser.maximumFileSize {
                throw AtomicFileError(kind: .io, path: path, reason: "file too large; split the journal with include")
            }
        }
        return FileSnapshot(path: path, bytes: bytes, device: UInt64(info.st_dev), inode: UInt64(info.st_ino),
                            size: Int64(info.st_size), modifiedSeconds: Int64(info.st_mtim.tv_sec),
                            modifiedNanoseconds: Int64(info.st_mtim.tv_nsec))
    }

    /// Atomically replaces the file at `path` (or creates it, when
    /// `expectedOriginal` is nil and there is none) with `bytes`.
    ///
    /// - Parameter expectedOriginal: what the caller read and edited. When
    ///   given, the write is refused with `.changedOnDisk` if the file no
    ///   longer matches it.
    public static func replace(path: String, with bytes: [UInt8], expectedOriginal: FileSnapshot?) throws(AtomicFileError) {
        let target = resolveLinks(path)
        var info = stat()
        let exists = stat(target, &info) == 0
        if let expected = expectedOriginal { try check(path: path, against: expected) }
        let mode: mode_t
        if exists {
            mode = info.st_mode & 0o7777
        } else {
            let mask = umask(0)
            umask(mask)
            mode = 0o666 & ~mask
        }

        let base = target.split(separator: "/").last.map(String.init) ?? target
        var template = Array("\(FileReader.directory(of: target))/.\(base).tmp-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw AtomicFileError(kind: .io, path: path, reason: "cannot create a temporary file next to it: \(FileReader.reason(errno))")
        }
        let temporary = String(cString: template)
        var committed = false
        defer { if !committed { unlink(temporary) } }

        var failure: Int32 = 0
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 { if errno == EINTR { continue }; failure = errno; return }
                offset += n
            }
        }
        if failure == 0, fchmod(fd, mode) != 0 { failure = errno }
        if exists { _ = fchown(fd, info.st_uid, info.st_gid) }   // best effort: only root may give files away
        if failure == 0, fsync(fd) != 0 { failure = errno }
        if close(fd) != 0, failure == 0 { failure = errno }
        guard failure == 0 else {
            throw AtomicFileError(kind: .io, path: path, reason: "cannot write: \(FileReader.reason(failure))")
        }
        // The last look before the rename: the window for a lost update is
        // as small as POSIX lets it be without locks.
        if let expected = expectedOriginal { try check(path: path, against: expected) }
        guard rename(temporary, target) == 0 else {
            throw AtomicFileError(kind: .io, path: path, reason: "cannot replace: \(FileReader.reason(errno))")
        }
        committed = true
        syncDirectory(FileReader.directory(of: target))
    }

    /// The file a path finally names (symbolic links followed), or the path
    /// itself when it does not exist yet.
    static func resolveLinks(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func check(path: String, against expected: FileSnapshot) throws(AtomicFileError) {
        let now: FileSnapshot
        do { now = try read(path: path) } catch {
            throw AtomicFileError(kind: .changedOnDisk, path: path, reason: "changed on disk while it was being edited (\(error.reason)); not overwritten")
        }
        guard expected.matches(now) else {
            throw AtomicFileError(kind: .changedOnDisk, path: path, reason: "changed on disk while it was being edited; not overwritten, run again")
        }
    }

    /// Makes the rename durable (best effort: some file systems refuse).
    static func syncDirectory(_ directory: String) {
        let fd = open(directory, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }
}
