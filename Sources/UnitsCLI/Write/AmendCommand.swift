import UnitsKit

/// `units amend [VALUE] [#tag...] [--note TEXT | --no-note] [--no-tags]`:
/// corrects the last entry line of the journal, like `git commit --amend`.
public enum AmendCommand: Command {
    public static let name = "amend"
    public static let summary = "Correct the last entry: its value, note or tags (like git commit --amend); undoable."
    public static let usage = "amend [VALUE] [#tag...] [--note TEXT | --no-note] [--no-tags] [options]"
    static let note = Option<String>("--note", value: "TEXT", help: "The entry's new note.")
    static let noNote = Flag("--no-note", help: "Remove the entry's note.")
    static let noTags = Flag("--no-tags", help: "Remove the entry's tags.")
    public static let options: [OptionSpec] = WriteOptions.undated + [note.spec, noNote.spec, noTags.spec]
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

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let tool = "units amend"
        let (value, typedTags) = try LogCommand.valueAndTags(
            arguments.positionals, second: "one value", expected: "expected a number, yes, kinda, no, skip or #tag")
        var tags = typedTags.isEmpty ? nil : typedTags
        let note = arguments[Self.note]
        if let note, let problem = WriteValidation.textProblem(note, what: "a note") { throw UsageError(problem) }
        let removeNote = arguments[noNote]
        if note != nil, removeNote { throw UsageError("--note and --no-note together: which one?") }
        if tags != nil, arguments[noTags] { throw UsageError("#tags and --no-tags together: which one?") }
        if arguments[noTags] { tags = [] }
        guard value != nil || tags != nil || note != nil || removeNote else {
            throw UsageError("what to change? give a value, #tags, --note TEXT, --no-note or --no-tags, e.g. `units amend 5`")
        }
        let undoDirectory = WriteSupport.undoDirectory(io)
        var said = ""
        return try WriteFrontend(arguments, io: io, tool: tool).append(decide: { (journal, dates) throws(WriteRefusal) in
            let tree = journal.files[0]
            // The entry the newest write by units added (a backfill too),
            // else the last entry line of the file.
            guard let index = LastWrite.entryLine(in: tree, undoDirectory: undoDirectory) ?? tree.lines.lastIndex(where: { $0.kind == .entry }),
                  let entry = journal.entries.last(where: { $0.source.file == 0 && Int($0.source.line) == index }) else {
                throw WriteRefusal("the journal has no entry line to amend; `units log HABIT` writes one")
            }
            let habit = journal.habits[Int(entry.habit)]
            let newValue = try value.map { v throws(WriteRefusal) in try LogCommand.check(v, for: habit, on: entry.date, force: true) } ?? entry.value
            try LogCommand.checkDayTotal(newValue, habit: habit, on: entry.date, today: entry.date, in: journal,
                                         replacing: entry)
            let line = CanonicalLine.entry(date: entry.date, habit: habit.name, value: newValue, tags: tags ?? journal.tags(of: entry),
                                           note: removeNote ? nil : (note ?? journal.note(of: entry)))
            let before = JournalLines.text(of: index, in: tree)
            said = "`\(TextLine.trimmed(before))` → `\(line)`"
            return JournalChange(lines: [line], summary: "Amended \(habit.name) on \(entry.date)", placement: .replace(index..<(index + 1)))
        }, done: { _ in
            "Amended the last entry: \(said) • \(WriteSupport.undoHint)"
        })
    }
}
