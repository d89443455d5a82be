import UnitsKit

/// Parses `--name value`, `--name=value`, `-n value`, `-nVALUE`, `-qv`, `--`
/// and `-`. As in git and hledger, an option given twice keeps the last value
/// (so aliases compose), and a value that is another option is refused.
public struct OptionParser: Sendable {
    public var options: [OptionSpec]
    /// Whether values are checked against their option's choices and type.
    var validating = true

    /// `addingHelp`: whether `--help` and `--version` join the options (not
    /// for a second list of options printed after a command's own).
    public init(_ options: [OptionSpec], addingHelp: Bool = true) {
        var all = options
        if options.contains(where: { $0.name == "--color" }) && !options.contains(where: { $0.name == "--no-color" }) {
            all.append(GlobalOptions.noColor.spec)
        }
        if addingHelp {
            all.append(OptionSpec("--help", short: "h", help: "Show this help."))
            all.append(OptionSpec("--version", help: "Print the version."))
        }
        self.options = all
    }

    /// Whether `word` is an option rather than a value: it starts with `-`
    /// and is neither `-` (stdin) nor a negative number (`-3`, `-0.5`).
    public static func looksLikeOption(_ word: String) -> Bool {
        guard word.hasPrefix("-"), word.utf8.count > 1 else { return false }
        let rest = word.utf8.dropFirst()
        return !rest.allSatisfy { ($0 >= 48 && $0 <= 57) || $0 == UInt8(ascii: ".") }
    }

    public func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
        var result = ParsedArguments()
        var i = 0
        while i < arguments.count {
            let argument = arguments[i]
            if argument == "--" {
                result.positionals.append(contentsOf: arguments[(i + 1)...])
                break
            }
            if Self.looksLikeOption(argument) {
                i = try option(at: i, in: arguments, into: &result)
            } else {
                result.positionals.append(argument)
            }
            i += 1
        }
        return result
    }

    /// Splits `arguments` at the first positional word: the options before
    /// it (with their values), the word, and everything after it. Used to
    /// find a subcommand behind options (`units -f F log ...`).
    /// Values are not checked here: the command's own declaration checks them.
    public func splitAtFirstWord(_ arguments: [String]) throws(UsageError) -> (leading: [String], word: String?, rest: [String]) {
        var scratch = ParsedArguments()
        var parser = self
        parser.validating = false
        var i = 0
        while i < arguments.count {
            let argument = arguments[i]
            if argument == "--" { return (Array(arguments[..<i]), nil, Array(arguments[i...])) }
            if Self.looksLikeOption(argument) {
                i = try parser.option(at: i, in: arguments, into: &scratch)
            } else {
                return (Array(arguments[..<i]), argument, Array(arguments[(i + 1)...]))
            }
            i += 1
        }
        return (arguments, nil, [])
    }

    /// Reads the option at `arguments[i]` (and its value) into `result`;
    /// returns the index of the last word it used.
    private func option(at start: Int, in arguments: [String], into result: inout ParsedArguments) throws(UsageError) -> Int {
        var i = start
        let argument = arguments[i]
        func take(_ spec: OptionSpec, inline: String?, spelled: String) throws(UsageError) {
            if spec.isFlag {
                if inline != nil { throw UsageError("option \(spec.name) takes no value") }
                if spec.name == "--no-color" {
                    result.values["--color"] = ["never"]
                } else {
                    result.flags.insert(spec.name)
                }
                return
            }
            let value: String
            if let inline { value = inline } else {
                guard i + 1 < arguments.count else {
                    throw UsageError("option \(spelled) needs a value (\(spec.valueName!))")
                }
                let next = arguments[i + 1]
                if Self.looksLikeOption(next) {
                    throw UsageError("option \(spelled) needs a value (\(spec.valueName!)), but the next word is the option '\(next)'; write \(spec.name)=\(next) if that is the value")
                }
                i += 1
                value = next
            }
            if validating, let choices = spec.choices, !choices.contains(value) {
                throw UsageError("option \(spec.name) expects \(Self.list(choices)), got '\(value)'")
            }
            if validating, let problem = spec.problem?(value) { throw UsageError(problem) }
            if spec.repeatable {
                result.values[spec.name, default: []].append(value)
            } else {
                result.values[spec.name] = [value]
            }
        }
        if argument.hasPrefix("--") {
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            guard let spec = options.first(where: { $0.name == name }) else {
                throw UsageError(unknownOption(name))
            }
            try take(spec, inline: parts.count == 2 ? String(parts[1]) : nil, spelled: name)
        } else {
            // -abc: flags, the last may take a value (-f path, -fpath).
            let letters = Array(argument.dropFirst())
            for (k, letter) in letters.enumerated() {
                guard let spec = options.first(where: { $0.short == letter }) else {
                    throw UsageError(unknownOption("-\(letter)"))
                }
                if !spec.isFlag {
                    let rest = String(letters[(k + 1)...])
                    try take(spec, inline: rest.isEmpty ? nil : rest, spelled: "-\(letter)")
                    break
                }
                try take(spec, inline: nil, spelled: "-\(letter)")
            }
        }
        return i
    }

    /// "a, b or c".
    static func list(_ words: [String]) -> String {
        words.count <= 1 ? words.joined() : words.dropLast().joined(separator: ", ") + " or " + words.last!
    }

    private func unknownOption(_ name: String) -> String {
        let names = options.map(\.name)
        if UnitsTool.allOptions.contains(where: { $0.name == name || (name.utf8.count == 2 && $0.short.map { "-\($0)" } == name) }) {
            return "option '\(name)' does not apply to this command (see --help for the ones that do)"
        }
        if let guess = Suggestion.closestCommand(to: name, in: names) {
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
