import UnitsKit

/// `units wall [HABIT]`: the habit wall.
public enum WallCommand: Command {
    public static let name = "wall"
    public static let summary = "Draw the wall: a column a day, a block a unit (last 14 days)."
    public static let usage = "wall [HABIT] [options]"
    public static let options = PictureOptions.all
    public static let discussion = """
        Without a habit, all habits are stacked by colour. Past 50 blocks a day
        is drawn in bundles of 5 units (marked ×5); --json keeps the exact counts.
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let c = try PictureOptions.context(arguments, io: io, defaultDays: 14)
        let habit = try PictureOptions.habit(arguments, in: c.journal, io: io)
        let ids: [Int]
        if let habit { ids = habit.isGroup ? habit.members : [habit.id] } else { ids = c.journal.habits.indices.filter { !c.journal.habits[$0].isGroup } }
        let wall = Wall(journal: c.journal, habits: ids, days: c.range)
        let title = "\(habit?.displayName ?? "All habits") · \(c.range.first) to \(c.range.last)\n"
        return ReportOptions.stream(arguments, io: io, tool: "units wall", text: { output in
            io.out(FitWidth.lines(io.terminalSafe(title, arguments), width: c.width))
            wall.render(width: c.width, style: c.style, to: output)
        }, json: wall.json(to:))
    }
}
