import UnitsKit

/// `units heatmap [HABIT]`: a GitHub-style year grid.
public enum HeatmapCommand: Command {
    public static let name = "heatmap"
    public static let summary = "Draw a GitHub-style grid of the last 52 weeks."
    public static let usage = "heatmap [HABIT] [options]"
    public static let options = PictureOptions.all
    public static let discussion = """
        Count habits shade by quartile of units per day; check habits show YES
        bright, KINDA dull, NO empty. Without a habit: the day score (the mean
        of 1 / 0.5 / 0 over the day's check habits), or units for count journals.
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let c = try PictureOptions.context(arguments, io: io, defaultDays: 364)
        let habit = try PictureOptions.habit(arguments, in: c.journal, io: io)
        let map = Heatmap(journal: c.journal, habit: habit, days: c.range, today: c.today)
        return ReportOptions.stream(arguments, io: io, tool: "units heatmap",
                                    text: { map.render(width: c.width, style: c.style, to: $0) }, json: map.json(to:))
    }
}
