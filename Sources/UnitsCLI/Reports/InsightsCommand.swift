import UnitsKit

/// `units insights`: consistency over a window.
public enum InsightsCommand: Command {
    public static let name = "insights"
    public static let summary = "Consistency over the last 30 days (or --period): overall, per habit, by weekday."
    public static let usage = "insights [options] [QUERY...]"
    public static let options = ReportOptions.all(csv: true)
    public static let discussion = "Examples: units insights --period 'last 7 days'; units insights -p 2025-11.\n\n" + ReportOptions.queryHelp

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let context = try ReportOptions.context(arguments, io: io, tool: "units insights", query: arguments.positionals)
        let report = InsightsReport(context)
        return ReportOptions.stream(arguments, io: io, tool: "units insights",
            text: { report.text(today: context.today, style: ReportOptions.style(arguments, io: io), to: $0) },
            json: { report.json(today: context.today, to: $0) }, csv: report.csv(to:))
    }
}
