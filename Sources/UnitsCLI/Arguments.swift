import UnitsKit

/// A command-line option or flag, as declared by a command. The same table
/// parses arguments, prints `--help` and (later) generates completions.
public struct OptionSpec: Sendable {
    /// Long name with dashes: `--file`.
    public var name: String
    /// Optional one-letter form: `-f`.
    public var short: Character?
    /// Name of the value in help (`FILE`); `nil` for a flag.
    public var valueName: String?
    public var help: String
    /// Whether the option may be given more than once (values accumulate).
    public var repeatable: Bool

    public init(_ name: String, short: Character? = nil, value: String? = nil, repeatable: Bool = false, help: String) {
        self.name = name
        self.short = short
        self.valueName = value
        self.help = help
        self.repeatable = repeatable
    }

    public var isFlag: Bool { valueName == nil }
}

/// A usage error: exit code 2 and a message that says what was expected.
public struct UsageError: Error, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// Arguments after parsing: option values by long name, flags, positionals.
public struct ParsedArguments: Sendable {
    public var values: [String: [String]] = [:]
    public var flags: Set<String> = []
    public var positionals: [String] = []

    public init() {}

    public func value(_ name: String) -> String? { values[name]?.last }
    public func all(_ name: String) -> [String] { values[name] ?? [] }
    public func flag(_ name: String) -> Bool { flags.contains(name) }
}

/// Parses `--name value`, `--name=value`, `-n value`, grouped short flags
/// (`-qv`), `--` (everything after is positional) and `-` (stdin, positional).
public struct ArgumentParser: Sendable {
    public var options: [OptionSpec]

    public init(_ options: [OptionSpec]) {
        self.options = options + [OptionSpec("--help", short: "h", help: "Show this help.")]
    }

    public func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var result = ParsedArguments()
        var i = 0
        func take(_ spec: OptionSpec, inline: String?) throws(UsageError) {
            if spec.isFlag {
                if inline != nil { throw UsageError("option \(spec.name) takes no value") }
                result.flags.insert(spec.name)
                return
            }
            let value: String
            if let inline { value = inline } else {
                i += 1
                guard i < arguments.count else { throw UsageError("option \(spec.name) needs a value (\(spec.valueName!))") }
                value = arguments[i]
            }
            if !spec.repeatable, result.values[spec.name] != nil {
                throw UsageError("option \(spec.name) is given more than once")
            }
            result.values[spec.name, default: []].append(value)
        }
        while i < arguments.count {
            let argument = arguments[i]
            if argument == "--" {
                result.positionals.append(contentsOf: arguments[(i + 1)...])
                break
            }
            if argument.hasPrefix("--") {
                let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = String(parts[0])
                guard let spec = options.first(where: { $0.name == name }) else {
                    throw UsageError(unknownOption(name))
                }
                try take(spec, inline: parts.count == 2 ? String(parts[1]) : nil)
            } else if argument.hasPrefix("-"), argument.count > 1, !argument.dropFirst().allSatisfy({ $0.isNumber || $0 == "." }) {
                // -abc: flags, the last may take a value (-f path).
                let letters = Array(argument.dropFirst())
                for (k, letter) in letters.enumerated() {
                    guard let spec = options.first(where: { $0.short == letter }) else {
                        throw UsageError(unknownOption("-\(letter)"))
                    }
                    if !spec.isFlag {
                        let rest = String(letters[(k + 1)...])
                        try take(spec, inline: rest.isEmpty ? nil : rest)
                        break
                    }
                    try take(spec, inline: nil)
                }
            } else {
                result.positionals.append(argument)
            }
            i += 1
        }
        return result
    }

    private func unknownOption(_ name: String) -> String {
        let names = options.map(\.name)
        if let guess = Suggestion.closest(to: name, in: names) {
            return "unknown option '\(name)'; did you mean '\(guess)'?"
        }
        return "unknown option '\(name)'"
    }

    /// The options section of `--help`, aligned.
    public func helpLines() -> String {
        let rows = options.map { spec -> (String, String) in
            var left = spec.short.map { "-\($0), " } ?? "    "
            left += spec.name
            if let value = spec.valueName { left += " \(value)" }
            return (left, spec.help)
        }
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { "  \($0.0.padded(toWidth: width))  \($0.1)" }.joined(separator: "\n")
    }
}
