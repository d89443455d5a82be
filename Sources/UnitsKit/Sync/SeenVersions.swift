/// The last versions of a journal that `units` read or wrote on this
/// device (`$XDG_STATE_HOME/units/seen/`), bases for a conflict copy
/// (`KnownBases`): an index with the journal's stamp, each version a file
/// named by its hash, checked when read (a torn one is never a base).
///
/// ```
/// units-seen 1
/// stamp 1257 1765707330123456789 393228 2049
/// version 8f1c0e5a2b3d4c6e 1257
/// version 0b6e2a11f5d3c4e7 1234
/// ```
public struct SeenVersions: Sendable {
    /// How many versions are kept.
    public static let limit = 3
    /// Journals larger than this are not kept (the undo stack's budget).
    public static let byteBudget = UndoStack.byteBudget

    /// The index file; the versions are `<prefix>-<hash>.seen`.
    let index: String
    let prefix: String

    /// The store of `journal`'s versions under the state folder that holds
    /// `undoDirectory` (`.../units/undo` → `.../units/seen`).
    public init(journal: String, undoDirectory: String) {
        let folder = FileReader.directory(of: undoDirectory) + "/seen"
        let location = UndoStack(journal: journal, directory: folder).location
        prefix = String(location.dropLast(".undo".count))
        index = prefix + ".index"
    }

    /// The journal's size, modification time and file id.
    struct Stamp: Equatable {
        var size: Int, modified: Int, inode: UInt64, device: UInt64
    }

    struct Index {
        var stamp: Stamp?
        var versions: [(hash: UInt64, size: Int)] = []
    }

    func readIndex() -> Index {
        guard let bytes = try? FileReader.readBytes(atPath: index) else { return Index() }
        var out = Index()
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
        guard lines.first == "units-seen 1" else { return Index() }
        for line in lines.dropFirst() {
            let parts = line.split(separator: " ")
            if parts.count == 5, parts[0] == "stamp", let size = Int(parts[1]), let modified = Int(parts[2]),
               let inode = UInt64(parts[3]), let device = UInt64(parts[4]) {
                out.stamp = Stamp(size: size, modified: modified, inode: inode, device: device)
            } else if parts.count == 3, parts[0] == "version", let hash = UInt64(parts[1], radix: 16), let size = Int(parts[2]) {
                out.versions.append((hash, size))
            }
        }
        return out
    }

    func versionPath(_ hash: UInt64) -> String { prefix + "-" + FileCommit.hex(hash, 16) + ".seen" }

    /// The stored versions, newest first; each one checked against its hash.
    public func versions() -> [[UInt8]] {
        readIndex().versions.compactMap { version in
            guard let bytes = try? FileReader.readBytes(atPath: versionPath(version.hash)),
                  bytes.count == version.size, UndoRecord.hash(bytes) == version.hash else { return nil }
            return bytes
        }
    }

    /// After a command loaded the journal at `path`: stored when it is not
    /// the version stored last. Failures are silent (a help for merges only).
    public func remember(_ path: String) {
        guard let stamp = Stamp(path) else { return }
        var current = readIndex()
        if current.stamp == stamp { return }
        guard stamp.size <= Self.byteBudget, (try? UndoStack.makeDirectory(FileReader.directory(of: index))) != nil,
              let (hash, temporary) = copy(path, expecting: stamp) else { return }
        if current.versions.first?.hash == hash {
            try? SystemFile.removeFile(temporary)
        } else {
            do { try SystemFile.renameFile(temporary, to: versionPath(hash)) } catch { try? SystemFile.removeFile(temporary); return }
            current.versions.removeAll { $0.hash == hash }
            current.versions.insert((hash, stamp.size), at: 0)
        }
        current.stamp = stamp
        store(current)
    }

