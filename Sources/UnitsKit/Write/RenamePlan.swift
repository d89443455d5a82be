/// The edits `units rename OLD NEW` makes: every place a line names the
/// habit or group OLD, in the journal and each included file, becomes NEW.
///
/// References are found in the syntax tree, never by searching text, so a
/// note, a comment, a tag, a task title or a season that happens to spell
/// OLD is left alone. The places are: the declaration, entries, `unit`,
/// `floor`, `archive`, `unarchive` and `pause` lines, a task's linked
/// habit, and a `group:` attribute naming a renamed group.
public struct RenamePlan: Sendable {
    /// One file's edit.
    public struct FileEdit: Sendable {
        /// The file's path (as the journal loaded it).
        public var path: String
        public var before: [UInt8]
        public var after: [UInt8]
        /// Lines of the file without line endings, before the edit.
        public var oldLines: [String]
        /// Changed lines: index into `oldLines` and the new text.
        public var changes: [(line: Int, text: String)]
        /// How many references were renamed.
        public var references: Int
    }

    public var old: String
    public var new: String
    public var files: [FileEdit]

    public var references: Int { files.reduce(0) { $0 + $1.references } }

    public init(journal: Journal, renaming old: String, to new: String) {
        self.old = old
        self.new = new
        var files: [FileEdit] = []
        var seen: Set<String> = []
        for tree in journal.files where seen.insert(FileReader.canonicalPath(tree.file.path)).inserted {
            if let edit = Self.edit(tree, old, new) { files.append(edit) }
        }
        self.files = files
    }

    /// The name tokens of a line that refer to a habit or group.
    static func references(in tree: SyntaxTree, _ line: SyntaxLine, named old: String) -> [Token] {
        let tokens = tree.tokens(of: line)
        switch line.kind {
        case .habit, .group, .entry, .unitChange, .floorChange, .task, .archive, .unarchive, .pause:
            return tokens.filter { $0.kind == .name && tree.text($0) == old }
        case .attribute:
            guard let key = tokens.first, tree.text(key) == "group" else { return [] }
            let values = tokens.dropFirst(2).filter { $0.kind != .comment }
            guard values.count == 1, let value = values.first, tree.text(value) == old else { return [] }
            return [value]
        default:
            return []   // season names, titles, comments and notes are not references
        }
    }

    static func edit(_ tree: SyntaxTree, _ old: String, _ new: String) -> FileEdit? {
        let source = tree.file.bytes
        let replacement = Array(new.utf8)
        var after: [UInt8] = []
        var changes: [(Int, String)] = []
        var count = 0
        var cursor = 0
        for (index, line) in tree.lines.enumerated() {
            let hits = references(in: tree, line, named: old)
            guard !hits.isEmpty else { continue }
            var lineText: [UInt8] = []
            var lineCursor = Int(line.start)
            for token in hits {
                lineText += source[lineCursor..<Int(token.start)]
                lineText += replacement
                lineCursor = Int(token.end)
            }
            lineText += source[lineCursor..<Int(line.contentEnd)]
            after += source[cursor..<Int(line.start)]
            after += lineText
            cursor = Int(line.contentEnd)
            changes.append((index, String(decoding: lineText, as: UTF8.self)))
            count += hits.count
        }
        guard count > 0 else { return nil }
        after += source[cursor...]
        let oldLines = tree.lines.map { String(decoding: source[Int($0.start)..<Int($0.contentEnd)], as: UTF8.self) }
        return FileEdit(path: tree.file.path, before: source, after: after, oldLines: oldLines,
                        changes: changes, references: count)
    }

    /// The plan as a unified diff (`--dry-run`), three lines of context.
    public func diff() -> String {
        files.map { UnifiedDiff.inPlace(path: $0.path, lines: $0.oldLines, changes: $0.changes) }.joined()
    }
}

/// A unified diff for edits that change lines in place (no line added or
/// removed), which is all a rename does.
public enum UnifiedDiff {
    public static func inPlace(path: String, lines: [String], changes: [(line: Int, text: String)], context: Int = 3) -> String {
        guard !changes.isEmpty else { return "" }
        var out = "--- a/\(path)\n+++ b/\(path)\n"
        let byLine = Dictionary(changes.map { ($0.line, $0.text) }, uniquingKeysWith: { $1 })
        let sorted = changes.map(\.line).sorted()
        // Group changes whose context windows touch into one hunk.
        var hunks: [[Int]] = []
        for line in sorted {
            if let last = hunks.last?.last, line - last <= 2 * context { hunks[hunks.count - 1].append(line) } else { hunks.append([line]) }
        }
        for hunk in hunks {
            let first = max(0, hunk.first! - context)
            let last = min(lines.count - 1, hunk.last! + context)
            let count = last - first + 1
            out += "@@ -\(first + 1),\(count) +\(first + 1),\(count) @@\n"
            for i in first...last {
                if let new = byLine[i] {
                    out += "-\(lines[i])\n+\(new)\n"
                } else {
                    out += " \(lines[i])\n"
                }
            }
        }
        return out
    }
}
