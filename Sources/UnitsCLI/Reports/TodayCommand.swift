import UnitsKit

/// `units today` (what plain `units` runs): the day so far.
public enum TodayCommand: Command {
    public static let name = "today"
    public static let summary = "Today: units so far, each habit's today/week/lifetime, check-ins, open tasks, the habit of the day."
    public static let usage = "[today] [--streak] [options] [QUERY...]"
    static let streak = Flag("--streak", help: "Add the good-day streak (days on which every due must-do was done). Off by default: no streak shame.")
    public static let options = ReportOptions.all(csv: true) + [GlobalOptions.width.spec, PictureOptions.ascii.spec, streak.spec]
    public static let discussion = ReportOptions.queryHelp

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let width = PictureOptions.width(arguments, io: io)
        let context = try ReportOptions.context(arguments, io: io, tool: "units today", query: arguments.positionals)
        let report = TodayReport(context)
        let pictureStyle = TerminalStyle(color: io.useColor(arguments[GlobalOptions.color]), ascii: arguments[PictureOptions.ascii])
        // The pile is for effort journals (a check-in journal has no units to
        // stack) and counts what "Total Units" counts: the query and the period apply.
        let pile = report.countsUnits ? Pile(grid: report.grid, day: context.today) : nil
        // Streaks stay out of the day view unless asked for (the Units and minimal documents' rule).
        let streak = arguments[Self.streak] ? StreaksReport(context) : nil
        return ReportOptions.stream(arguments, io: io, tool: "units today", fit: { FitWidth.lines($0, width: width, ascii: arguments[PictureOptions.ascii]) },
            text: { output in
                report.text(style: ReportOptions.style(arguments, io: io), pile: pile.map { pile in { pile.render(width: width, style: pictureStyle, header: false, to: $0) } },
                            streak: streak, width: width, to: output)
            },
            json: report.json(to:), csv: report.csv(to:))
    }
}
