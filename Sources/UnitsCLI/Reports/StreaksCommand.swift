import UnitsKit

/// `units streaks`: the only view with streaks.
public enum StreaksCommand: Command {
    public static let name = "streaks"
    public static let summary = "Current and longest streaks of check habits, and the good-day streak (only here, on request)."
    public static let usage = "streaks [options] [QUERY...]"
    public static let options = ReportOptions.all(csv: true)
    public static let discussion = ReportOptions.queryHelp

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let context = try ReportOptions.context(arguments, io: io, tool: "units streaks", query: arguments.positionals)
        let report = StreaksReport(context)
        return ReportOptions.stream(arguments, io: io, tool: "units streaks",
            text: { report.text(style: ReportOptions.style(arguments, io: io), to: $0) }, json: report.json(to:), csv: report.csv(to:))
    }
}
