import UnitsKit

/// The options every `units` command takes, whether or not it uses them (as
/// git's and hledger's), so `alias u='units --no-color -f F'` works with all;
/// a command that uses one declares it among its own.
public enum GlobalOptions {
    public static let file = Option<String>("--file", short: "f", value: "FILE",
        help: "The journal (default: $UNITS_FILE, ./habits.units, ~/habits.units; - for stdin).")
    public static let today = Option<String>("--today", value: "DATE",
        help: "Pretend today is DATE (2025-12-14, yesterday, -3, mon): reproducible output.")
    public static let color = Option<String>("--color", value: "WHEN", choices: ["auto", "always", "never"],
        help: "Colour: auto (default: on a terminal, never with NO_COLOR), always or never.")
    /// `--color never` by another name: the parser reads it as that.
    public static let noColor = Flag("--no-color", help: "No colour (the same as --color never).")
    public static let width = Option<Int>("--width", value: "N", range: 20...1000, expects: "a number of columns",
        help: "Draw for N columns (default: the terminal's width, or 80).")
    /// Not global: a command without JSON output refuses it rather than
    /// printing text where a script expects JSON. Reports and writes take it.
    public static let json = Flag("--json", help: "Print JSON (schema in Grammar/reports.md; for a write, docs/commands.md).")

    /// What `--help` lists under "Global options" (`--no-color` comes with `--color`).
    public static let all: [OptionSpec] = [file.spec, today.spec, color.spec, width.spec]

    /// The options of `global` that `declared` does not already hold.
    static func notDeclared(_ global: [OptionSpec], by declared: [OptionSpec]) -> [OptionSpec] {
        global.filter { option in !declared.contains { $0.name == option.name } }
    }
}
