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
    /// The most words the command takes after its options, when it says so
    /// here (more is a usage error naming the first extra word); `nil` when
    /// `run` checks its words itself.
    static var maximumPositionals: Int? { get }
    static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode
}

extension Command {
    public static var discussion: String { "" }
    public static var subcommands: [any Command.Type] { [] }
    public static var maximumPositionals: Int? { nil }

    /// The usage line without the command's own name, which `prefix`
    /// already ends with (`units log` + `HABIT [VALUE]`).
    static var usageAfterName: String {
        usage.hasPrefix(name + " ") ? String(usage.dropFirst(name.count + 1)) : (usage == name ? "" : usage)
    }

    /// Full `--help` text for the command, as `prefix NAME`.
    /// `global`: the options every command of the tool takes besides its own
    /// (`CommonOptions.global` for `units`), listed after them.
    public static func help(prefix: String, global: [OptionSpec] = []) -> String {
        var text = "\(summary)\n\nUsage: \(prefix) \(usageAfterName)\n\nOptions:\n\(ArgumentParser(options).helpLines())\n"
        let others = CommonOptions.notDeclared(global, by: options)
        if !others.isEmpty {
            text += "\nGlobal options (every command takes them; ignored where they mean nothing):\n"
            text += ArgumentParser(others, addingHelp: false).helpLines() + "\n"
        }
        if !subcommands.isEmpty {
            let width = subcommands.map { $0.name.count }.max() ?? 0
            text += "\nSubcommands (\(prefix) SUBCOMMAND --help for each):\n"
            text += subcommands.map { "  \($0.name.padded(toWidth: width))  \($0.summary)\n" }.joined()
        }
        if !discussion.isEmpty { text += "\n\(discussion)\n" }
        return text
    }

    /// Parses `arguments`, handles `--help`, `--version` and usage errors,
    /// runs. A subcommand is found behind options (`units task -f F add X`):
    /// the options before it go to the subcommand. `global`: options the
    /// command takes besides its own, read the same way and left to the
    /// command to use or ignore (`units --no-color undo`), as git and
    /// hledger take theirs.
    public static func main(_ arguments: [String], io: CommandIO, prefix: String, global: [OptionSpec] = []) -> ExitCode {
        let accepted = options + CommonOptions.notDeclared(global, by: options)
        if !subcommands.isEmpty {
            let scanner = ArgumentParser(accepted + subcommands.flatMap { $0.options })
            if let split = try? scanner.splitAtFirstWord(arguments), let word = split.word {
                if let sub = subcommands.first(where: { $0.name == word }) {
                    return sub.main(split.leading + split.rest, io: io, prefix: "\(prefix) \(word)", global: global)
                }
                if options.isEmpty {
                    // A command that is only a group of subcommands (`units task`).
                    let names = subcommands.map { $0.name }
                    let hint = Suggestion.closestCommand(to: word, in: names).map { "; did you mean '\($0)'?" } ?? ""
                    return usageError("unknown subcommand '\(word)'\(hint) (expected \(ArgumentParser.list(names)))", io: io, prefix: prefix)
                }
            }
        }
        let parsed: ParsedArguments
        do {
            parsed = try ArgumentParser(accepted).parse(arguments)
        } catch {
            return usageError(error.message, io: io, prefix: prefix)
        }
        if parsed.flag("--help") {
            io.out(help(prefix: prefix, global: global))
            return .ok
        }
        if parsed.flag("--version") {
            io.out(UnitsVersion.line(tool: prefix.split(separator: " ").first.map(String.init) ?? prefix))
            return .ok
        }
        if let maximum = maximumPositionals, parsed.positionals.count > maximum {
            let extra = parsed.positionals[maximum]
            let what = maximum == 0 ? "takes no arguments" : "takes at most \(maximum) argument\(maximum == 1 ? "" : "s")"
            return usageError("unexpected argument '\(extra)': \(prefix) \(what)", io: io, prefix: prefix)
        }
        return run(parsed, io: io)
    }

    /// Prints a usage error with the way to help, and returns exit 2.
    public static func usageError(_ message: String, io: CommandIO, prefix: String) -> ExitCode {
        io.err("\(prefix): \(message)\nTry '\(prefix) --help'.\n")
        return .usage
    }
}

