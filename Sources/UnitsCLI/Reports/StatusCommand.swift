import UnitsKit

/// `units status`: one line for a prompt.
public enum StatusCommand: Command {
    public static let name = "status"
    public static let summary = "One short line for a shell prompt or status bar: 12u · 3/5 must · Reading under pace."
    public static let usage = "status [--strip] [options] [QUERY...]"
    static let strip = Flag("--strip", help: "Add the last seven days as a strip: ● all done, ◐ some, ○ none, · nothing expected, ◌ today not yet.")
    public static let options = [strip.spec] + ReportOptions.all(csv: false)

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let context = try ReportOptions.context(arguments, io: io, tool: "units status", query: arguments.positionals)
        let report = StatusReport(context)
        let strip = arguments[strip]
        return ReportOptions.stream(arguments, io: io, tool: "units status", text: { $0.write(report.line(strip: strip) + "\n") },
            json: report.json(to:))
    }
}
