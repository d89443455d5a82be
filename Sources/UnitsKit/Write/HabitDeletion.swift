/// What `units habit delete NAME` removes: every line about the habit;
/// tasks linked to it lose the link (they then log to `General`).
public struct HabitDeletion: Sendable {
    public var edits: [LineEdit]
    /// The lines removed, by what they are.
    public var entries = 0
    public var entryDays = 0
    public var firstEntry: CivilDate?
    public var lastEntry: CivilDate?
    public var changes = 0
    public var archives = 0
    public var pauses = 0
    public var unlinkedTasks = 0
    public let name: String
    public let isGroup: Bool

    /// The plan for deleting `name` from `journal`, or why it cannot be deleted.
    public init(_ name: String, in journal: Journal) throws(WriteRefusal) {
        guard let habit = journal.habit(named: name) else {
            let hint = Suggestion.closest(to: name, in: journal.habits.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
            throw WriteRefusal("no habit named '\(name)'\(hint)")
        }
        if habit.isBuiltIn { throw WriteRefusal("'\(name)' is built in and cannot be deleted") }
        if habit.isGroup, !habit.members.isEmpty {
            let members = habit.members.map { journal.habits[$0].name }.joined(separator: ", ")
            throw WriteRefusal("'\(name)' is a group with members (\(members)): delete or archive them first, or archive the group")
        }
        self.name = habit.name
        isGroup = habit.isGroup
        for tree in journal.files.dropFirst() {
            if JournalLines.declaration(of: habit.name, in: tree) != nil || !JournalLines.lines(naming: habit.name, in: tree).isEmpty {
                throw WriteRefusal("'\(name)' has lines in \(tree.file.path), an included file; delete them there first")
            }
        }
        let tree = journal.files[0]
        guard let block = JournalLines.declaration(of: habit.name, in: tree) else {
            throw WriteRefusal("'\(name)' is not declared in \(tree.file.path)")
        }
        let lines = tree.lines
        // The block, and a blank line that would otherwise double up.
        var range = block.line..<block.end
        let blankBefore = range.lowerBound == 0 || lines[range.lowerBound - 1].kind == .blank
        let blankAfter = range.upperBound >= lines.count || lines[range.upperBound].kind == .blank
        if blankBefore, blankAfter, range.upperBound < lines.count { range = range.lowerBound..<(range.upperBound + 1) }
        var edits = [LineEdit(range: range, lines: [])]
        var days = Set<CivilDate>()
        for index in JournalLines.lines(naming: habit.name, in: tree) {
            let line = lines[index]
            switch line.kind {
            case .task:
                edits.append(LineEdit(range: index..<(index + 1), lines: [Self.unlinked(line, in: tree)]))
                unlinkedTasks += 1
                continue
            case .entry:
                entries += 1
                if let date = WriteLayout.date(of: line, in: tree) {
                    days.insert(date)
                    firstEntry = min(firstEntry ?? date, date)
                    lastEntry = max(lastEntry ?? date, date)
                }
            case .archive, .unarchive: archives += 1
            case .pause: pauses += 1
            default: changes += 1
            }
            edits.append(LineEdit(range: index..<(index + 1), lines: []))
        }
        entryDays = days.count
        self.edits = edits
    }

    /// A task line without its habit link: the bytes around the name token.
    static func unlinked(_ line: SyntaxLine, in tree: SyntaxTree) -> String {
        let bytes = tree.file.bytes
        guard let token = tree.tokens(of: line).first(where: { $0.kind == .name }) else {
            return String(decoding: bytes[Int(line.start)..<Int(line.contentEnd)], as: UTF8.self)
        }
        var cut = Int(token.start)
        while cut > Int(line.start), bytes[cut - 1] == 0x20 || bytes[cut - 1] == 0x09 { cut -= 1 }
        let out = Array(bytes[Int(line.start)..<cut]) + Array(bytes[Int(token.end)..<Int(line.contentEnd)])
        return String(decoding: out, as: UTF8.self)
    }

    /// "This deletes Reading: its declaration, 2 unit changes and 412
    /// entries over 90 days (2025-09-01 to 2025-12-14)."
    public var preview: String {
        func count(_ n: Int, _ one: String, _ many: String) -> String? { n == 0 ? nil : "\(n) \(n == 1 ? one : many)" }
        var parts = ["its declaration"]
        if let changes = count(changes, "unit, floor or goal change", "unit, floor or goal changes") { parts.append(changes) }
        if let archives = count(archives, "archive line", "archive lines") { parts.append(archives) }
        if let pauses = count(pauses, "pause", "pauses") { parts.append(pauses) }
        if entries > 0, let first = firstEntry, let last = lastEntry {
            let days = entryDays == 1 ? "on 1 day (\(first))" : "over \(entryDays) days (\(first) to \(last))"
            parts.append("\(entries) \(entries == 1 ? "entry" : "entries") \(days)")
        } else {
            parts.append("no entries")
        }
        let list = parts.count == 1 ? parts[0] : parts.dropLast().joined(separator: ", ") + " and " + parts.last!
        var text = "This deletes \(isGroup ? "the group " : "")\(name): \(list)."
        if unlinkedTasks > 0 {
            text += " \(unlinkedTasks == 1 ? "1 task linked to it keeps its line and logs" : "\(unlinkedTasks) tasks linked to it keep their lines and log") to General."
        }
        return text
    }
}
