import UnitsKit

/// `units task add|done|drop|pin|unpin`: tasks are events, so each appends a line.
public enum TaskCommand: Command {
    public static let name = "task"
    public static let summary = "Add, finish, drop or pin a task (`units task add|done|drop|pin|unpin`)."
    public static let usage = "task add|done|drop|pin|unpin TITLE [options]"
    public static let options: [OptionSpec] = []
    public static var subcommands: [any Command.Type] { [TaskAddCommand.self, TaskDoneCommand.self, TaskDropCommand.self, TaskPinCommand.self, TaskUnpinCommand.self] }

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let got = arguments.positionals.first.map { " '\($0)'" } ?? ""
        throw UsageError("expected add, done, drop, pin or unpin after `units task`\(got)")
    }
}
