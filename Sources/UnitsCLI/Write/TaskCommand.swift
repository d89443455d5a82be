import UnitsKit

/// `units task add|done|drop`: tasks are events, so each appends a line.
public enum TaskCommand: Command {
    public static let name = "task"
    public static let summary = "Add, finish or drop a task (`units task add|done|drop`)."
    public static let usage = "task add|done|drop TITLE [options]"
    public static let options: [OptionSpec] = []
    public static var subcommands: [any Command.Type] { [TaskAddCommand.self, TaskDoneCommand.self, TaskDropCommand.self] }

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let got = arguments.positionals.first.map { " '\($0)'" } ?? ""
        throw UsageError("expected add, done or drop after `units task`\(got)")
    }
}
