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
        let today = dates.today(journal)
        let open = TaskPick.numbered(journal, today: today)
        if arguments[GlobalOptions.json] {
            let json = JSONWriter()
            json.object {
                json.field("today", "\(today)")
                json.key("tasks")
                json.array {
                    for (index, task) in open.enumerated() {
                        json.object {
                            json.field("number", index + 1)
                            json.field("title", task.title)
                            json.field("units", task.estimate)
                            json.field("habit", task.habitName)
                            json.key("tags")
                            json.array { for tag in task.tags { json.value(tag) } }
                            json.field("opened", "\(task.opened)")
                            json.field("days_open", task.opened.days(to: today))
                            json.field("pinned", task.isPinned(on: today))
                        }
                    }
                }
            }
            io.outData(json.finish())
            return .ok
        }
        guard !open.isEmpty else {
            io.out("No open tasks. `units task add \"TITLE\"` opens one.\n")
            return .ok
        }
        let rows = open.enumerated().map { index, task -> [String] in
            let days = task.opened.days(to: today)
            let age = days == 0 ? "today" : days == 1 ? "1 day" : "\(days) days"
            // Journal text is escaped before the columns are measured.
            let mark = task.isPinned(on: today) ? TodayReport.pinMark + " " : ""
            return ["\(index + 1).", mark + "\"\(TerminalText.escaped(task.title))\"", task.estimate == 0 ? "reminder" : WriteSupport.units(Amount(task.estimate)),
                    task.estimate == 0 ? "" : "→ " + TerminalText.escaped(task.habitName ?? Journal.generalHabitName),
                    "since \(task.opened) (\(age))", TerminalText.escaped(task.tags.map { "#\($0)" }.joined(separator: " "))]
        }
        io.out("Open tasks (\(open.count)); `units task done N` finishes one:\n")
        for line in ReportText.table(rows) { io.out(line + "\n") }
        return .ok
    }
}
