/// Why a file could not be read, in words a person can act on.
public struct FileReadError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "\(path): \(reason)" }
}

/// Reads whole files with POSIX calls: one `read` loop into a byte array,
/// no `Data` bridging, and precise reasons (missing, a directory, no access).
public enum FileReader {
    /// With `regularFileOnly` (includes), devices, FIFOs and sockets are
    /// refused before a byte is read; the open never blocks on a FIFO.
    public static func readBytes(atPath path: String, regularFileOnly: Bool = false) throws(FileReadError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | (regularFileOnly ? O_NONBLOCK : 0))
        guard fd >= 0 else { throw FileReadError(path: path, reason: reason(errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileReadError(path: path, reason: reason(errno)) }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            throw FileReadError(path: path, reason: "is a directory, not a journal file")
        }
        if regularFileOnly, (info.st_mode & S_IFMT) != S_IFREG {
            throw FileReadError(path: path, reason: "not a regular file (a device, FIFO or socket is never read)")
        }
        if regularFileOnly { SystemFile.setBlocking(fd) }
        var bytes: [UInt8] = []
        let expected = Int(info.st_size)
        if expected > Parser.maximumFileSize {
            throw FileReadError(path: path, reason: "file too large (\(expected) bytes); \(Parser.sizeLimitWords)")
        }
        bytes.reserveCapacity(expected + 1)
        try chunks(of: fd, path: path) { chunk in
            bytes.append(contentsOf: chunk)
            return bytes.count
        }
        return bytes
    }

    /// Reads `fd` to its end a chunk at a time; `body` takes each chunk and
    /// says how many bytes are held (past the file size limit: an error).
    private static func chunks(of fd: Int32, path: String, _ body: (ArraySlice<UInt8>) -> Int) throws(FileReadError) {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileReadError(path: path, reason: reason(errno))
            }
            if n == 0 { return }
            if body(chunk[0..<n]) > Parser.maximumFileSize {
                throw FileReadError(path: path, reason: "file too large (more than \(Parser.maximumFileSize) bytes); \(Parser.sizeLimitWords)")
            }
        }
    }

    /// Files at least this large are mapped rather than read (`readSourceFile`).
    static let mappingThreshold = 1 << 16

    /// Reads a whole file as `readBytes` does, but maps a large regular file
    /// (private, read-only) instead of copying it into fresh memory.
    public static func readSourceFile(atPath path: String) throws(FileReadError) -> SourceFile {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileReadError(path: path, reason: reason(errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileReadError(path: path, reason: reason(errno)) }
        let size = Int(info.st_size)
        if (info.st_mode & S_IFMT) == S_IFREG, size >= mappingThreshold, size <= Parser.maximumFileSize,
           let mapping = MappedFile(fd: fd, count: size) {
            return SourceFile(path: path, mapping: mapping)
        }
        return SourceFile(path: path, bytes: try readBytes(atPath: path))
    }

    /// Reads a file against two versions of it held in memory: how many
    /// leading bytes it shares with both (never kept), and the bytes after.
    public static func readSharing(atPath path: String, with a: [UInt8], _ b: [UInt8]) throws(FileReadError) -> (common: Int, rest: [UInt8]) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileReadError(path: path, reason: reason(errno)) }
        defer { close(fd) }
        var common = 0, rest: [UInt8] = [], diverged = false
        try chunks(of: fd, path: path) { chunk in
            var k = chunk.startIndex
            if !diverged {
                while k < chunk.endIndex, common < a.count, common < b.count, chunk[k] == a[common], chunk[k] == b[common] { k += 1; common += 1 }
                diverged = k < chunk.endIndex
            }
            rest.append(contentsOf: chunk[k...])
            return common + rest.count
        }
        return (common, rest)
    }

    /// Reads standard input to its end, or to one byte past the file size
    /// limit (which the parser refuses), so an endless input is bounded.
    public static func readStandardInput() -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while bytes.count <= Parser.maximumFileSize {
            let wanted = min(chunk.count, Parser.maximumFileSize + 1 - bytes.count)
            let n = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, wanted) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return bytes
    }

    static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: "no such file"
        case EACCES: "permission denied"
        case EISDIR: "is a directory, not a journal file"
        case ENOTDIR: "a part of the path is not a directory"
        case ELOOP: "too many symbolic links"
        default: String(cString: strerror(code))
        }
    }

    /// The directory part of a path ("." when there is none).
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last part of a path (`habits.units` of `notes/habits.units`).
    public static func fileName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }

    /// `relative` resolved against the directory of `base`; absolute paths stay.
    public static func resolve(_ relative: String, against base: String) -> String {
        if relative.hasPrefix("/") { return relative }
        let dir = directory(of: base)
        return normalized(dir == "." ? relative : dir + "/" + relative)
    }

    /// Removes `.` components and folds `dir/..` lexically (`a/b/../c` → `a/c`),
    /// keeping leading `..` that climb above a relative path's start.
    public static func normalized(_ path: String) -> String {
        let absolute = path.hasPrefix("/")
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." { parts.removeLast(); continue }
            if part == "..", absolute { continue }
            parts.append(part)
        }
        let joined = parts.joined(separator: "/")
        return absolute ? "/" + joined : (joined.isEmpty ? "." : joined)
    }

    /// A canonical absolute path for cycle detection (symlinks resolved).
    public static func canonicalPath(_ path: String) -> String { SystemFile.resolvedPath(path) ?? path }
}

extension FileReader {
    /// The names in `directory` (without `.` and `..`), in no order; none
    /// when it cannot be read. With `prefixes`, only those that start with one.
    public static func entries(ofDirectory directory: String, startingWith prefixes: [[UInt8]]? = nil) -> [String] {
        guard let handle = opendir(directory) else { return [] }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name: String? = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                let bytes = raw.prefix { $0 != 0 }
                if let prefixes, !prefixes.contains(where: { bytes.starts(with: $0) }) { return nil }
                return String(decoding: bytes, as: UTF8.self)
            }
            if let name, name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Whether a regular file (or a link to one) exists at `path`.
    public static func exists(_ path: String) -> Bool { SystemFile.kind(atPath: path) == S_IFREG }

    /// Why `path` cannot be read as a journal, said for a command that
    /// needs one, or nil when it is a regular file.
    public static func journalAbsence(_ path: String) -> String? {
        if let target = danglingLinkTarget(path) {
            return "\(path): is a symbolic link to \(target), which does not exist; `units init \(path)` creates the journal there"
        }
        guard let kind = SystemFile.kind(atPath: path) else { return "\(path): no such journal; create it with `units init \(path)`" }
        switch kind {
        case S_IFREG: return nil
        case S_IFDIR: return "\(path): is a directory, not a journal; pass the journal file with --file FILE"
        case S_IFCHR, S_IFBLK: return "\(path): is a device, not a journal; a journal is a regular file"
        case S_IFIFO: return "\(path): is a FIFO, not a journal; a journal is a regular file (- reads standard input)"
        default: return "\(path): is not a regular file; a journal is one"
        }
    }

    /// Where the symbolic link `path` points when nothing is there; nil
    /// when `path` is no link or its target exists.
    public static func danglingLinkTarget(_ path: String) -> String? {
        var info = stat(), link = stat()
        guard stat(path, &info) != 0, errno == ENOENT, lstat(path, &link) == 0, (link.st_mode & S_IFMT) == S_IFLNK else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return resolve(SystemProcess.text(Array(buffer[0..<n])), against: path)
    }
}
