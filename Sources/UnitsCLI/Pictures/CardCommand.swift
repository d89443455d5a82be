import UnitsKit

/// `units card HABIT`: a share card as SVG.
public enum CardCommand: Command {
    public static let name = "card"
    public static let summary = "Write a habit's share card as SVG: lifetime units and this year's average (a check habit: days it showed up), the last four weeks."
    public static let usage = "card HABIT [--svg] [--out FILE] [options]"
    static let svg = Flag("--svg", help: "SVG output (the only format; PNG is left to your converter).")
    public static let options = [PageOutput.out.spec, svg.spec, GlobalOptions.file.spec, GlobalOptions.today.spec]
    public static let discussion = """
        A 600×315 SVG card ("8,214 Reading units", "Avg 17 units/day in 2025") for
        sharing, usable without the HTML page. Convert it to PNG with any SVG
        tool (rsvg-convert, Inkscape, a browser).
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let tool = "units card"
        guard arguments.positionals.count == 1 else {
            throw UsageError(arguments.positionals.isEmpty ? "expected a habit name, as in `units card Reading`"
                : "unexpected argument '\(arguments.positionals[1])'; a card is for one habit")
        }
        let context = try ReportOptions.context(arguments, io: io, tool: tool, query: [])
        let name = arguments.positionals[0]
        guard let habit = context.journal.habit(named: name), !habit.isGroup else {
            let names = context.journal.habits.filter { !$0.isGroup }.map(\.name)
            let hint = Suggestion.closest(to: name, in: names).map { "; did you mean '\($0)'?" } ?? ""
            let what = context.journal.habit(named: name) == nil ? "no habit named '\(name)'" : "'\(name)' is a group (a card is for one habit)"
            io.err("\(tool): \(what)\(hint)\n")
            return .usage
        }
        let card = ShareCard(context, habit: habit)
        return PageOutput.write(arguments, io: io, tool: tool, journal: context.journal, habit.kind == .check ? card.daysSVG(to:) : card.svg(to:))
    }
}