    /// Copies the file at `path` in pieces into a temporary file of the
    /// store, hashing it; nil when it cannot, or the file is not as `stamp` says.
    func copy(_ path: String, expecting stamp: Stamp) -> (hash: UInt64, temporary: String)? {
        guard let source = try? SystemFile.openFile(path, O_RDONLY | O_CLOEXEC) else { return nil }
        defer { SystemFile.closeDescriptor(source) }
        let temporary = prefix + ".tmp\(SystemProcess.processID())"
        guard let target = try? SystemFile.openFile(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode: 0o600) else { return nil }
        var hash = UndoRecord.hashStart, size = 0, ok = true
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while ok {
            let n = (try? SystemFile.readSome(source, into: &chunk)) ?? -1
            if n <= 0 { ok = n == 0; break }
            hash = UndoRecord.hash(chunk[0..<n], continuing: hash)
            ok = (try? SystemFile.writeAll(target, chunk[0..<n])) != nil
            size += n
        }
        SystemFile.closeDescriptor(target)
        guard ok, size == stamp.size, Stamp(path) == stamp else { try? SystemFile.removeFile(temporary); return nil }
        return (hash, temporary)
    }

    /// After the write path wrote `change` to the journal at `path`: an
    /// append to the version stored last extends it in place; any other
    /// write is stored whole now, so a copy made of it still has its base.
    public func wrote(_ change: UndoRecord.FileChange, to path: String) {
        var current = readIndex()
        guard change.isAppend, let newest = current.versions.first, newest.hash == change.hashBefore,
              newest.size == change.sizeBefore, let stamp = Stamp(path), stamp.size == change.sizeAfter else {
            return remember(path)
        }
        let old = versionPath(newest.hash), new = versionPath(change.hashAfter)
        guard let fd = try? SystemFile.openFile(old, O_WRONLY | O_APPEND | O_CLOEXEC) else { return remember(path) }
        let appended = (try? SystemFile.writeAll(fd, change.inserted)) != nil
        SystemFile.closeDescriptor(fd)
        guard appended, (try? SystemFile.renameFile(old, to: new)) != nil else { return remember(path) }
        current.versions.removeFirst()
        current.versions.removeAll { $0.hash == change.hashAfter }
        current.versions.insert((change.hashAfter, change.sizeAfter), at: 0)
        current.stamp = stamp
        store(current)
    }

    /// Writes the index with at most `limit` versions, removing the others.
    func store(_ value: Index) {
        let kept = value.versions.prefix(Self.limit)
        var text = "units-seen 1\n"
        if let s = value.stamp { text += "stamp \(s.size) \(s.modified) \(s.inode) \(s.device)\n" }
        for v in kept { text += "version \(FileCommit.hex(v.hash, 16)) \(v.size)\n" }
        _ = Self.writeFile(index, Array(text.utf8))
        for version in value.versions.dropFirst(Self.limit) where !kept.contains(where: { $0.hash == version.hash }) {
            unlinkFile(versionPath(version.hash))
        }
    }

    /// A file of the store, whole or not at all (a temporary file renamed);
    /// not flushed: a version torn by a crash fails its hash and is not used.
    static func writeFile(_ path: String, _ bytes: [UInt8]) -> Bool {
        let temporary = path + ".tmp\(SystemProcess.processID())"
        guard let fd = try? SystemFile.openFile(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode: 0o600) else { return false }
        let written = (try? SystemFile.writeAll(fd, bytes)) != nil
        SystemFile.closeDescriptor(fd)
        guard written, (try? SystemFile.renameFile(temporary, to: path)) != nil else { try? SystemFile.removeFile(temporary); return false }
        return true
    }
}

extension SeenVersions.Stamp {
    /// The stamp of the file at `path` now; nil when it cannot be read.
    init?(_ path: String) {
        guard let info = try? SystemFile.status(atPath: path) else { return nil }
        self.init(size: Int(info.st_size), modified: SystemFile.modificationNanoseconds(info),
                  inode: UInt64(info.st_ino), device: UInt64(truncatingIfNeeded: Int64(info.st_dev)))
    }
}
