import UnitsKit

/// `units nudge`: one calm reminder, for cron; exit 1 when there is none.
public enum NudgeCommand: Command {
    public static let name = "nudge"
    public static let summary = "One calm reminder for cron or a status bar (exit 1 when there is nothing worth saying)."
    public static let usage = "nudge [--only floor|daily] [options] [QUERY...]"
    static let only = Option<String>("--only", value: "KIND", choices: ["floor", "daily"],
                                     help: "Only this kind: floor (the habit closest to its soft floor) or daily (nothing logged today).")
    public static let options = [only.spec] + ReportOptions.all(csv: false)
    public static let discussion = """
        Prints at most one line:
          You’re 3 pages from your Reading soft floor.   (a count habit under this week's pace)
          Drop 1 unit into today’s pile?                  (nothing logged today)
        and exits 0; with nothing worth saying it prints nothing and exits 1. So in
        a crontab:
          0 18 * * *  units nudge && notify-send Units "$(units nudge)"
          0 9 * * 6   units nudge --only floor && notify-send Units "$(units nudge --only floor)"
        JSON schema: Grammar/reports.md ("nudge"); its exit status is the same.
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let tool = "units nudge"
        let context = try ReportOptions.context(arguments, io: io, tool: tool, query: arguments.positionals)
        let kinds = arguments[only].flatMap(NudgeReport.Kind.init(rawValue:)).map { [$0] } ?? NudgeReport.Kind.allCases
        let report = NudgeReport(context, kinds: kinds)
        let code = ReportOptions.stream(arguments, io: io, tool: tool, text: { $0.write(report.text) }, json: report.json(to:))
        return code == .ok && report.nudge == nil ? .failure : code
    }
}
