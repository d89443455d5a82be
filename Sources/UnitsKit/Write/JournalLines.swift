/// Finding the lines of the main file that a routine write changes (`units
/// habit set`, `habit delete`, `group add`, `amend`) in the syntax tree.
public enum JournalLines {
    /// A declaration (habit or group) and the attribute lines under it.
    public struct Declaration: Sendable {
        /// The index of the declaration line.
        public var line: Int
        /// Each attribute's key and line index.
        public var attributes: [(key: String, line: Int)]
        /// The index just past the block's last attribute line.
        public var end: Int

        public func attribute(_ key: String) -> Int? { attributes.first { $0.key == key }?.line }
    }

    /// The declaration of `name` in `tree`, if it is there.
    public static func declaration(of name: String, in tree: SyntaxTree) -> Declaration? {
        let lines = tree.lines
        for (index, line) in lines.enumerated() where line.kind == .habit || line.kind == .group {
            guard let token = tree.tokens(of: line).first(where: { $0.kind == .name }), tree.text(token) == name else { continue }
            let end = WriteLayout.attributesEnd(after: index, in: lines)
            let attributes = (index + 1..<end).compactMap { scan -> (key: String, line: Int)? in
                guard lines[scan].kind == .attribute else { return nil }
                return tree.tokens(of: lines[scan]).first(where: { $0.kind == .key }).map { (tree.text($0), scan) }
            }
            return Declaration(line: index, attributes: attributes, end: end)
        }
        return nil
    }

    /// The habit a dated line names (an entry's habit, a change's, an
    /// archive's or pause's, a task's link); nil for declarations, seasons,
    /// `done` and `drop`.
    public static func habitName(of line: SyntaxLine, in tree: SyntaxTree) -> String? {
        switch line.kind {
        case .entry, .unitChange, .floorChange, .goalChange, .archive, .unarchive, .pause, .task:
            return tree.tokens(of: line).first(where: { $0.kind == .name }).map(tree.text)
        default:
            return nil
        }
    }

    /// The indexes of the dated lines (not declarations) that name `name`.
    public static func lines(naming name: String, in tree: SyntaxTree) -> [Int] {
        tree.lines.indices.filter { habitName(of: tree.lines[$0], in: tree) == name }
    }

    /// The date a dated line starts with.
    public static func date(of index: Int, in tree: SyntaxTree) -> CivilDate? {
        WriteLayout.date(of: tree.lines[index], in: tree)
    }

    /// The text of a line as written, without its line ending.
    public static func text(of index: Int, in tree: SyntaxTree) -> String {
        let line = tree.lines[index]
        return String(decoding: tree.file.bytes[Int(line.start)..<Int(line.contentEnd)], as: UTF8.self)
    }

    /// Where `lines` (the first line's date deciding) go in date order, as a
    /// single write puts them.
    public static func inDateOrder(_ lines: [String], separated: Bool = false, in tree: SyntaxTree) -> LineEdit {
        WriteLayout.edit(for: JournalChange(lines: lines, separated: separated, summary: ""), in: tree)
    }
}

extension CanonicalLine {
    /// `2025-12-15 goal Reading 5 pages` or `2025-12-15 min Reading 1 page`
    /// (format.md 11): `value` is `N [MEASURE]`.
    public static func goalChange(date: CivilDate, habit: String, minimum: Bool, value: String) -> String {
        laidOut("\(date) \(minimum ? "min" : "goal") \(habit) \(value)")
    }

    /// `  key: value`, the value quoted when words would not read back the same.
    public static func attribute(key: String, value: String) -> String {
        "  \(key): \(attributeValue(value))"
    }
}

/// The newest write by units to a journal, read back from its undo stack
/// (`units amend` changes the entry that write added, like `git commit --amend`).
public enum LastWrite {
    /// The entry line the newest recorded write that added one entry added,
    /// while the file is as the newest write left it; an older write's line
    /// is found by its words (the last line that reads the same).
    public static func entryLine(in tree: SyntaxTree, undoDirectory: String?) -> Int? {
        let main = FileReader.canonicalPath(tree.file.path)
        guard let undoDirectory,
              let records = try? UndoStack(journal: tree.file.path, directory: undoDirectory).load(),
              let change = records.last?.files.first(where: { $0.path == main }),
              change.refusal(against: tree.file.bytes, shownAs: "") == nil else { return nil }
        let region = change.offset..<(change.offset + change.inserted.count)
        let inRegion = tree.lines.indices.filter { index in
            let line = tree.lines[index]
            return line.kind == .entry && region.contains(Int(line.start)) && Int(line.contentEnd) <= region.upperBound
        }
        let found = added(inRegion, of: tree, removedBy: change)
        if found.count == 1 { return found[0] }
        guard found.isEmpty else { return nil }
        for record in records.dropLast().reversed() {
            guard let change = record.files.first(where: { $0.path == main }) else { continue }
            let inserted = Parser.parse(SourceFile(path: "", bytes: change.inserted))
            let entries = inserted.lines.indices.filter { inserted.lines[$0].kind == .entry }
            let new = added(entries, of: inserted, removedBy: change)
            if new.isEmpty { continue }
            guard new.count == 1 else { return nil }
            let text = words(new[0], in: inserted)
            return tree.lines.indices.last { tree.lines[$0].kind == .entry && words($0, in: tree) == text }
        }
        return nil
    }

    /// Of the entry lines `indexes` of `tree`, those whose words (a re-aligned
    /// block comes back with other spacing) are not among the lines `change` removed.
    static func added(_ indexes: [Int], of tree: SyntaxTree, removedBy change: UndoRecord.FileChange) -> [Int] {
        var removed: [String: Int] = [:]
        for line in change.removed.split(separator: 0x0A) { removed[words(line), default: 0] += 1 }
        return indexes.filter { index in
            let key = words(index, in: tree)
            guard let n = removed[key], n > 0 else { return true }
            removed[key] = n - 1
            return false
        }
    }

    static func words(_ index: Int, in tree: SyntaxTree) -> String {
        words(tree.file.bytes[Int(tree.lines[index].start)..<Int(tree.lines[index].contentEnd)])
    }

    static func words(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
    }
}
