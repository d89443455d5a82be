import UnitsKit

/// `units next`: the habit of the day.
public enum NextCommand: Command {
    public static let name = "next"
    public static let summary = "The habit of the day: the one that would most benefit from a few units today."
    public static let usage = "next [options] [QUERY...]"
    public static let options = ReportOptions.all(csv: false)
    public static let discussion = """
        For each active habit with a floor above 0: deficit = max(0, floor - units this
        week), score = 2 x deficit + (3 if no units in the last 7 days). Highest score
        wins, ties to the earlier declaration; if every score is 0, the most recently
        logged habit.
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let context = try ReportOptions.context(arguments, io: io, tool: "units next", query: arguments.positionals)
        let pick = HabitOfTheDay.pick(context)
        let (journal, today, style) = (context.journal, context.today, ReportOptions.style(arguments, io: io))
        return ReportOptions.stream(arguments, io: io, tool: "units next", text: {
            HabitOfTheDay.text(pick, journal: journal, today: today, style: style, to: $0)
        }, json: { HabitOfTheDay.json(pick, journal: journal, today: today, to: $0) })
    }
}
