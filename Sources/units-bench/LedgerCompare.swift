import UnitsKit

/// The same entries in ledger's format, `ledger balance` and `hledger
/// balance` timed against `units stats --json`.
extension Benchmark {
    /// Every entry as a two-posting transaction: the habit's account gets
    /// the units (`u`, or `1 c` for a check-in), `effort` balances it.
    static func ledgerText(_ journal: Journal) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(journal.entries.count * 64)
        for entry in journal.entries {
            let name = journal.habits[Int(entry.habit)].name
            out += Array(entry.date.description.utf8); out.append(0x20); out += Array(name.utf8); out.append(0x0A)
            out += Array("    habits:".utf8); out += Array(name.utf8)
            if case .units(let amount) = entry.value {
                out += Array("  \(amount.description) u\n".utf8)
            } else {
                out += Array("  1 c\n".utf8)
            }
            out += Array("    effort\n\n".utf8)
        }
        return out
    }

    /// Finds a program on PATH.
    static func which(_ name: String) -> String? {
        let path = SystemEnvironment.value("PATH") ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") where SystemFile.isExecutable("\(dir)/\(name)") {
            return "\(dir)/\(name)"
        }
        return nil
    }

    /// Rows for ledger and hledger, their CPU as a multiple of `unitsCPU`.
    func compareLedgers(journalPath path: String, entries: Int, unitsCPU: Double?) {
        let tools = [("ledger", ["balance"]), ("hledger", ["balance"])]
        var found = tools.compactMap { tool in Self.which(tool.0).map { (tool.0, $0, tool.1) } }
        for (name, _) in tools where !found.contains(where: { $0.0 == name }) {
            print("\(name) balance: skipped: \(name) not on PATH")
        }
        if entries > options.hledgerLimit, found.contains(where: { $0.0 == "hledger" }) {
            print("hledger balance: skipped above \(Format.count(options.hledgerLimit)) entries (--hledger-up-to N)")
            found.removeAll { $0.0 == "hledger" }
        }
        guard !found.isEmpty else { return }
        guard let bytes = try? FileReader.readBytes(atPath: path) else { return }
        let journal = Journal(tree: Parser.parse(SourceFile(path: path, bytes: bytes)))
        let ledgerPath = path + ".ledger"
        let ledger = Self.ledgerText(journal)
        guard Self.writeFile(ledger, to: ledgerPath) else { return }
        defer { try? SystemFile.removeFile(ledgerPath) }
        for (name, program, arguments) in found {
            // One run above 100k: ledger and hledger take seconds to minutes there.
            let outcome = measure(program, ["-f", ledgerPath] + arguments, runs: entries > 100_000 ? 1 : options.runs)
            var row = Row(work: "\(name) balance", entries: entries, bytes: ledger.count, outcome: outcome)
            if case .measured(_, _, let cpu) = outcome, let unitsCPU, unitsCPU > 0 {
                row.note = "\(Format.fixed(cpu / unitsCPU, 1))× units stats"
            }
            emit(row)
        }
    }
}
