import UnitsKit

/// The `units` tool: a table of subcommands; no subcommand runs the default.
public enum UnitsTool {
    /// Every `units` subcommand. Add new commands here.
    public static let commands: [any Command.Type] = [
        TodayCommand.self,
        StatsCommand.self,
        HabitCommand.self,
        ReceiptCommand.self,
        InsightsCommand.self,
        NextCommand.self,
        StreaksCommand.self,
        StatusCommand.self,
        SummaryCommand.self,
        WallCommand.self,
        HeatmapCommand.self,
        HistoryCommand.self,
        LogCommand.self,
        UndoCommand.self,
        TaskCommand.self,
        TasksCommand.self,
        UnitCommand.self,
        FloorCommand.self,
        ArchiveCommand.self,
        UnarchiveCommand.self,
        RenameCommand.self,
        InitCommand.self,
        ExportCommand.self,
        ImportCommand.self,
        MergeCommand.self,
        CompletionsCommand.self,
        ManCommand.self,
        LSPCommand.self,
        PauseCommand.self,
        ResumeCommand.self,
        GroupCommand.self,
        HTMLCommand.self,
        CardCommand.self,
    ]

    /// What plain `units` (or `units --file ...`) runs.
    public static let defaultCommand: any Command.Type = TodayCommand.self

    public static func main(_ arguments: [String], io: CommandIO) -> ExitCode {
        if let first = arguments.first, !first.hasPrefix("-") {
            if let command = commands.first(where: { $0.name == first }) {
                return command.main(Array(arguments.dropFirst()), io: io, prefix: "units \(first)")
            }
            if first == "help" {
                io.out(help())
                return .ok
            }
            let hint = Suggestion.closest(to: first, in: commands.map { $0.name }).map { "; did you mean '\($0)'?" } ?? ""
            io.err("units: unknown command '\(first)'\(hint)\nTry 'units --help'.\n")
            return .usage
        }
        if arguments == ["--help"] || arguments == ["-h"] {
            io.out(help())
            return .ok
        }
        return defaultCommand.main(arguments, io: io, prefix: "units")
    }

    public static func help() -> String {
        let width = commands.map { $0.name.count }.max() ?? 0
        let list = commands.map { "  \($0.name.padded(toWidth: width))  \($0.summary)" }
        return """
            units: a plain-text habit tracker. Your habits.units file is the database.

            Usage: units [COMMAND] [options]
                   units COMMAND --help

            Commands:
            \(list.joined(separator: "\n"))

            With no command, units runs `\(defaultCommand.name)`.

            """
    }
}
