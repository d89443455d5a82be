import UnitsKit

/// `units task add "Finish outline" [N] [HABIT] [#tag...]`, the words in the
/// order of the journal line; `--units N` and `--habit HABIT` say the same.
public enum TaskAddCommand: Command {
    public static let name = "add"
    public static let summary = "Open a task: appends `DATE task \"TITLE\" [N] [HABIT] [#tags]`."
    public static let usage = "add TITLE [N] [HABIT] [#tag...] [options]"
    static let units = Option<String>("--units", value: "N", help: "What the task is worth, 1 to 5 units (default 1); 0 makes it a reminder that logs nothing.")
    static let habit = Option<String>("--habit", value: "HABIT", help: "The count habit its units go to when done (default General).")
    static let pin = Flag("--pin", help: "Pin it to its day as it opens (a day holds 3 pins): one write, one `units undo`.")
    public static let options: [OptionSpec] = WriteOptions.dated + [units.spec, habit.spec, pin.spec]
    public static let discussion = """
        An open task rolls over from day to day until `units task done` (which
        logs its units) or `units task drop`. Refused: an empty title, a title
        already open, a habit that is unknown, a group or a check habit. With
        `--pin` the task's line and its `pin` line for the same day are one
        write, refused whole when the day holds its 3 pins.
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let tool = "units task add"
        var words = arguments.positionals
        guard !words.isEmpty else { throw UsageError("what task? e.g. `units task add \"Finish outline\"`") }
        let title = words.removeFirst()
        if TextLine.trimmed(title).isEmpty { throw UsageError("a task needs a title") }
        if let problem = WriteValidation.textProblem(title, what: "a task title") { throw UsageError(problem) }
        // The words after the title follow the journal line: [N] [HABIT] [#tags].
        var unitsText = arguments[units]
        var habitName = arguments[habit]
        let habitGivenAsWord = habitName == nil
        if let word = words.first, !word.hasPrefix("#"), word.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) {
            if unitsText != nil { throw UsageError("'\(word)' and --units both say what the task is worth; give one") }
            unitsText = words.removeFirst()
        }
        if let word = words.first, !word.hasPrefix("#") {
            if habitName != nil { throw UsageError("'\(word)' and --habit both name the habit; give one") }
            habitName = words.removeFirst()
        }
        var tags: [String] = []
        for word in words {
            guard word.hasPrefix("#") else {
                throw UsageError("unexpected '\(word)': after the title come [N] [HABIT] [#tags]; quote a title with spaces, e.g. \"Finish outline\"")
            }
            tags.append(try LogCommand.tag(word))
        }
        var estimate = 1
        if let text = unitsText {
            guard let n = Int(text), (0...5).contains(n) else {
                throw UsageError("what a task is worth is a whole number from 0 (a reminder that logs nothing) to 5, got '\(text)'")
            }
            estimate = n
        }
        let pinned = arguments[pin]
        var pinWords = ""
        return try WriteFrontend(arguments, io: io, tool: tool).append(decide: { (journal, dates) throws(WriteRefusal) in
            let date = try dates.lineDate(journal)
            if let open = journal.tasks.last(where: { $0.title == title && $0.isOpen }) {
                throw WriteRefusal("task \"\(title)\" is already open (since \(open.opened)); finish or drop it first, or pick another title")
            }
            if let habitName {
                let habit: Habit
                do throws(WriteRefusal) { habit = try WriteSupport.habit(habitName, in: journal) } catch {
                    // `units task add Finish book`: an unquoted title, most likely.
                    guard habitGivenAsWord else { throw error }
                    throw WriteRefusal(error.message + "; for a title of several words, quote it: \"\(title) \(habitName)\"")
                }
                if habit.kind == .check { throw WriteRefusal("'\(habitName)' is a check habit; a task's units go to a count habit") }
            }
            let line = CanonicalLine.task(date: date, title: title, estimate: estimate, habit: habitName, tags: tags)
            guard pinned else { return JournalChange(lines: [line], summary: "Opened task \"\(title)\"") }
            let (pinLine, count) = try TaskPinning.pinLine(title, on: date, in: journal)
            pinWords = " • " + TaskPinning.left(count, on: date)
            return JournalChange(lines: [line, pinLine], summary: "Opened and pinned task \"\(title)\"")
        }, done: { _ in
            estimate == 0 ? "Opened reminder \"\(title)\" • logs nothing when done\(pinWords) • \(WriteSupport.undoHint)"
                : "Opened task \"\(title)\" • \(WriteSupport.units(Amount(estimate))) → \(habitName ?? Journal.generalHabitName) when done\(pinWords) • \(WriteSupport.undoHint)"
        })
    }
}
