import UnitsKit

/// `units receipt`: last week in one sentence.
public enum ReceiptCommand: Command {
    public static let name = "receipt"
    public static let summary = "Last week's receipt: units, average per day, change against the week before."
    public static let usage = "receipt [options] [QUERY...]"
    public static let options = ReportOptions.all(csv: false)
    public static let discussion = ReportOptions.queryHelp

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let context = try ReportOptions.context(arguments, io: io, tool: "units receipt", query: arguments.positionals)
        let report = ReceiptReport(context)
        return ReportOptions.stream(arguments, io: io, tool: "units receipt",
            text: { report.text(style: ReportOptions.style(arguments, io: io), to: $0) }, json: report.json(to:))
    }
}
