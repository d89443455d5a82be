/// Where a command's `--out FILE` goes (`units html`, `units card`): the one
/// writer for an output file, so every `--out` treats what is already at
/// the path the same way (the table in docs/writing.md, "`--out FILE`").
public enum OutputFile {
    /// What `write` did.
    public enum Outcome: Sendable, Equatable {
        /// The bytes are in the file.
        case written
        /// The path is standard output: the caller writes the bytes there.
        case standardOutput
    }

    /// Writes `bytes` to `path`, or refuses and says why; `protecting`: the
    /// journal, then its includes, never overwritten.
    public static func write(_ bytes: [UInt8], to path: String, protecting: [String]) throws(WriteError) -> Outcome {
        let info: FileStatus
        do { info = try SystemFile.status(atPath: path) } catch {
            guard error.code == ENOENT else { throw .system(path, "cannot write there (nothing was written)", error.code) }
            if (try? SystemFile.linkStatus(atPath: path)) != nil {
                throw WriteError(path: path, reason: "is a symbolic link to a file that does not exist; nothing was written")
            }
            try FileCommit.create(path, bytes: bytes)
            return .written
        }
        if let out = try? SystemFile.status(1), out.st_dev == info.st_dev, out.st_ino == info.st_ino { return .standardOutput }
        for (index, protected) in protecting.enumerated() {
            if let other = try? SystemFile.status(atPath: protected), other.st_dev == info.st_dev, other.st_ino == info.st_ino {
                let what = index == 0 ? "the journal" : "\(protected), an include of the journal"
                throw WriteError(path: path, reason: "is \(what); an output file never replaces it (nothing was written)")
            }
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            // Root may write any file; a read-only file is still the user's
            // "do not change this", as for a journal.
            guard info.st_mode & 0o222 != 0 else {
                throw WriteError(path: path, reason: "is read-only (mode \(String(info.st_mode & 0o777, radix: 8))); nothing was written. Make it writable (chmod u+w) or choose another file")
            }
            try FileCommit.replace(target: FileReader.canonicalPath(path), reportAs: path, bytes: bytes,
                                   mode: mode_t(info.st_mode & 0o7777), owner: (info.st_uid, info.st_gid))
            return .written
        case S_IFCHR, S_IFBLK, S_IFIFO:
            try writeInPlace(bytes, to: path, fifo: (info.st_mode & S_IFMT) == S_IFIFO)
            return .written
        case S_IFDIR:
            throw WriteError(path: path, reason: "is a directory; give a file name (nothing was written)")
        default:
            throw WriteError(path: path, reason: "is not a regular file, a device or a FIFO; nothing was written")
        }
    }

    /// Writes to a device or FIFO as it is: no temporary, no rename, no
    /// truncation. The open never blocks (a FIFO with no reader is refused).
    static func writeInPlace(_ bytes: [UInt8], to path: String, fifo: Bool) throws(WriteError) {
        let fd: Int32
        do { fd = try SystemFile.openFile(path, O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC) } catch {
            if error.code == ENXIO, fifo { throw WriteError(path: path, reason: "is a FIFO no program is reading; nothing was written") }
            throw .system(path, "cannot open it for writing (nothing was written)", error.code)
        }
        defer { SystemFile.closeDescriptor(fd) }
        if RawTerminal.isTerminal(fd) {
            throw WriteError(path: path, reason: "is a terminal; leave out --out to see the output there (nothing was written)")
        }
        SystemFile.setBlocking(fd)
        do { try SystemFile.writeAll(fd, bytes) } catch { throw .system(path, "cannot write to it", error.code) }
    }
}
