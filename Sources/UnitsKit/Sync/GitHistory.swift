/// Earlier versions of a journal from git, when its folder is in a git
/// repository: the versions of the file in the commits that changed it,
/// newest first. A sync service's conflict copy, or `units merge OURS
/// THEIRS`, then has a common ancestor to merge over (`KnownBases`).
public enum GitHistory {
    /// How many commits back are looked at.
    public static let depth = 20

    /// The committed versions of the file at `path`, newest first (at most
    /// `limit`, consecutive equal ones once); [] when git cannot tell.
    public static func versions(of path: String, limit: Int = depth, environment: [String: String]? = nil) -> [[UInt8]] {
        let real = FileReader.canonicalPath(path)
        let folder = FileReader.directory(of: real), name = FileReader.fileName(of: real)
        guard repositoryRoot(above: folder) != nil else { return [] }
        guard let log = ProcessRunner.run("git", ["-C", folder, "log", "-n", String(limit), "--format=%H", "--", name], environment: environment),
              log.status == 0 else { return [] }
        var versions: [[UInt8]] = []
        for commit in log.text.split(separator: "\n") where !commit.isEmpty {
            guard let shown = ProcessRunner.run("git", ["-C", folder, "show", "\(commit):./\(name)"], environment: environment),
                  shown.status == 0 else { continue }
            if versions.last != shown.output { versions.append(shown.output) }
        }
        return versions
    }

    /// The folder holding `.git` at or above `folder`; nil: git is not asked.
    public static func repositoryRoot(above folder: String) -> String? {
        var current = folder
        while true {
            if SystemFile.kind(atPath: current + "/.git") != nil { return current }
            let parent = FileReader.directory(of: current)
            if parent == current || current.isEmpty { return nil }
            current = parent
        }
    }
}
