import UnitsKit

/// `units amend [VALUE] [#tag...] [--note TEXT | --no-note] [--no-tags]`:
/// corrects the last entry line of the journal, like `git commit --amend`.
public enum AmendCommand: Command {
    public static let name = "amend"
    public static let summary = "Correct the last entry: its value, note or tags (like git commit --amend); undoable."
    public static let usage = "amend [VALUE] [#tag...] [--note TEXT | --no-note] [--no-tags] [options]"
    public static let options: [OptionSpec] = [
        CommonOptions.file, CommonOptions.today,
        OptionSpec("--note", value: "TEXT", help: "The entry's new note."),
        OptionSpec("--no-note", help: "Remove the entry's note."),
        OptionSpec("--no-tags", help: "Remove the entry's tags."),
    ]
    public static let discussion = """
        The last entry is the one the newest write by units added or changed
        (`units log`, a backfill in the middle of the file too), found from
        the undo stack while the file is as the newest write left it, past
        writes that added no entry (`units-fmt` moving lines, a declaration);
        without a record, or after a hand edit, the last entry line of the
        file. The message shows the line before and
        after. VALUE replaces
        the value (a number, or yes/kinda/no/skip for a check habit); #tags
        replace the tags; --note replaces the note. What is not given stays.
        The line is rewritten in place: one write, `units undo` restores it.
        Refused: nothing to change, a value the habit cannot take, a
        correction that takes the day below zero, a new lint finding.

        Examples:
          units log Reading 3; units amend 5
          units amend --note "on the train" #commute
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        let tool = "units amend"
        var value: EntryValue?
        var tags: [String]?
        for word in arguments.positionals {
            if word.hasPrefix("#") {
                let tag = String(word.dropFirst())
                if let problem = WriteValidation.tagProblem(tag) { return WriteSupport.usage(problem, io: io, tool: tool) }
                tags = (tags ?? []) + [tag]
                continue
            }
            guard value == nil else { return WriteSupport.usage("one value; '\(word)' is a second one", io: io, tool: tool) }
            if let state = CheckState(rawValue: word) {
                value = .state(state)
            } else if let amount = WriteValidation.number(word) {
                value = .units(amount)
            } else {
                return WriteSupport.usage("expected a number, yes, kinda, no, skip or #tag; got '\(word)'", io: io, tool: tool)
            }
        }
        let note = arguments.value("--note")
        if let note, let problem = WriteValidation.textProblem(note, what: "a note") { return WriteSupport.usage(problem, io: io, tool: tool) }
        if note != nil, arguments.flag("--no-note") { return WriteSupport.usage("--note and --no-note together: which one?", io: io, tool: tool) }
        if tags != nil, arguments.flag("--no-tags") { return WriteSupport.usage("#tags and --no-tags together: which one?", io: io, tool: tool) }
        if arguments.flag("--no-tags") { tags = [] }
        guard value != nil || tags != nil || note != nil || arguments.flag("--no-note") else {
            return WriteSupport.usage("what to change? give a value, #tags, --note TEXT, --no-note or --no-tags, e.g. `units amend 5`", io: io, tool: tool)
        }
        let removeNote = arguments.flag("--no-note")
        let undoDirectory = WriteSupport.undoDirectory(io)
        var said = ""
        return WriteSupport.append(arguments, io: io, tool: tool, decide: { (journal, dates) throws(WriteRefusal) in
            let tree = journal.files[0]
            // The entry the newest write by units added (a backfill too),
            // else the last entry line of the file.
            guard let index = LastWrite.entryLine(in: tree, undoDirectory: undoDirectory) ?? tree.lines.lastIndex(where: { $0.kind == .entry }),
                  let entry = journal.entries.last(where: { $0.source.file == 0 && Int($0.source.line) == index }) else {
                throw WriteRefusal("the journal has no entry line to amend; `units log HABIT` writes one")
            }
            let habit = journal.habits[Int(entry.habit)]
            let newValue = try value.map { v throws(WriteRefusal) in try LogCommand.check(v, for: habit, on: entry.date, force: true) } ?? entry.value
            if habit.kind == .count, case .units(let amount) = newValue {
                var total = Amount.zero
                for e in journal.entries where e.habit == entry.habit && e.date == entry.date && e != entry { total = total + e.units }
                if (total + amount).isNegative {
                    throw WriteRefusal("\(habit.name) has \(total) on \(entry.date) without this entry; \(amount) would make it \(total + amount)")
                }
            }
            let line = CanonicalLine.entry(date: entry.date, habit: habit.name, value: newValue, tags: tags ?? journal.tags(of: entry),
                                           note: removeNote ? nil : (note ?? journal.note(of: entry)))
            let before = JournalLines.text(of: index, in: tree)
            said = "`\(TextLine.trimmed(before))` → `\(line)`"
            return AppendChange(lines: [line], summary: "Amended \(habit.name) on \(entry.date)", placement: .replace(index..<(index + 1)))
        }, done: { _ in
            "Amended the last entry: \(said) • \(WriteSupport.undoHint)"
        })
    }
}
