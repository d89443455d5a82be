import UnitsKit

/// `units habits`: the habit list.
public enum HabitsCommand: Command {
    public static let name = "habits"
    public static let summary = "The habit list: titles, descriptions, priority, frequency, groups with their members, archived habits apart."
    public static let usage = "habits [options]"
    public static let options: [OptionSpec] = [GlobalOptions.file.spec, GlobalOptions.today.spec, GlobalOptions.json.spec, GlobalOptions.color.spec]
    public static let maximumPositionals: Int? = 0
    public static let discussion = """
        Each habit with its title, its description (the `note:`), its badges
        (must do or nice to do, how often, quit; a count habit's unit and
        floor), the members of each group under it, and the archived habits
        in a section of their own. `units habit NAME` shows one habit.

        Examples:
          units habits
          units habits --json
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let context = try ReportOptions.context(arguments, io: io, tool: "units habits", query: [])
        let list = HabitsList(journal: context.journal, today: context.today)
        return ReportOptions.stream(arguments, io: io, tool: "units habits",
            text: { list.text(style: ReportOptions.style(arguments, io: io), to: $0) }, json: list.json(to:))
    }
}
