import UnitsKit

/// `units completions SHELL`: print a completion script.
public enum CompletionsCommand: Command {
    public static let shells = ["bash", "zsh", "fish"]
    public static let name = "completions"
    public static let summary = "Print shell completions for bash, zsh or fish."
    public static let usage = "completions SHELL [TOOL]"
    static let habits = Flag("--habits", help: "Print the journal's habit names, one a line (the scripts call this).")
    static let installedName = Option<String>("--name", value: "NAME",
                                              help: "The name units is installed under (make install NAME=...): the script completes that command.")
    public static let options: [OptionSpec] = [GlobalOptions.file.spec, habits.spec, installedName.spec]
    public static let discussion = """
        Install, for example:
          units completions bash > ~/.local/share/bash-completion/completions/units
          units completions zsh > ~/.zfunc/_units
          units completions fish units > ~/.config/fish/completions/units.fish
          units completions fish units-fmt > ~/.config/fish/completions/units-fmt.fish
          units completions fish units-lint > ~/.config/fish/completions/units-lint.fish
        `make install` installs all three.
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        if arguments[habits] {
            // Completion must stay quiet: no journal, no names, no error.
            guard let path = JournalLocator.path(arguments, io: io), path != "-" else { return .ok }
            let journal = Journal.load(path: path)
            for habit in journal.habits where !habit.isGroup { io.outData(habit.name + "\n") }
            return .ok
        }
        // fish autoloads one file per command: `units completions fish units-fmt`.
        if arguments.positionals.count == 2, arguments.positionals[0] == "fish",
           CommandCatalog.toolNames.contains(arguments.positionals[1]) {
            let tool = arguments.positionals[1]
            let script = CompletionScript.fish(tools: [tool])
            io.out(tool == "units" ? CompletionScript.renamed(script, to: arguments[installedName] ?? "units") : script)
            return .ok
        }
        guard arguments.positionals.count == 1, let script = CompletionScript.script(for: arguments.positionals[0]) else {
            throw UsageError("expected one shell: \(shells.joined(separator: ", ")) (and for fish, optionally one of \(CommandCatalog.toolNames.joined(separator: ", ")))")
        }
        io.out(CompletionScript.renamed(script, to: arguments[installedName] ?? "units"))
        return .ok
    }
}
