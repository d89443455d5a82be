import UnitsKit

/// `units tasks`: the tasks open today, oldest first (open tasks roll over).
public enum TasksCommand: Command {
    public static let name = "tasks"
    public static let summary = "List the open tasks (rolled over from the day they were opened)."
    public static let usage = "tasks [options]"
    public static let options: [OptionSpec] = [GlobalOptions.file.spec, GlobalOptions.today.spec, GlobalOptions.json.spec]
    public static let discussion = """
        Numbered for `units task done N`, `units task drop N` and `units task pin N`;
        a task pinned to today is marked 📌.
        JSON (--json): {"today": "YYYY-MM-DD", "tasks": [{"number", "title", "units",
        "habit" (null for General), "tags": [..], "opened": "YYYY-MM-DD",
        "days_open", "pinned"}]}, oldest first.
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let tool = "units tasks"
        guard arguments.positionals.isEmpty else { throw UsageError("tasks takes no arguments") }
        let dates = try CommandDates.read(arguments, io: io, tool: tool)
        let journal = try JournalLocator.load(arguments, io: io, tool: tool)
        let report = TasksReport(journal: journal, today: dates.today(journal))
        let asJSON = arguments[GlobalOptions.json]
        let output = asJSON ? io.dataOutput() : ReportOutput { io.out($0) }
        if asJSON { report.json(to: output) } else { report.text(to: output) }
        output.finish()
        return .ok
    }
}
