import UnitsKit

/// `units summary`: what the journal holds (habits, entries, date range,
/// totals per habit).
public enum SummaryCommand: Command {
    public static let name = "summary"
    public static let summary = "Summarise the journal: habits, entries, date range and totals per habit."
    public static let usage = "summary [options]"
    public static let options: [OptionSpec] = [GlobalOptions.file.spec, GlobalOptions.today.spec, GlobalOptions.json.spec]
    public static let maximumPositionals: Int? = 0

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let journal = try JournalLocator.load(arguments, io: io, tool: "units")
        let today = try JournalLocator.today(arguments, io: io, tool: "units summary", journal: journal)
        let summary = JournalSummary(journal, through: today)
        return ReportOptions.stream(arguments, io: io, tool: "units summary", text: summary.text(to:), json: summary.json(to:))
    }
}
