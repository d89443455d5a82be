import UnitsKit

public enum TaskDoneCommand: Command {
    public static let name = "done"
    public static let summary = "Finish a task: appends `DATE done \"TITLE\"`, logging its units."
    public static let usage = "done N|TITLE|PREFIX [options]"
    public static let options: [OptionSpec] = WriteOptions.dated
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
    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode { try TaskClose.run(arguments, io: io, done: true) }
}
