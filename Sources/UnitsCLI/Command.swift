import UnitsKit

/// One command: its name, one-line summary, options, and what it does.
/// The table of commands prints `--help` and dispatches; commands are run
/// in-process by tests with a captured `CommandIO`.
public protocol Command: Sendable {
    /// The word after `units` (`today`, `log`); the tool's name for a tool.
    static var name: String { get }
    /// One line for the command list.
    static var summary: String { get }
    /// Usage line(s) after the command name: `[FILE...]`.
    static var usage: String { get }
    /// Longer help: what it does, examples.
    static var discussion: String { get }
    static var options: [OptionSpec] { get }
    /// Commands one word further down (`units task add`): when the first
    /// argument names one, it runs instead of this command.
    static var subcommands: [any Command.Type] { get }
    static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode
}

extension Command {
    public static var discussion: String { "" }
    public static var subcommands: [any Command.Type] { [] }

    /// Full `--help` text for the command, as `prefix NAME`.
    public static func help(prefix: String) -> String {
        var text = "\(summary)\n\nUsage: \(prefix) \(usage)\n\nOptions:\n\(ArgumentParser(options).helpLines())\n"
        if !subcommands.isEmpty {
            let width = subcommands.map { $0.name.count }.max() ?? 0
            text += "\nSubcommands (\(prefix) SUBCOMMAND --help for each):\n"
            text += subcommands.map { "  \($0.name.padded(toWidth: width))  \($0.summary)\n" }.joined()
        }
        if !discussion.isEmpty { text += "\n\(discussion)\n" }
        return text
    }

    /// Parses `arguments`, handles `--help` and usage errors, runs.
    public static func main(_ arguments: [String], io: CommandIO, prefix: String) -> ExitCode {
        if let first = arguments.first, let sub = subcommands.first(where: { $0.name == first }) {
            return sub.main(Array(arguments.dropFirst()), io: io, prefix: "\(prefix) \(first)")
        }
        let parsed: ParsedArguments
        do {
            parsed = try ArgumentParser(options).parse(arguments)
        } catch {
            io.err("\(prefix): \(error.message)\nTry '\(prefix) --help'.\n")
            return .usage
        }
        if parsed.flag("--help") {
            io.out(help(prefix: prefix))
            return .ok
        }
        return run(parsed, io: io)
    }
}

/// Options most `units` commands share.
public enum CommonOptions {
    public static let file = OptionSpec("--file", short: "f", value: "FILE",
        help: "The journal (default: $UNITS_FILE, ./habits.units, ~/habits.units; - for stdin).")
    public static let today = OptionSpec("--today", value: "YYYY-MM-DD",
        help: "Pretend today is this date (for reproducible output).")
    public static let json = OptionSpec("--json", help: "Print JSON (schema in Grammar/reports.md).")
    public static let color = OptionSpec("--color", value: "WHEN", help: "Colour: auto (default), always or never.")
}

/// Finds and loads the journal a `units` command works on.
public enum JournalLocator {
    /// `--file`, else `$UNITS_FILE`, else `./habits.units`, else `~/habits.units`.
    public static func path(_ arguments: ParsedArguments, io: CommandIO) -> String? {
        if let file = arguments.value("--file") { return file }
        if let env = io.environment["UNITS_FILE"], !env.isEmpty { return env }
        if FileReader.exists("habits.units") { return "habits.units" }
        if let home = io.environment["HOME"], FileReader.exists(home + "/habits.units") { return home + "/habits.units" }
        return nil
    }

    /// Loads the journal, or prints why not and returns the exit code.
    /// A journal with errors is refused: reports on a broken file would lie.
    public static func load(_ arguments: ParsedArguments, io: CommandIO, tool: String) -> Result<Journal, ExitCode> {
        guard let path = path(arguments, io: io) else {
            io.err("\(tool): no journal found: pass --file FILE, set UNITS_FILE, or create one with `units init`\n")
            return .failure(.failure)
        }
        let journal: Journal
        if path == "-" {
            journal = Journal(tree: Parser.parse(SourceFile(path: "<stdin>", bytes: io.readStandardInput())))
        } else {
            journal = Journal.load(path: path)
        }
        let errors = journal.diagnostics.filter { $0.severity == .error }
        if !errors.isEmpty {
            var renderer = DiagnosticRenderer(useColor: io.useColor(nil, terminal: io.errorIsTerminal))
            io.err(renderer.render(errors.sortedByPosition()))
            io.err("\(tool): \(errors.count) error\(errors.count == 1 ? "" : "s") in the journal; fix \(errors.count == 1 ? "it" : "them") (see `units-lint`) and try again\n")
            return .failure(.failure)
        }
        return .success(journal)
    }

    /// `--today`, or the system's local date.
    public static func today(_ arguments: ParsedArguments, io: CommandIO, tool: String) -> Result<CivilDate, ExitCode> {
        if let text = arguments.value("--today") {
            guard let date = CivilDate(iso: text) else {
                io.err("\(tool): --today expects a date YYYY-MM-DD, got '\(text)'\n")
                return .failure(.usage)
            }
            return .success(date)
        }
        return .success(SystemClock.today())
    }
}
