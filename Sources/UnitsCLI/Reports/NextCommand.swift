import UnitsKit

/// `units next`: the habit of the day.
public enum NextCommand: Command {
    public static let name = "next"
    public static let summary = "The habit of the day: the one that would most benefit from a few units today."
    public static let usage = "next [options] [QUERY...]"
    public static let options = ReportOptions.all(csv: false)
    public static let discussion = """
        For each active habit with a floor above 0: deficit = max(0, floor - units this
        week), score = 2 x deficit + (3 if no units in the last 7 days). Highest score
        wins, ties to the earlier declaration; if every score is 0, the most recently
        logged habit.
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let context = try ReportOptions.context(arguments, io: io, tool: "units next", query: arguments.positionals)
        let pick = HabitOfTheDay.pick(context)
        func nextLine() -> String {
            guard let pick else { return "No habit of the day yet. Start with one unit.\n" }
            let habit = context.journal.habits[pick.habit]
            var line = ReportOptions.style(arguments, io: io).bold(habit.displayName)
            switch pick.reason {
            case .deficit:
                var why: [String] = []
                if pick.deficit > .zero { why.append("\(ReportText.count(pick.deficit, habit.unit(on: context.today).name)) to this week's floor") }
                if pick.unitsLast7Days == .zero { why.append("none in the last 7 days") }
                line += " — " + why.joined(separator: ", ")
            case .mostRecent:
                line += " — most recently logged"
            }
            return line + "\n"
        }
        return ReportOptions.stream(arguments, io: io, tool: "units next", text: { $0.write(nextLine()) }, json: { output in
            let w = JSONWriter(output: output)
            w.object {
                w.field("schema", 1)
                w.field("report", "next")
                w.field("today", context.today.description)
                w.key("habit")
                if let pick { pick.write(to: w, journal: context.journal) } else { w.null() }
            }
            w.close()
        })
    }
}
