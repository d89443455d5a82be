import UnitsKit

/// `units habits`: the habit list.
public enum HabitsCommand: Command {
    public static let name = "habits"
    public static let summary = "The habit list: titles, descriptions, priority, frequency, groups with their members, archived habits apart."
    public static let usage = "habits [options]"
    public static let options: [OptionSpec] = [CommonOptions.file, CommonOptions.today, CommonOptions.json, CommonOptions.color]
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

    public static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        let context: ReportContext
        switch ReportOptions.context(arguments, io: io, tool: "units habits", query: []) {
        case .success(let c): context = c
        case .failure(let code): return code
        }
        let list = HabitsList(journal: context.journal, today: context.today)
        return ReportOptions.emit(arguments, io: io, tool: "units habits",
            text: { io.terminalSafe(list.text(style: ReportOptions.style(arguments, io: io)), arguments) }, json: list.json)
    }
}
