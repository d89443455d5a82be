/// Which files of a Loop export (folder or zip) are read, in order:
/// `Habits.csv`, then each `NNN Name/Checkmarks.csv` (they carry the
/// notes), or the all-habits `Checkmarks.csv` only when there are none.
public enum LoopExportFiles {
    /// The paths to read among `paths` (relative to the export's root, with
    /// `/` between folders), in order; empty when none is Loop's.
    public static func select(_ paths: [String]) -> [String] {
        let set = Set(paths)
        var chosen: [String] = []
        if set.contains("Habits.csv") { chosen.append("Habits.csv") }
        let perHabit = paths.filter { path in
            let parts = path.split(separator: "/", omittingEmptySubsequences: false)
            return parts.count == 2 && parts[1] == "Checkmarks.csv" && isHabitFolder(parts[0])
        }.sorted()
        if perHabit.isEmpty {
            if set.contains("Checkmarks.csv") { chosen.append("Checkmarks.csv") }
        } else {
            chosen += perHabit
        }
        return chosen
    }

    /// `002 Wake up early`: three digits and a space, then the name.
    static func isHabitFolder(_ name: Substring) -> Bool {
        let bytes = name.utf8
        return bytes.count > 4 && bytes.prefix(3).allSatisfy { $0 >= 0x30 && $0 <= 0x39 } && bytes.dropFirst(3).first == 0x20
    }

    /// The files of a Loop export zip, named `ARCHIVE/ENTRY`; an archive of
    /// the export's folder is read as if that folder were the root.
    public static func files(in archive: ZipArchive, path: String) -> Result<[ImportFile], ImportFolder.FolderError> {
        var names = archive.entries.map(\.name)
        var prefix = ""
        if !names.contains("Habits.csv") && !names.contains("Checkmarks.csv"), let first = names.first,
           let slash = first.firstIndex(of: "/") {
            let candidate = String(first[...slash])
            if names.allSatisfy({ $0.hasPrefix(candidate) }) {
                prefix = candidate
                names = names.map { String($0.dropFirst(candidate.count)) }
            }
        }
        let chosen = select(names)
        guard !chosen.isEmpty else {
            return .failure(ImportFolder.FolderError(message: "\(path) holds no Loop export (Habits.csv, Checkmarks.csv or NNN Name/Checkmarks.csv)"))
        }
        let bytes = Dictionary(archive.entries.map { ($0.name, $0.bytes) }, uniquingKeysWith: { first, _ in first })
        return .success(chosen.map { ImportFile(path: path + "/" + prefix + $0, bytes: bytes[prefix + $0] ?? []) })
    }
}
