/// One file of an import: a tracker's log, its habit list, a CSV.
public struct ImportFile: Sendable {
    public var path: String
    public var bytes: [UInt8]
    public init(path: String, bytes: [UInt8]) { self.path = path; self.bytes = bytes }

    /// The last path component (`Habits.csv`, `habits`, `log`).
    var name: String { FileReader.fileName(of: path) }

    /// Calls `body` with each line's 1-based number and bytes (LF or CR LF
    /// ends, a UTF-8 BOM skipped).
    static func forEachLine(_ bytes: [UInt8], _ body: (Int, ArraySlice<UInt8>) -> Void) {
        var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var number = 1
        while start < bytes.count {
            let newline = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            let end = newline > start && bytes[newline - 1] == 0x0D ? newline - 1 : newline
            body(number, bytes[start..<end])
            number += 1
            start = newline + 1
        }
    }

    /// The lines of a text file and their numbers, decoded as UTF-8.
    static func lines(_ bytes: [UInt8]) -> [(number: Int, text: String)] {
        var result: [(number: Int, text: String)] = []
        forEachLine(bytes) { result.append(($0, String(decoding: $1, as: UTF8.self))) }
        return result
    }
}

/// The files of a tracker's folder that `units import` reads: Loop's
/// unzipped export (`LoopExportFiles`), harsh's and habitctl's `habits`, then `log`.
public enum ImportFolder {
    /// Whether `path` names a directory.
    public static func isDirectory(_ path: String) -> Bool {
        SystemFile.kind(atPath: path) == S_IFDIR
    }

    /// The paths to read from the folder, in order, or why there are none.
    public static func paths(for format: ImportFormat, in directory: String) -> Result<[String], FolderError> {
        let dir = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        let names = FileReader.entries(ofDirectory: dir)
        func present(_ name: String) -> Bool { names.contains(name) && !isDirectory(dir + "/" + name) }
        var paths: [String] = []
        switch format {
        case .loop:
            // The same choice as in Loop's zip (`LoopExportFiles`).
            var files = names.filter(present)
            for name in names where LoopExportFiles.isHabitFolder(name[...]) && FileReader.exists(dir + "/" + name + "/Checkmarks.csv") {
                files.append(name + "/Checkmarks.csv")
            }
            paths = LoopExportFiles.select(files).map { dir + "/" + $0 }
            if paths.isEmpty { return .failure(FolderError(message: "\(directory) holds no Loop export (Habits.csv, Checkmarks.csv or NNN Name/Checkmarks.csv)")) }
        case .harsh, .habitctl:
            for name in ["habits", "log"] where present(name) { paths.append(dir + "/" + name) }
            if paths.isEmpty { return .failure(FolderError(message: "\(directory) holds neither a `habits` nor a `log` file of \(format.rawValue)")) }
        case .units, .timedot, .todotxt:
            return .failure(FolderError(message: "\(directory) is a folder; --from \(format.rawValue) reads one file"))
        }
        return .success(paths)
    }

    /// Why a folder cannot be imported.
    public struct FolderError: Error, Sendable { public var message: String }
}
