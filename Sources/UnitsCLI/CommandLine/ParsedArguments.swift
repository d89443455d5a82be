/// Arguments after parsing: option values by long name, flags, positionals.
/// Commands read them through their typed declarations (`arguments[note]`,
/// `arguments[force]`), never by spelling a name.
public struct ParsedArguments: Sendable {
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    public var positionals: [String] = []

    public init() {}

    public subscript(_ flag: Flag) -> Bool { flags.contains(flag.spec.name) }

    /// The option's value (the last one given), read as its type.
    public subscript<Value>(_ option: Option<Value>) -> Value? {
        get { values[option.spec.name]?.last.flatMap(option.convert) }
    }

    /// Every value of a repeatable option, in order.
    public func all<Value>(_ option: Option<Value>) -> [Value] {
        (values[option.spec.name] ?? []).compactMap(option.convert)
    }

    /// The one word a command takes (`units pause Gym`); otherwise a usage
    /// error saying `wanted`, after the first extra word when there is one.
    public func onlyWord(_ wanted: String) throws(UsageError) -> String {
        guard positionals.count == 1 else {
            throw UsageError((positionals.dropFirst().first.map { "unexpected '\($0)': " } ?? "") + wanted)
        }
        return positionals[0]
    }

    /// Gives `option` the value `text`, as if it had been typed.
    mutating func set(_ option: Option<String>, to text: String) {
        values[option.spec.name] = [text]
    }

    /// Whether the flag called `name` was given (`--help`, `--version`: the
    /// parser's own).
    func has(_ name: String) -> Bool { flags.contains(name) }
}
