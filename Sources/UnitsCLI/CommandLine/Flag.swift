import UnitsKit

/// A flag a command declares once: `arguments[force]` reads it.
public struct Flag: Sendable {
    public let spec: OptionSpec

    public init(_ name: String, short: Character? = nil, help: String) {
        spec = OptionSpec(name, short: short, help: help)
    }
}
