import UnitsKit

public enum TaskPinCommand: Command {
    public static let name = "pin"
    public static let summary = "Pin a task to the day: appends `DATE pin \"TITLE\"`; pinned tasks come first in `units today`."
    public static let usage = "pin N|TITLE|PREFIX [options]"
    public static let options: [OptionSpec] = WriteOptions.dated
    public static let discussion = """
        The Units document's "Pin today's 3": up to three open tasks chosen
        for a day, listed first and marked 📌 in `units today` and on the
        served page. A pin holds for its own day only (--date pins another
        day, such as tomorrow). The task is named as for `units task done`:
        number, title or prefix. Refused when the day already has three pins
        or the task is pinned that day.

        Examples:
          units task pin "Sort out tax documents"
          units task pin 1 --date tomorrow
        """
    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode { try TaskPinning.run(arguments, io: io, pin: true) }
}
