import UnitsKit

/// `units pause NAME --until DATE [--from DATE]`: appends (in date order)
/// `FROM pause NAME UNTIL` (format.md 16).
public enum PauseCommand: Command {
    public static let name = "pause"
    public static let summary = "Pause a habit or group for some days (not expected, streaks kept): writes `FROM pause NAME UNTIL`."
    public static let usage = "pause NAME --until DATE [--from DATE] [--note TEXT] [options]"
    public static let options: [OptionSpec] = [
        CommonOptions.file, CommonOptions.today,
        OptionSpec("--until", value: "DATE", help: "The last paused day (inclusive); required."),
        OptionSpec("--from", value: "DATE", help: "The first paused day (default: today); may be in the past or ahead."),
        OptionSpec("--note", value: "TEXT", help: "Why, as the line's comment: \"long weekend away\"."),
    ]
    public static let discussion = """
        Paused days are not expected: they never count as missed, never break a
        streak, and scale a count habit's weekly floor. Refused: an unknown
        habit, --until before --from, days already paused, and days that already
        have entries for it (a pause says you did not expect to do it; shorten it).
        `units resume NAME` ends a pause early.
        Example: units pause Gym --from 2025-12-20 --until 2026-01-02 --note holidays
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        let tool = "units pause"
        guard arguments.positionals.count == 1, let habitName = arguments.positionals.first else {
            let extra = arguments.positionals.dropFirst().first.map { "unexpected '\($0)': " } ?? ""
            return WriteSupport.usage("\(extra)expected one habit or group name, e.g. `units pause Gym --until 2025-12-31`", io: io, tool: tool)
        }
        guard let untilText = arguments.value("--until") else {
            return WriteSupport.usage("--until DATE is required: the last paused day", io: io, tool: tool)
        }
        if let failure = CommandDates.check(untilText, option: "--until", io: io, tool: tool) { return failure }
        let fromText = arguments.value("--from")
        if let fromText, let failure = CommandDates.check(fromText, option: "--from", io: io, tool: tool) { return failure }
        let note = arguments.value("--note")
        if let note, let problem = WriteValidation.textProblem(note, what: "a note") { return WriteSupport.usage(problem, io: io, tool: tool) }
        var range = DayRange(first: .minimum, last: .minimum)
        return WriteSupport.append(arguments, io: io, tool: tool, decide: { (journal, dates) throws(WriteRefusal) in
            let habit = try WriteSupport.habit(habitName, in: journal, allowGroup: true)
            if habit.isBuiltIn { throw WriteRefusal("'\(habitName)' is built in and has no schedule to pause") }
            let until = dates.day(untilText, journal) ?? dates.today(journal)
            let first = fromText.flatMap { dates.day($0, journal) } ?? dates.today(journal)
            if until < first { throw WriteRefusal("--until \(until) is before the first paused day, \(first)") }
            if first < habit.declared { throw WriteRefusal("'\(habitName)' is declared on \(habit.declared), after \(first)") }
            range = DayRange(first: first, last: until)
            let open = (0..<range.dayCount).map { first.adding(days: $0) }.filter { day in !habit.pauses.contains { $0.contains(day) } }
            if open.isEmpty {
                let covering = habit.pauses.filter { $0.contains(first) || $0.contains(until) }.map { "\($0.first) to \($0.last)" }
                throw WriteRefusal("'\(habitName)' is already paused from \(first) to \(until) (\(covering.joined(separator: ", ")))")
            }
            // A group has no entries of its own; pausing it leaves its members alone.
            if let entry = journal.entries.first(where: { Int($0.habit) == habit.id && !$0.isFromTask && range.contains($0.date) }) {
                throw WriteRefusal("'\(habitName)' has an entry on \(entry.date), inside the pause; a pause says you did not expect to do it: pause from \(entry.date.adding(days: 1)) or until \(entry.date.adding(days: -1))")
            }
            var line = "\(first) pause \(habit.name) \(until)"
            if let note = note.map(TextLine.trimmed), !note.isEmpty { line += " ; \(note)" }
            return JournalChange(lines: [line], summary: "Paused \(habit.name) from \(first) to \(until)")
        }, done: { _ in
            let days = range.dayCount == 1 ? "1 day" : "\(range.dayCount) days"
            return "Paused \(habitName) from \(range.first) to \(range.last) (\(days)): not expected, streaks kept • \(WriteSupport.undoHint)"
        })
    }
}

/// `units resume NAME`: ends the pause in force today, so NAME is expected
/// again from today: the pause line's last day becomes yesterday (or the
/// line goes, when the pause began today).
public enum ResumeCommand: Command {
    public static let name = "resume"
    public static let summary = "End a habit's or group's pause today: its pause line now ends yesterday (or is removed if it began today)."
    public static let usage = "resume NAME [options]"
    public static let options: [OptionSpec] = [CommonOptions.file, CommonOptions.today]
    public static let discussion = """
        The format has no resume line (a pause has its last day), so resume
        shortens the pause that covers today: `2025-12-10 pause Gym 2025-12-31`
        becomes `2025-12-10 pause Gym 2025-12-13` when resumed on the 14th; a
        pause that starts today is removed. One atomic, undoable rewrite.
        Refused when nothing pauses NAME today (a pause planned ahead is named).
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        let tool = "units resume"
        guard arguments.positionals.count == 1, let habitName = arguments.positionals.first else {
            let extra = arguments.positionals.dropFirst().first.map { "unexpected '\($0)': " } ?? ""
            return WriteSupport.usage("\(extra)expected one habit or group name, e.g. `units resume Gym`", io: io, tool: tool)
        }
        let dates: WriteSupport.Dates
        switch WriteSupport.dates(arguments, io: io, tool: tool) {
        case .success(let d): dates = d
        case .failure(let code): return code
        }
        let path: String
        switch WriteSupport.path(arguments, io: io, tool: tool) {
        case .success(let p): path = p
        case .failure(let code): return code
        }
        var changed: [String] = []
        let settings = WriteSupport.settings(arguments, io: io, tool: tool, dates: dates)
        let outcome = JournalWrite.perform(path: path, settings: settings, edits: { (journal) throws(WriteRefusal) in
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
        })
        switch outcome {
        case .failure(let failure):
            return WriteSupport.report(failure, io: io, tool: tool)
        case .success(let result):
            WriteSupport.said("Resumed \(habitName): expected again from today; \(changed.joined(separator: "; ")) • \(WriteSupport.undoHint)", undoWarning: result.undoWarning, io: io, tool: tool)
            return .ok
        }
    }
}
