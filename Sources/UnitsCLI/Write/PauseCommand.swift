import UnitsKit

/// `units pause NAME --until DATE [--from DATE]`: appends (in date order)
/// `FROM pause NAME UNTIL` (format.md 16).
public enum PauseCommand: Command {
    public static let name = "pause"
    public static let summary = "Pause a habit or group for some days (not expected, streaks kept): writes `FROM pause NAME UNTIL`."
    public static let usage = "pause NAME --until DATE [--from DATE] [--note TEXT] [options]"
    static let until = Option<String>("--until", value: "DATE", help: "The last paused day (inclusive); required.")
    static let from = Option<String>("--from", value: "DATE", help: "The first paused day (default: today); may be in the past or ahead.")
    static let note = Option<String>("--note", value: "TEXT", help: "Why, as the line's comment: \"long weekend away\".")
    public static let options: [OptionSpec] = WriteOptions.undated + [until.spec, from.spec, note.spec]
    public static let discussion = """
        Paused days are not expected: they never count as missed, never break a
        streak, and scale a count habit's weekly floor. Refused: an unknown
        habit, --until before --from, days already paused, and days that already
        have entries for it (a pause says you did not expect to do it; shorten it).
        `units resume NAME` ends a pause early.
        Example: units pause Gym --from 2025-12-20 --until 2026-01-02 --note holidays
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let tool = "units pause"
        let habitName = try arguments.onlyWord(
            "expected one habit or group name, e.g. `units pause Gym --until 2025-12-31`")
        guard let untilText = arguments[until] else {
            throw UsageError("--until DATE is required: the last paused day")
        }
        try CommandDates.check(untilText, option: "--until", io: io, tool: tool)
        let fromText = arguments[from]
        if let fromText { try CommandDates.check(fromText, option: "--from", io: io, tool: tool) }
        let note = arguments[Self.note]
        if let note, let problem = WriteValidation.textProblem(note, what: "a note") { throw UsageError(problem) }
        var range = DayRange(first: .minimum, last: .minimum)
        return try WriteFrontend(arguments, io: io, tool: tool).append(decide: { (journal, dates) throws(WriteRefusal) in
            let habit = try WriteSupport.habit(habitName, in: journal, allowGroup: true,
                                               builtIn: "has no schedule to pause")
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
