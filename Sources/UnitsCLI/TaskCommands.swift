import UnitsKit

/// `units task add|done|drop`: tasks are events, so each appends a line.
public enum TaskCommand: Command {
    public static let name = "task"
    public static let summary = "Add, finish or drop a task (`units task add|done|drop`)."
    public static let usage = "task add|done|drop TITLE [options]"
    public static let options: [OptionSpec] = []
    public static var subcommands: [any Command.Type] { [TaskAddCommand.self, TaskDoneCommand.self, TaskDropCommand.self] }

    public static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        let got = arguments.positionals.first.map { " '\($0)'" } ?? ""
        return WriteSupport.usage("expected add, done or drop after `units task`\(got)", io: io, tool: "units task")
    }
}

/// `units task add "Finish outline" [N] [HABIT] [#tag...]`, the words in the
/// order of the journal line; `--units N` and `--habit HABIT` say the same.
public enum TaskAddCommand: Command {
    public static let name = "add"
    public static let summary = "Open a task: appends `DATE task \"TITLE\" [N] [HABIT] [#tags]`."
    public static let usage = "add TITLE [N] [HABIT] [#tag...] [options]"
    public static let options: [OptionSpec] = WriteSupport.options + [
        OptionSpec("--units", value: "N", help: "What the task is worth, 1 to 5 units (default 1); 0 makes it a reminder that logs nothing."),
        OptionSpec("--habit", value: "HABIT", help: "The count habit its units go to when done (default General)."),
    ]
    public static let discussion = """
        An open task rolls over from day to day until `units task done` (which
        logs its units) or `units task drop`. Refused: an empty title, a title
        already open, a habit that is unknown, a group or a check habit.
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        let tool = "units task add"
        var words = arguments.positionals
        guard !words.isEmpty else { return WriteSupport.usage("what task? e.g. `units task add \"Finish outline\"`", io: io, tool: tool) }
        let title = words.removeFirst()
        if title.trimmingSpacesForTitle().isEmpty { return WriteSupport.usage("a task needs a title", io: io, tool: tool) }
        if let problem = WriteValidation.textProblem(title, what: "a task title") { return WriteSupport.usage(problem, io: io, tool: tool) }
        // The words after the title follow the journal line: [N] [HABIT] [#tags].
        var unitsText = arguments.value("--units")
        var habitName = arguments.value("--habit")
        let habitGivenAsWord = habitName == nil
        if let word = words.first, !word.hasPrefix("#"), word.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) {
            if unitsText != nil { return WriteSupport.usage("'\(word)' and --units both say what the task is worth; give one", io: io, tool: tool) }
            unitsText = words.removeFirst()
        }
        if let word = words.first, !word.hasPrefix("#") {
            if habitName != nil { return WriteSupport.usage("'\(word)' and --habit both name the habit; give one", io: io, tool: tool) }
            habitName = words.removeFirst()
        }
        var tags: [String] = []
        for word in words {
            guard word.hasPrefix("#") else {
                return WriteSupport.usage("unexpected '\(word)': after the title come [N] [HABIT] [#tags]; quote a title with spaces, e.g. \"Finish outline\"", io: io, tool: tool)
            }
            let tag = String(word.dropFirst())
            if let problem = WriteValidation.tagProblem(tag) { return WriteSupport.usage(problem, io: io, tool: tool) }
            tags.append(tag)
        }
        var estimate = 1
        if let text = unitsText {
            guard let n = Int(text), (0...5).contains(n) else {
                return WriteSupport.usage("what a task is worth is a whole number from 0 (a reminder that logs nothing) to 5, got '\(text)'", io: io, tool: tool)
            }
            estimate = n
        }
        return WriteSupport.append(arguments, io: io, tool: tool, decide: { (journal, dates) throws(WriteRefusal) in
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
            return JournalChange(lines: [line], summary: "Opened task \"\(title)\"")
        }, done: { _ in
            estimate == 0 ? "Opened reminder \"\(title)\" • logs nothing when done • \(WriteSupport.undoHint)"
                : "Opened task \"\(title)\" • \(WriteSupport.units(Amount(estimate))) → \(habitName ?? Journal.generalHabitName) when done • \(WriteSupport.undoHint)"
        })
    }
}

/// `units task done "TITLE"` and `units task drop "TITLE"`.
enum TaskClose {
    static func run(_ arguments: ParsedArguments, io: CommandIO, done: Bool) -> ExitCode {
        let verb = done ? "done" : "drop"
        let tool = "units task \(verb)"
        guard arguments.positionals.count == 1, let title = arguments.positionals.first else {
            return WriteSupport.usage(arguments.positionals.isEmpty ? "which task? give its number in `units tasks`, its title or the start of it"
                                                                    : "unexpected '\(arguments.positionals[1])': one task, its title quoted if it has spaces", io: io, tool: tool)
        }
        if let problem = WriteValidation.textProblem(title, what: "a task title") { return WriteSupport.usage(problem, io: io, tool: tool) }
        var landed: (units: Int, habit: String)?
        var picked = title
        return WriteSupport.append(arguments, io: io, tool: tool, decide: { (journal, dates) throws(WriteRefusal) in
            let date = try dates.lineDate(journal)
            let task = try TaskPick.task(title, in: journal, today: dates.today(journal))
            let title = task.title
            picked = title
            if date < task.opened { throw WriteRefusal("task \"\(title)\" was opened on \(task.opened), after \(date)") }
            var target = Journal.generalHabitName
            if let id = task.habit, !journal.habits[id].isGroup, !journal.habits[id].isArchived(on: date) {
                target = journal.habits[id].name
            }
            landed = (task.estimate, target)
            let line = done ? CanonicalLine.done(date: date, title: title) : CanonicalLine.drop(date: date, title: title)
            return JournalChange(lines: [line], summary: done ? "Finished task \"\(title)\"" : "Dropped task \"\(title)\"")
        }, done: { _ in
            guard done, let landed else { return "Dropped \"\(picked)\" • \(WriteSupport.undoHint)" }
            if landed.units == 0 { return "Done: \"\(picked)\" • a reminder, nothing logged • \(WriteSupport.undoHint)" }
            return "Done: \"\(picked)\" • \(WriteSupport.units(Amount(landed.units))) to \(landed.habit) • \(WriteSupport.undoHint)"
        })
    }
}

public enum TaskDoneCommand: Command {
    public static let name = "done"
    public static let summary = "Finish a task: appends `DATE done \"TITLE\"`, logging its units."
    public static let usage = "done N|TITLE|PREFIX [options]"
    public static let options: [OptionSpec] = WriteSupport.options
    public static let discussion = """
        Name the task by its number in `units tasks` (as todo.txt does), its
        title, or the start of its title when only one open task starts so.
        The task's units land in its habit, or in General when it has none or the
        habit is archived; a reminder (estimate 0) logs nothing. Refused when no
        open task matches, or when a prefix matches several.

