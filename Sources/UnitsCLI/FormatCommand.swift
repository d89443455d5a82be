import UnitsKit

/// `units-fmt`: placeholder until the formatter lands (issue 3).
public enum FormatCommand: Command {
    public static let name = "units-fmt"
    public static let summary = "Rewrite habits.units journals in canonical layout."
    public static let usage = "[options] [FILE...]"
    public static let options: [OptionSpec] = []

    public static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        io.err("units-fmt: the formatter is not built yet\n")
        return .usage
    }
}
