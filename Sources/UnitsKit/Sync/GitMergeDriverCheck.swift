/// Whether git will merge a journal with `units merge`: a `.gitattributes`
/// names the units driver for it, but this device's git configuration has
/// no `merge.units.driver`, so git would leave conflict markers instead.
public enum GitMergeDriverCheck {
    /// The `.gitattributes` that names the units driver for the journal at
    /// `path` when git has no such driver; nil otherwise.
    public static func unconfigured(for path: String, environment: [String: String]? = nil) -> String? {
        let real = FileReader.canonicalPath(path)
        let folder = FileReader.directory(of: real)
        guard let root = GitHistory.repositoryRoot(above: folder) else { return nil }
        guard let attributes = namingDriver(file: real, from: folder, to: root) else { return nil }
        guard let answer = ProcessRunner.run("git", ["-C", folder, "config", "--get", "merge.units.driver"], environment: environment) else {
            return nil
        }
        // 0: set (and non-empty); 1: not set; anything else: git could not say.
        if answer.status == 0 && !answer.text.allSatisfy({ $0.isWhitespace }) { return nil }
        return answer.status <= 1 ? attributes : nil
    }

    /// The nearest `.gitattributes` from `folder` up to `root` whose last
    /// line matching `file` sets `merge=units`.
    static func namingDriver(file: String, from folder: String, to root: String) -> String? {
        var current = folder
        while true {
            let attributes = current + "/.gitattributes"
            if let bytes = try? FileReader.readBytes(atPath: attributes, regularFileOnly: true),
               let driver = mergeDriver(in: String(decoding: bytes, as: UTF8.self), for: String(file.dropFirst(current.count + 1))) {
                return driver == "units" ? attributes : nil
            }
            if current == root { return nil }
            let parent = FileReader.directory(of: current)
            if parent == current { return nil }
            current = parent
        }
    }

    /// The merge driver the attribute lines give `relative` (a path below the
    /// attributes file's folder): the last matching line's `merge=X`, if any.
    static func mergeDriver(in text: String, for relative: String) -> String? {
        var driver: String?
        let name = FileReader.fileName(of: relative)
        for line in text.split(whereSeparator: \.isNewline) {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard let pattern = fields.first, !pattern.hasPrefix("#"), fields.count > 1 else { continue }
            // A pattern without a slash matches the name at any depth;
            // with one, the path from the attributes file's folder.
            let trimmed = pattern.hasPrefix("/") ? String(pattern.dropFirst()) : pattern
            let matches = pattern.contains("/") ? fnmatch(trimmed, relative, FNM_PATHNAME) == 0 : fnmatch(pattern, name, 0) == 0
            guard matches else { continue }
            for attribute in fields.dropFirst() {
                if attribute.hasPrefix("merge=") { driver = String(attribute.dropFirst("merge=".count)) }
                else if attribute == "-merge" || attribute == "merge" || attribute == "!merge" { driver = nil }
            }
        }
        return driver
    }
}