        Examples:
          units task done 2
          units task done "Write thank-you cards"
          units task done Sort            # the open task whose title starts so
        """
    public static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode { TaskClose.run(arguments, io: io, done: true) }
}

public enum TaskDropCommand: Command {
    public static let name = "drop"
    public static let summary = "Drop a task: appends `DATE drop \"TITLE\"`; logs nothing."
    public static let usage = "drop N|TITLE|PREFIX [options]"
    public static let discussion = "The task is named as for `units task done`: number, title or prefix. Example: units task drop 1"
    public static let options: [OptionSpec] = WriteSupport.options
    public static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode { TaskClose.run(arguments, io: io, done: false) }
}

extension String {
    func trimmingSpacesForTitle() -> String {
        String(unicodeScalars.filter { $0 != " " && $0 != "\t" })
    }
}

/// Which open task `units task done|drop WORD` means: the open task titled
/// WORD; else, when WORD is a number, the task with that number in
/// `units tasks` (open today, oldest first, from 1); else the one open task
/// whose title starts with WORD (case-insensitively).
enum TaskPick {
    /// The tasks as `units tasks` numbers them.
    static func numbered(_ journal: Journal, today: CivilDate) -> [JournalTask] {
        journal.tasks.filter { $0.isOpen(on: today) }
    }

    static func task(_ word: String, in journal: Journal, today: CivilDate) throws(WriteRefusal) -> JournalTask {
        if let task = journal.tasks.last(where: { $0.title == word && $0.isOpen }) { return task }
        let listed = numbered(journal, today: today)
        if let number = Int(word), word.allSatisfy(\.isASCII) {
            guard listed.indices.contains(number - 1) else {
                let range = listed.isEmpty ? "there are no open tasks" : listed.count == 1 ? "the only open task is 1" : "the open tasks are 1 to \(listed.count)"
                throw WriteRefusal("no task \(word): \(range) (`units tasks` lists them)")
            }
            return listed[number - 1]
        }
        let open = journal.tasks.filter(\.isOpen)
        let lowered = word.lowercased()
        let starting = open.filter { $0.title.lowercased().hasPrefix(lowered) }
        if starting.count == 1 { return starting[0] }
        if starting.count > 1 {
            throw WriteRefusal("\(starting.count) open tasks start with \"\(word)\": \(starting.map { "\"\($0.title)\"" }.joined(separator: ", ")); give more of the title or its number")
        }
        let hint = Suggestion.closest(to: word, in: open.map(\.title)).map { "; did you mean \"\($0)\"?" }
            ?? (open.isEmpty ? "; there are no open tasks" : " (`units tasks` lists the open ones)")
        throw WriteRefusal("no open task \"\(word)\"\(hint)")
    }
}
