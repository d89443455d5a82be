import UnitsKit

/// `units stats`: this week, rolling averages, lifetime, per habit.
public enum StatsCommand: Command {
    public static let name = "stats"
    public static let summary = "This week, rolling 7/30/90-day averages, lifetime units and active habits, per habit and in total."
    public static let usage = "stats [options] [QUERY...]"
    public static let options = ReportOptions.all(csv: true)
    public static let discussion = ReportOptions.queryHelp

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let context = try ReportOptions.context(arguments, io: io, tool: "units stats", query: arguments.positionals)
        let report = StatsReport(context)
        return ReportOptions.stream(arguments, io: io, tool: "units stats",
            text: { report.text(style: ReportOptions.style(arguments, io: io), to: $0) }, json: report.json(to:), csv: report.csv(to:))
    }
}
