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

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let tool = "units entries"
        let context = try ReportOptions.context(arguments, io: io, tool: tool, query: arguments.positionals)
        let report = EntriesReport(context, query: arguments.positionals)
        return ReportOptions.stream(arguments, io: io, tool: tool,
                                    text: { report.text(style: ReportOptions.style(arguments, io: io), to: $0) },
                                    json: report.json(to:), csv: report.csv(to:))
    }
}
