import UnitsKit

/// `units-lint FILE...`: parse and check journals, print every finding.
public enum LintCommand: Command {
    public static let name = "units-lint"
    public static let summary = "Check habits.units journals and report every problem with file:line:col."
    public static let usage = "[options] [FILE...]   (no FILE or - reads standard input)"
    public static let options: [OptionSpec] = [
        CommonOptions.color,
    ]
    public static let discussion = """
        Exit status: 0 when there is no error, 1 when there is any, 2 on a usage error.
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        let paths = arguments.positionals.isEmpty ? ["-"] : arguments.positionals
        var renderer = DiagnosticRenderer(useColor: io.useColor(arguments.value("--color")))
        var failed = false
        for path in paths {
            let journal: Journal
            if path == "-" {
                journal = Journal(tree: Parser.parse(SourceFile(path: "<stdin>", bytes: io.readStandardInput())))
            } else {
                journal = Journal.load(path: path)
            }
            let diagnostics = journal.diagnostics.sortedByPosition()
            if diagnostics.hasErrors { failed = true }
            io.out(renderer.render(diagnostics))
        }
        return failed ? .failure : .ok
    }
}
