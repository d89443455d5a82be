import UnitsKit

/// `units resume NAME`: ends the pause in force today, so NAME is expected
/// again from today: the pause line's last day becomes yesterday (or the
/// line goes, when the pause began today).
public enum ResumeCommand: Command {
    public static let name = "resume"
    public static let summary = "End a habit's or group's pause today: its pause line now ends yesterday (or is removed if it began today)."
    public static let usage = "resume NAME [options]"
    public static let options: [OptionSpec] = WriteOptions.undated
    public static let discussion = """
        The format has no resume line (a pause has its last day), so resume
        shortens the pause that covers today: `2025-12-10 pause Gym 2025-12-31`
        becomes `2025-12-10 pause Gym 2025-12-13` when resumed on the 14th; a
        pause that starts today is removed. One atomic, undoable rewrite.
        Refused when nothing pauses NAME today (a pause planned ahead is named).
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let tool = "units resume"
        let habitName = try arguments.onlyWord("expected one habit or group name, e.g. `units resume Gym`")
        var changed: [String] = []
        return try WriteFrontend(arguments, io: io, tool: tool).edit(decide: { (journal, dates) throws(WriteRefusal) in
            let habit = try WriteSupport.habit(habitName, in: journal, allowGroup: true)
            let today = dates.today(journal)
            var edits: [LineEdit] = []
            var ahead: [String] = []
            for (fileIndex, tree) in journal.files.enumerated() {
                for (index, line) in tree.lines.enumerated() where line.kind == .pause {
                    guard let pause = PauseLine(tree, line), pause.name == habit.name else { continue }
                    if pause.first > today { ahead.append("\(pause.first) to \(pause.last)"); continue }
                    guard pause.last >= today else { continue }
                    if fileIndex != 0 {
                        throw WriteRefusal("the pause \(pause.first) to \(pause.last) is in \(tree.file.path); edit it there")
                    }
                    if pause.first == today {
                        edits.append(LineEdit(range: index..<(index + 1), lines: []))
                        changed.append("removed the pause \(pause.first) to \(pause.last), which began today")
                    } else {
                        let yesterday = today.adding(days: -1)
                        edits.append(LineEdit(range: index..<(index + 1), lines: [pause.text(until: yesterday)]))
                        changed.append("the pause \(pause.first) to \(pause.last) now ends \(yesterday)")
                    }
                }
            }
            if edits.isEmpty {
                let next = ahead.isEmpty ? "" : "; it has a pause ahead (\(ahead.joined(separator: ", ")))"
                throw WriteRefusal("'\(habitName)' is not paused on \(today)\(next)")
            }
            return EditChange(edits: edits, summary: "Resumed \(habit.name) on \(today)")
        }, done: { _ in
            "Resumed \(habitName): expected again from today; \(changed.joined(separator: "; ")) • \(WriteSupport.undoHint)"
        })
    }
}
