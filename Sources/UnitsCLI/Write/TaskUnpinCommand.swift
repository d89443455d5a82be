import UnitsKit

public enum TaskUnpinCommand: Command {
    public static let name = "unpin"
    public static let summary = "Take a task off the day's pins: appends `DATE unpin \"TITLE\"`."
    public static let usage = "unpin N|TITLE|PREFIX [options]"
    public static let discussion = "The task is named as for `units task done`: number, title or prefix. Refused when it is not pinned that day. Example: units task unpin 1"
    public static let options: [OptionSpec] = WriteOptions.dated
    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode { try TaskPinning.run(arguments, io: io, pin: false) }
}
