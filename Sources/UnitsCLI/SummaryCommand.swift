import UnitsKit

/// `units summary`: what the journal holds (habits, entries, date range,
/// totals per habit). Until the query engine lands it is what plain
/// `units` prints.
public enum SummaryCommand: Command {
    public static let name = "summary"
    public static let summary = "Summarise the journal: habits, entries, date range and totals per habit."
    public static let usage = "summary [options]"
    public static let options: [OptionSpec] = [CommonOptions.file, CommonOptions.today, CommonOptions.json]
    public static let maximumPositionals: Int? = 0

    public static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        let journal: Journal
        switch JournalLocator.load(arguments, io: io, tool: "units") {
        case .success(let j): journal = j
        case .failure(let code): return code
        }
        let today: CivilDate
        switch JournalLocator.today(arguments, io: io, tool: "units summary", journal: journal) {
        case .success(let d): today = d
        case .failure(let code): return code
        }
        let summary = JournalSummary(journal, through: today)
        // Written in pieces of whole lines (issue 14), each made safe for the terminal.
        if arguments.flag("--json") {
            summary.json(to: io.dataOutput())
        } else {
            summary.text(to: ReportOutput { io.out(io.terminalSafe($0, arguments)) })
        }
        return .ok
    }
}