/// Options most `units` commands share.
public enum CommonOptions {
    public static let file = OptionSpec("--file", short: "f", value: "FILE",
        help: "The journal (default: $UNITS_FILE, ./habits.units, ~/habits.units; - for stdin).")
    public static let today = OptionSpec("--today", value: "DATE",
        help: "Pretend today is DATE (2025-12-14, yesterday, -3, mon): reproducible output.")
    public static let json = OptionSpec("--json", help: "Print JSON (schema in Grammar/reports.md).")
    public static let color = OptionSpec("--color", value: "WHEN", choices: ["auto", "always", "never"],
        help: "Colour: auto (default: on a terminal, never with NO_COLOR), always or never.")
    public static let noColor = OptionSpec("--no-color", help: "No colour (the same as --color never).")
    public static let width = OptionSpec("--width", value: "N", help: "Draw for N columns (default: the terminal's width, or 80).")

    /// The options every `units` command takes, before or after its word,
    /// whether or not it uses them: so `alias u='units --no-color -f F'`
    /// works with every command. (`--no-color` comes with `--color`.) Not
    /// `--json`: a command without JSON output refuses it rather than
    /// printing text where a script expects JSON.
    public static let global: [OptionSpec] = [file, today, color, width]

    /// The options of `global` that `declared` does not already hold (a
    /// command that uses one declares it among its own, with its own help).
    static func notDeclared(_ global: [OptionSpec], by declared: [OptionSpec]) -> [OptionSpec] {
        global.filter { option in !declared.contains { $0.name == option.name } }
    }
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

    /// The files `units-fmt` and `units-lint` work on: the FILE arguments;
    /// else `--file`; else standard input when it carries data (a pipe or
    /// a redirected file: `cat j | units-fmt`, an editor's filter); else the
    /// journal `units` would use ($UNITS_FILE, ./habits.units,
    /// ~/habits.units). With none of these it is a usage error (exit 2),
    /// never a silent wait on the terminal.
    public static func inputPaths(_ arguments: ParsedArguments, io: CommandIO, tool: String) -> Result<[String], ExitCode> {
        if !arguments.positionals.isEmpty {
            if let file = arguments.value("--file") {
                io.err("\(tool): both --file \(file) and FILE arguments given; use one\nTry '\(tool) --help'.\n")
                return .failure(.usage)
            }
            return .success(arguments.positionals)
        }
        if let file = arguments.value("--file") { return .success([file]) }
        if io.inputIsData { return .success(["-"]) }
        if let found = path(arguments, io: io) { return .success([found]) }
        io.err("\(tool): no FILE given and no journal found ($UNITS_FILE, ./habits.units, ~/habits.units); pass FILE, or - to read standard input\nTry '\(tool) --help'.\n")
        return .failure(.usage)
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
        } else if let absence = FileReader.journalAbsence(path) {
            io.err("\(tool): \(absence)\n")
            return .failure(.failure)
        } else {
            journal = Journal.load(path: path, memo: io.journalMemo)
        }
        if path != "-" { noticeCopies(of: journal.files.map(\.file.path), io: io) }
        let errors = journal.diagnostics.filter { $0.severity == .error }
        if !errors.isEmpty {
            var renderer = io.diagnosticRenderer()
            io.err(renderer.render(errors.sortedByPosition()))
            io.err("\(tool): \(errors.count) error\(errors.count == 1 ? "" : "s") in the journal; fix \(errors.count == 1 ? "it" : "them") (see `units-lint`) and try again\n")
            return .failure(.failure)
        }
        // A base for a later conflict copy's merge (`SeenVersions`).
        if path != "-" { SeenVersions(journal: path, undoDirectory: WriteSupport.undoDirectory(io)).remember(path) }
        return .success(journal)
    }

    /// Says once, on standard error, that a sync service left conflict
    /// copies beside the journal or its includes (one listing per folder);
    /// the command goes on with the journal.
    static func noticeCopies(of files: [String], io: CommandIO) {
        guard !io.saidOnce.said.contains("copies") else { return }
        if let notice = ConflictCopies.notice(ConflictCopies.find(for: files)) {
            io.saidOnce.said.insert("copies")
            io.err("units: \(notice)\n")
        }
    }

    /// Today: `--today` (any day form: 2025-12-14, yesterday, -3, mon),
    /// else the clock's journal day, shifted by the journal's `option
    /// day-start` when there is a journal (see `CommandDates`).
    public static func today(_ arguments: ParsedArguments, io: CommandIO, tool: String, journal: Journal? = nil) -> Result<CivilDate, ExitCode> {
        switch CommandDates.read(arguments, io: io, tool: tool) {
        case .failure(let code): return .failure(code)
        case .success(let dates):
            guard let journal else { return .success(dates.today(dayStartMinutes: 0)) }
            return .success(dates.today(journal))
        }
    }
}
