import UnitsKit

public enum TaskDropCommand: Command {
    public static let name = "drop"
    public static let summary = "Drop a task: appends `DATE drop \"TITLE\"`; logs nothing."
    public static let usage = "drop N|TITLE|PREFIX [options]"
    public static let discussion = "The task is named as for `units task done`: number, title or prefix. Example: units task drop 1"
    public static let options: [OptionSpec] = WriteOptions.dated
    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode { try TaskClose.run(arguments, io: io, done: false) }
}
