import UnitsKit

/// The command line of units-bench.
struct BenchOptions {
    var sizes = [10_000, 100_000, 1_000_000, 4_000_000]
    var runs = 3
    var seed: UInt64 = 42
    var habits = 20
    /// Also time parse+model in-process, `units html` and the LSP's edit latency.
    var extras = false
    /// Only the merge rows (canonical and hand-written sides, after a rename).
    var mergeOnly = false
    /// `--lsp`: only the language server's rows.
    var lspOnly = false
    var serveOnly = false
    /// Time ledger and hledger (when on PATH) up to these sizes (hledger
    /// holds gigabytes at 1M entries).
    var compare = true
    var compareLimit = 1_000_000
    var hledgerLimit = 100_000
    var help = false
    /// Where the tools are: by default, next to units-bench.
    var toolDirectory: String?
    /// `--write ENTRIES PATH [--per-day N]`: only write a generated journal.
    var writeOnly: (entries: Int, path: String)?
    var perDay = 50

    struct UsageError: Error { var message: String }

    static let help = """
        Usage: units-bench [--quick] [--runs N] [--sizes 10000,100000,1000000,4000000] [--seed N]
                           [--habits N] [--tools DIR] [--no-limits] [--extras]
                           [--no-compare] [--compare-up-to N] [--hledger-up-to N] [--merge-only] [--lsp] [--serve]
               units-bench --write ENTRIES PATH [--per-day N]   (only write a journal, e.g. to profile)
               units-bench --corpus DIR [COUNT [SEED]]   (journals for scripts/differential.sh)
               units-bench --import-inputs DIR   (only write the 100k-line inputs of the import rows)

        Generates journals (20 habits, about 50 entries a day, seeded) and prints every row
        of the speed budget's table at each size (default 10k, 100k, 1M, 4M; 3 runs): wall and CPU
        time, CPU per entry, peak memory, and the issue's "must" with pass or FAIL. Then the
        rows that set their own size (import of a 100k-line export of every source, lint with 400k warnings,
        today on ten years), and the growth per entry across sizes.
          --quick            10k and 100k, one run (a minute or two)
          --no-limits        leave out 4M
          --extras           also parse+model in process, units html, LSP edit latency
          --merge-only       only the units merge rows: canonical and hand-written sides at
                             each size, and the merge after a rename of 10,000 entries
          --lsp              only the language server's rows (keystroke in a broken 100k journal,
                             one change of 10,000 edits, formatting a 10k-line CR LF journal)
          --serve            only the units serve row (a tap written and confirmed, 100k lines)
          --no-compare       do not time ledger and hledger (by default, up to 1M entries,
                             when on PATH: the same entries in their format, `balance`;
                             hledger up to 100k, as it needs gigabytes at 1M)
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
            case "--no-limits": sizes.removeAll { $0 > Must.size }
            case "--quick": sizes = [10_000, 100_000]; runs = 1
            case "--extras": extras = true
            case "--merge-only": mergeOnly = true
            case "--lsp": lspOnly = true
            case "--serve": serveOnly = true
            case "--no-compare": compare = false
            case "--compare-up-to": compareLimit = try number("--compare-up-to")
            case "--hledger-up-to": hledgerLimit = try number("--hledger-up-to")
            case "--write": writeOnly = (try number("--write"), try value("--write"))
            case "--per-day": perDay = try number("--per-day")
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
        text.withUTF8 { _ = SystemFile.writeSome(2, $0.baseAddress, $0.count) }
    }
}
