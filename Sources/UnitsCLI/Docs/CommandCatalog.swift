import UnitsKit

/// What the shell completions and man pages are generated from: the same
/// command tables and option lists that parse arguments and print `--help`,
/// so the three can never disagree.
public enum CommandCatalog {
    /// The three executables: `units` (with subcommands) and the two tools.
    public static let toolNames = ["units", "units-fmt", "units-lint"]

    /// The stand-alone tools, by executable name.
    public static var tools: [(name: String, command: any Command.Type)] { [
        ("units-fmt", FormatCommand.self),
        ("units-lint", LintCommand.self),
    ] }

    /// What a positional argument or option value completes to.
    public enum Completion: Equatable {
        case none, files, habits
        case words([String])
    }

    /// Completion for an option's value, from its value name.
    public static func completion(forValue valueName: String?) -> Completion {
        switch valueName {
        case nil: .none
        case "FILE"?: .files
        case "HABIT"?: .habits
        case "WHEN"?: .words(["auto", "always", "never"])
        case "FORMAT"?: .words(ImportFormat.allCases.map(\.rawValue))
        case "SHELL"?: .words(CompletionsCommand.shells)
        default: .none
        }
    }

    /// Completion for a command's positional arguments, read from its usage
    /// line: a `HABIT` completes habit names from the journal, a `FILE`
    /// file names, `SHELL` and `PAGE` their fixed words.
    public static func positional(_ command: any Command.Type) -> Completion {
        // The placeholders are the usage line's upper-case words (`FILE|DIR`
        // is FILE and DIR), compared whole: `FOLDER` does not contain `OLD`.
        let words = Set(command.usage.split(whereSeparator: { !($0.isUppercase && $0.isASCII) }).map(String.init))
        if words.contains("HABIT") { return .habits }
        // An existing habit or group by NAME (archive, pause, rename OLD, the
        // habit report); `habit add NAME` and `group add NAME` name new ones.
        if (words.contains("NAME") || words.contains("OLD")) && command.name != "add" { return .habits }
        if words.contains("SHELL") { return .words(CompletionsCommand.shells) }
        if words.contains("PAGE") { return .words(ManCommand.pages) }
        if words.contains("FILE") { return .files }
        return .none
    }
}
