#if canImport(Glibc)
import Glibc
#endif

/// The command line of units-bench.
struct BenchOptions {
    var sizes = [10_000, 100_000, 1_000_000]
    var runs = 5
    var seed: UInt64 = 42
    var habits = 20
    /// Also time the 100 MB journal (a limit case).
    var limits = true
    var help = false
    /// Where the tools are: by default, next to units-bench.
    var toolDirectory: String?
    /// `--write ENTRIES PATH`: only write a generated journal (for profiling).
    var writeOnly: (entries: Int, path: String)?

    struct UsageError: Error { var message: String }

    static let help = """
        Usage: units-bench [--runs N] [--sizes 10000,100000,1000000] [--seed N] [--habits N]
                           [--tools DIR] [--no-limits]
               units-bench --write ENTRIES PATH   (only write a generated journal, e.g. to profile)

        Generates journals (20 habits, about 50 entries a day, seeded) and prints, per size
        and piece of work, the median wall time, entries per second and peak memory.
        Tools not built next to units-bench (or in --tools DIR) show "n/a (not built)".
        """

    init(_ arguments: [String]) throws(UsageError) {
        var i = 0
        func value(_ name: String) throws(UsageError) -> String {
            i += 1
            guard i < arguments.count else { throw UsageError(message: "\(name) needs a value") }
            return arguments[i]
        }
        func number(_ name: String) throws(UsageError) -> Int {
            let text = try value(name)
            guard let n = Int(text), n > 0 else { throw UsageError(message: "\(name): expected a positive whole number, found '\(text)'") }
            return n
        }
        while i < arguments.count {
            switch arguments[i] {
            case "--runs": runs = try number("--runs")
            case "--seed": seed = UInt64(try number("--seed"))
            case "--habits": habits = try number("--habits")
            case "--tools": toolDirectory = try value("--tools")
            case "--no-limits": limits = false
            case "--write": writeOnly = (try number("--write"), try value("--write"))
            case "--help", "-h": help = true
            case "--sizes":
                let text = try value("--sizes")
                let parsed = text.split(separator: ",").map { Int($0) }
                guard !parsed.isEmpty, parsed.allSatisfy({ ($0 ?? 0) > 0 }) else {
                    throw UsageError(message: "--sizes: expected numbers separated by commas, found '\(text)'")
                }
                sizes = parsed.map { $0! }
            default:
                throw UsageError(message: "unknown option '\(arguments[i])'")
            }
            i += 1
        }
    }
}

enum FileHandleErr {
    static func write(_ text: String) {
        var text = text
        text.withUTF8 { _ = Glibc.write(2, $0.baseAddress, $0.count) }
    }
}
