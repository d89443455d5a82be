import UnitsKit

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
