import UnitsKit

/// `units entries [QUERY...]`: the register, one line per entry.
public enum EntriesCommand: Command {
    public static let name = "entries"
    public static let summary = "The register: one line per entry (date, habit, value, unit, tags, note), filtered by query and period."
    public static let usage = "entries [options] [QUERY...]"
    public static let options = ReportOptions.all(csv: true)
    public static let discussion = """
        Like hledger's register: every entry the period (--period, --from, --to,
        --season) and the query select, in date order, then a count and the
        total per habit. Examples:
          units entries tag:park --period 'this week'
          units entries Reading note:chapter --from 2025-12
          units entries --csv > entries.csv
        CSV columns: date, habit, value, unit, state, tags, note, task, file, line.
        JSON schema: Grammar/reports.md ("entries").

        """ + ReportOptions.queryHelp

    public static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        let tool = "units entries"
        // The register shows every tag and note: their lines keep their words (no second read per row).
        switch ReportOptions.context(arguments, io: io, tool: tool, query: arguments.positionals) {
        case .failure(let code): return code
        case .success(let context):
            let report = EntriesReport(context, query: arguments.positionals)
            return ReportOptions.stream(arguments, io: io, tool: tool,
                                        text: { report.text(style: ReportOptions.style(arguments, io: io), to: $0) },
                                        json: report.json(to:), csv: report.csv(to:))
        }
    }
}

/// `units nudge`: one calm reminder, for cron; exit 1 when there is none.
public enum NudgeCommand: Command {
    public static let name = "nudge"
    public static let summary = "One calm reminder for cron or a status bar (exit 1 when there is nothing worth saying)."
    public static let usage = "nudge [--only floor|daily] [options] [QUERY...]"
    public static let options = [OptionSpec("--only", value: "KIND", choices: ["floor", "daily"],
                                            help: "Only this kind: floor (the habit closest to its soft floor) or daily (nothing logged today).")]
        + ReportOptions.all(csv: false)
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

    public static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        let tool = "units nudge"
        switch ReportOptions.context(arguments, io: io, tool: tool, query: arguments.positionals) {
        case .failure(let code): return code
        case .success(let context):
            let kinds = arguments.value("--only").flatMap(NudgeReport.Kind.init(rawValue:)).map { [$0] } ?? NudgeReport.Kind.allCases
            let report = NudgeReport(context, kinds: kinds)
            io.out(arguments.flag("--json") ? report.json() : io.terminalSafe(report.text, arguments))
            return report.nudge == nil ? .failure : .ok
        }
    }
}
