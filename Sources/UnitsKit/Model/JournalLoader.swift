/// Reads the files a journal is made of. The default reads the file system;
/// tests pass an in-memory map.
public struct JournalLoader: Sendable {
    public var read: @Sendable (String) throws -> [UInt8]
    /// How an included file is read: stricter than the root (regular files
    /// only, never a device or a FIFO). Defaults to `read`.
    public var readInclude: @Sendable (String) throws -> [UInt8]
    /// How the root file is read, when it can be had without a copy (the
    /// file system maps a large file: `FileReader.readSourceFile`); nil
    /// means `read`.
    public var readFile: (@Sendable (String) throws -> SourceFile)?

    public init(read: @escaping @Sendable (String) throws -> [UInt8],
                readInclude: (@Sendable (String) throws -> [UInt8])? = nil) {
        self.read = read
        self.readInclude = readInclude ?? read
    }

    public static let fileSystem: JournalLoader = {
        var loader = JournalLoader(
            read: { path in try FileReader.readBytes(atPath: path) },
            readInclude: { path in try FileReader.readBytes(atPath: path, regularFileOnly: true) })
        loader.readFile = { path in try FileReader.readSourceFile(atPath: path) }
        return loader
    }()

    /// The file system seen through files held in memory (an editor's open
    /// documents, a rename's edited files), keyed by canonical path: a file
    /// held is read from memory, every other one as `fileSystem` reads it,
    /// so an include is a regular file or an error (never a FIFO that
    /// blocks, a device, or a link to standard input) on every path.
    public static func fileSystem(overlay: [String: [UInt8]]) -> JournalLoader {
        guard !overlay.isEmpty else { return .fileSystem }
        let base = JournalLoader.fileSystem
        @Sendable func held(_ path: String) -> [UInt8]? { overlay[FileReader.canonicalPath(path)] ?? overlay[path] }
        return JournalLoader(read: { path in try held(path) ?? base.read(path) },
                             readInclude: { path in try held(path) ?? base.readInclude(path) })
    }

    /// Files held in memory, by path; anything else is "no such file".
    public static func memory(_ files: [String: String]) -> JournalLoader {
        JournalLoader { path in
            guard let text = files[path] else { throw FileReadError(path: path, reason: "no such file") }
            return Array(text.utf8)
        }
    }
}
