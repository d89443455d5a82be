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
    /// Runs the command. A usage error is thrown (`UsageError`, exit 2);
    /// a failure already reported on standard error is thrown as its exit code.
    static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode
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
    /// (`GlobalOptions.all` for `units`), listed after them.
    public static func help(prefix: String, global: [OptionSpec] = []) -> String {
        var text = "\(summary)\n\nUsage: \(prefix) \(usageAfterName)\n\nOptions:\n\(OptionParser(options).helpLines())\n"
        let others = GlobalOptions.notDeclared(global, by: options)
        if !others.isEmpty {
            text += "\nGlobal options (every command takes them; ignored where they mean nothing):\n"
            text += OptionParser(others, addingHelp: false).helpLines() + "\n"
        }
        if !subcommands.isEmpty {
            let width = subcommands.map { $0.name.count }.max() ?? 0
            text += "\nSubcommands (\(prefix) SUBCOMMAND --help for each):\n"
            text += subcommands.map { "  \($0.name.padded(toWidth: width))  \($0.summary)\n" }.joined()
        }
        if !discussion.isEmpty { text += "\n\(discussion)\n" }
        return text
    }

    /// Parses, handles `--help`, `--version` and usage errors, runs. A
    /// subcommand may stand behind options (`units task -f F add X`); `global`
    /// options are read too and left to the command to use or ignore.
    public static func main(_ arguments: [String], io: CommandIO, prefix: String, global: [OptionSpec] = []) -> ExitCode {
        let accepted = options + GlobalOptions.notDeclared(global, by: options)
        if !subcommands.isEmpty {
            let scanner = OptionParser(accepted + subcommands.flatMap { $0.options })
            if let split = try? scanner.splitAtFirstWord(arguments), let word = split.word {
                if let sub = subcommands.first(where: { $0.name == word }) {
                    return sub.main(split.leading + split.rest, io: io, prefix: "\(prefix) \(word)", global: global)
                }
                if options.isEmpty {
                    // A command that is only a group of subcommands (`units task`).
                    let names = subcommands.map { $0.name }
                    let hint = Suggestion.closestCommand(to: word, in: names).map { "; did you mean '\($0)'?" } ?? ""
                    return usageError("unknown subcommand '\(word)'\(hint) (expected \(OptionParser.list(names)))", io: io, prefix: prefix)
                }
            }
        }
        let parsed: ParsedArguments
        do {
            parsed = try OptionParser(accepted).parse(arguments)
        } catch {
            return usageError(error.message, io: io, prefix: prefix)
        }
        if parsed.has("--help") {
            io.out(help(prefix: prefix, global: global))
            return .ok
        }
        if parsed.has("--version") {
            io.out(UnitsVersion.line(tool: prefix.split(separator: " ").first.map(String.init) ?? prefix))
            return .ok
        }
        if let maximum = maximumPositionals, parsed.positionals.count > maximum {
            let extra = parsed.positionals[maximum]
            let what = maximum == 0 ? "takes no arguments" : "takes at most \(maximum) argument\(maximum == 1 ? "" : "s")"
            return usageError("unexpected argument '\(extra)': \(prefix) \(what)", io: io, prefix: prefix)
        }
        do {
            return try run(parsed, io: io)
        } catch let error as UsageError {
            return usageError(error.message, io: io, prefix: prefix)
        } catch let code as ExitCode {
            return code
        } catch {
            io.err("\(prefix): \(error)\n")
            return .failure
        }
    }

    /// Prints a usage error with the way to help, and returns exit 2.
    public static func usageError(_ message: String, io: CommandIO, prefix: String) -> ExitCode {
        io.err("\(prefix): \(message)\nTry '\(prefix) --help'.\n")
        return .usage
    }
}
