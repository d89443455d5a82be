import UnitsKit

/// `units habit NAME`: one habit or group in detail.
public enum HabitCommand: Command {
    public static let name = "habit"
    public static let summary = "One habit on one screen: badges, today, week, lifetime, averages, streak, 7- and 30-day consistency, the last 30 days, units, pace."
    public static let usage = "habit NAME [options] [QUERY...]\n       units habit add NAME [options]"
    public static let options = ReportOptions.all(csv: false) + [GlobalOptions.width.spec, PictureOptions.ascii.spec]
    /// `units habit add NAME` declares a habit (Write); any other word is a habit to report on.
    public static var subcommands: [any Command.Type] { [HabitAddCommand.self, HabitSetCommand.self, HabitDeleteCommand.self] }

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        guard let name = arguments.positionals.first else {
            throw UsageError("expected a habit name, as in `units habit Reading`")
        }
        let query = Array(arguments.positionals.dropFirst())
        let context = try ReportOptions.context(arguments, io: io, tool: "units habit", query: query.filter { $0.contains(":") })
        guard let id = context.journal.habitID(named: name) else {
            let names = context.journal.habits.map(\.name)
            let hint = Suggestion.closest(to: name, in: names).map { "; did you mean '\($0)'?" }
                ?? Suggestion.closestCommand(to: name, in: subcommands.map { $0.name }).map { "; did you mean `units habit \($0)`?" } ?? ""
            io.err("units habit: no habit or group named '\(name)'\(hint)\n")
            return .failure
        }
        // One habit is shown: a second name would only narrow it to nothing.
        if let other = query.first(where: { !$0.contains(":") }) {
            throw UsageError("shows one habit; '\(other)' is not a query term here: run `units habit \(other)` for that one, or narrow with tag:, note:, value:, date:")
        }
        let width = PictureOptions.width(arguments, io: io)
        let screen = HabitScreen(context, habit: id)
        let style = TerminalStyle(color: io.useColor(arguments[GlobalOptions.color]), ascii: arguments[PictureOptions.ascii])
        return ReportOptions.stream(arguments, io: io, tool: "units habit",
            text: { screen.text(style: style, width: width, to: $0) }, json: screen.json(to:))
    }
}
