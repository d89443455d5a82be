import UnitsKit

/// A command-line option or flag as the table shows it: the one
/// description that parses arguments, prints `--help` and generates
/// completions and man pages. Commands declare options as typed values
/// (`Flag`, `Option`), whose `spec` this is.
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

/// A flag a command declares once: `arguments[force]` reads it.
public struct Flag: Sendable {
    public let spec: OptionSpec

    public init(_ name: String, short: Character? = nil, help: String) {
        spec = OptionSpec(name, short: short, help: help)
    }
}

/// An option with a value, declared once with its type: `arguments[note]`
/// reads it as `Value`. A value the type cannot take is refused while the
/// arguments are parsed (exit 2 naming the option), so reading never fails.
public struct Option<Value: Sendable>: Sendable {
    public let spec: OptionSpec
    let convert: @Sendable (String) -> Value?

    init(spec: OptionSpec, convert: @escaping @Sendable (String) -> Value?) {
        self.spec = spec
        self.convert = convert
    }
}

extension Option where Value == String {
    /// Text, as given (a closed list with `choices`).
    public init(_ name: String, short: Character? = nil, value: String, repeatable: Bool = false,
                choices: [String]? = nil, help: String) {
        self.init(spec: OptionSpec(name, short: short, value: value, repeatable: repeatable, choices: choices, help: help),
                  convert: { $0 })
    }
}

extension Option where Value == Int {
    /// A whole number in `range`; anything else is refused with
    /// "NAME expects EXPECTED from LOW to HIGH, got 'TEXT'".
    public init(_ name: String, short: Character? = nil, value: String, range: ClosedRange<Int>,
                expects expected: String, help: String) {
        let read: @Sendable (String) -> Int? = { text in
            guard text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let n = Int(text), range.contains(n) else { return nil }
            return n
        }
        self.init(spec: OptionSpec(name, short: short, value: value, help: help, problem: { text in
            read(text) == nil ? "\(name) expects \(expected) from \(range.lowerBound) to \(range.upperBound), got '\(text)'" : nil
        }), convert: read)
    }
}

extension Option where Value == Amount {
    /// An exact number above 0 and at most `maximum`.
    public init(_ name: String, value: String, maximum: Amount, expects expected: String, help: String) {
        let read: @Sendable (String) -> Amount? = { text in
            guard let n = Amount(text), n > .zero, n <= maximum else { return nil }
            return n
        }
        self.init(spec: OptionSpec(name, value: value, help: help, problem: { text in
            read(text) == nil ? "\(name) expects \(expected) above 0 and at most \(maximum), got '\(text)'" : nil
        }), convert: read)
    }
}
