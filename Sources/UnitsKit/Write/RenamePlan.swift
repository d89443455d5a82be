/// The edits `units rename OLD NEW` makes: every name token of the syntax
/// tree that refers to the habit or group OLD, in the journal and each
/// include, becomes NEW (never a note, comment, tag or title that spells it).
public struct RenamePlan: Sendable {
    /// One file's edit.
    public struct FileEdit: Sendable {
        /// The file's path (as the journal loaded it).
        public var path: String
        public var before: [UInt8]
        public var after: [UInt8]
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

    /// Why renaming `old` to `new` is refused, or nil: the rules of `units
    /// rename` and of the language server's rename.
    public static func refusal(journal: Journal, renaming old: String, to new: String) -> String? {
        if let problem = WriteValidation.nameProblem(new) { return problem }
        if old == Journal.generalHabitName || journal.habit(named: old)?.isBuiltIn == true {
            return "'\(old)' is built in and cannot be renamed"
        }
        guard journal.habit(named: old) != nil else { return "no habit or group is named '\(old)'" }
        if old == new { return "'\(old)' already has that name" }
        if journal.habit(named: new) != nil || new == Journal.generalHabitName {
            return "'\(new)' already exists; pick a name no habit or group has"
        }
        return nil
    }

    /// The name tokens of a line that refer to a habit or group.
    static func references(in tree: SyntaxTree, _ line: SyntaxLine, named old: String) -> [Token] {
        let tokens = tree.tokens(of: line)
        switch line.kind {
        case .habit, .group, .entry, .unitChange, .floorChange, .goalChange, .task, .archive, .unarchive, .pause:
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
        var count = 0
        var cursor = 0
        for line in tree.lines {
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
            count += hits.count
        }
        guard count > 0 else { return nil }
        after += source[cursor...]
        // Keep aligned blocks aligned: the printer re-prints them.
        after = WriteLayout.relayout(old: tree, after: after)
        return FileEdit(path: tree.file.path, before: source, after: after, references: count)
    }

    /// The plan as a unified diff (`--dry-run`), three lines of context.
    public func diff() -> String {
        files.map { UnifiedDiff.diff(old: $0.before, new: $0.after, path: $0.path) }.joined()
    }
}
