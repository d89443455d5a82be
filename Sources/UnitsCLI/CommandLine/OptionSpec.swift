import UnitsKit

/// An option or flag as the table shows it: the one description that parses
/// arguments, prints `--help` and makes completions and man pages; the
/// `spec` of a typed `Flag` or `Option`.
public struct OptionSpec: Sendable {
    /// Long name with dashes: `--file`.
    public var name: String
    /// Optional one-letter form: `-f`.
    public var short: Character?
    /// Name of the value in help (`FILE`); `nil` for a flag.
    public var valueName: String?
    public var help: String
    /// Whether the option may be given more than once (values accumulate);
    /// otherwise the last one given wins.
    public var repeatable: Bool
    /// The values the option accepts, when it is a closed list
    /// (`--color always|never|auto`); also what completions offer.
    public var choices: [String]?
    /// What is wrong with a value, when the option's type cannot take it
    /// (`--width x`): the parser refuses it as a usage error.
    public var problem: (@Sendable (String) -> String?)?

    public init(_ name: String, short: Character? = nil, value: String? = nil, repeatable: Bool = false,
                choices: [String]? = nil, help: String, problem: (@Sendable (String) -> String?)? = nil) {
        self.name = name
        self.short = short
        self.valueName = value
        self.help = help
        self.repeatable = repeatable
        self.choices = choices
        self.problem = problem
    }

    public var isFlag: Bool { valueName == nil }
}
