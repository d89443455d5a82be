import UnitsKit

/// `units history`: the consistency matrix.
public enum HistoryCommand: Command {
    public static let name = "history"
    public static let summary = "Draw the consistency matrix: habits by days, most recent first."
    public static let usage = "history [options] [QUERY...]"
    public static let options: [OptionSpec] = PictureOptions.all
    public static let discussion = """
        ● done  ◐ kinda  ○ missed  · not expected (skip, pause, off-schedule)
        ◌ today, not yet logged; blank before the habit existed or while archived.
        Count habits show their units. N/week and N/month habits are judged per
        week (month): a day is missed only when its finished week fell short.
        The last rows count, per day, the check-ins done of those due.

        \(ReportOptions.queryHelp)
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let c = try PictureOptions.context(arguments, io: io, defaultDays: 30, query: arguments.positionals)
        let matrix = HistoryMatrix(journal: c.journal, today: c.today, range: c.range, selected: c.selected)
        return ReportOptions.stream(arguments, io: io, tool: "units history", text: {
            matrix.render(width: c.width, style: c.style, to: $0)
        }, json: matrix.json(to:))
    }
}
