import UnitsKit

/// `units html`: the journal as one self-contained HTML page.
public enum HTMLCommand: Command {
    public static let name = "html"
    public static let summary = "Write one self-contained HTML page: today's pile, walls, the year, history, insights, receipt."
    public static let usage = "html [--out FILE] [options] [QUERY...]"
    public static let options = [PageOutput.out.spec] + ReportOptions.all(csv: false).filter { $0.name != "--json" && $0.name != "--color" }
    public static let discussion = """
        One file with inline CSS and SVG: no script, no server, no network
        request, readable in any browser, printable, and kept next to the
        journal if you like (`units html -o habits.html`). Light and dark
        follow the system; print drops the navigation. Every picture has a
        text equivalent (titles, and a table under "Data"). The figures are
        those of `units today`, `habit`, `heatmap`, `history`, `insights` and
        `receipt`. The page holds no clock reading: with `--today` the same
        journal gives the same bytes.

        \(ReportOptions.queryHelp)
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let tool = "units html"
        let context = try ReportOptions.context(arguments, io: io, tool: tool, query: arguments.positionals)
        let name = JournalLocator.path(arguments, io: io).map { FileReader.fileName(of: $0) } ?? "habits.units"
        return PageOutput.write(arguments, io: io, tool: tool, journal: context.journal, HTMLPage(context, journalName: name).render(to:))
    }
}
