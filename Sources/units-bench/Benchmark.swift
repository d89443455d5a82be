import UnitsKit
import UnitsTestSupport

/// Generates the journals, runs every piece of work on them and prints the table.
struct Benchmark {
    let options: BenchOptions
    let toolDirectory: String
    let workDirectory: String
    /// Started before any journal is generated, so it stays small.
    let spawner: Spawner?

    init(options: BenchOptions) {
        self.options = options
        workDirectory = (try? SystemFile.makeTemporaryDirectory("/tmp/units-bench-XXXXXX")) ?? "/tmp"
        // Undo records of merge and import go here (set before the spawner inherits it).
        SystemEnvironment.set("XDG_STATE_HOME", workDirectory + "/state")
        spawner = Spawner()
        let exe = ChildProcess.currentExecutable()
        toolDirectory = options.toolDirectory ?? FileReader.directory(of: exe)
    }

    /// One row of the table.
    struct Row {
        var work: String
        var entries: Int
        var bytes: Int
        var outcome: Outcome
        /// The issue's "must" for this row at this size, if it sets one.
        var must: Must? = nil
        /// Printed after the figures (ledger ratios).
        var note: String = ""
    }

    enum Outcome {
        /// Medians of wall and CPU time (CPU is 0 where it was not measured).
        case measured(median: Double, peakBytes: Int, cpu: Double = 0)
        case unavailable(String)

        var cpu: Double? { if case .measured(_, _, let cpu) = self, cpu > 0 { return cpu }; return nil }
    }

    /// Why a run has no figures (the row's text instead of them).
    struct Failed: Error {
        var why: String
        init(_ why: String) { self.why = why }
    }

    /// The work timed at every size, in the issue's order.
    static let perSizeWork = ["units-lint", "units-fmt --check", "units stats --json", "units today", "units export --csv", "units merge"]

    func run() {
        let machine = "\(SystemProcess.cpuModel() ?? "unknown CPU"), \(SystemProcess.onlineCPUs()) CPUs"
        print("units-bench: \(machine); \(SystemClock.todayUTC()); seed \(options.seed), \(options.habits) habits, \(options.runs) runs per case")
        print("wall and cpu (user+sys) are medians of the runs, from spawn to exit (start-up included); peak is the largest")
        print("peak resident memory of a run (wait4). must: the speed budget of docs/performance.md (at \(Format.count(Must.size)) entries unless the row sets its size).\n")
        printHeader()
        if options.serveOnly || options.lspOnly {
            (options.serveOnly ? [serveTapRow()] : lspRows()).forEach(emit)
            _ = ChildProcess.run("/bin/rm", ["-rf", workDirectory])
            return
        }
        var perEntry: [String: [(Int, Double)]] = [:]
        var failures = 0
        func record(_ row: Row) {
            emit(row)
            if let cpu = row.outcome.cpu { perEntry[row.work, default: []].append((row.entries, cpu / Double(row.entries))) }
            if let must = row.must, !verdict(row.outcome, must) { failures += 1 }
        }
        if options.mergeOnly {
            runMergeRows(record)
            print(failures == 0 ? "\nEvery row with a must is within it." : "\n\(failures) row(s) outside their must.")
            return
        }
        for size in options.sizes {
            let (path, journal) = write(Self.generator(options, entries: size, perDay: 50))
            let today = journal.expected.lastDate?.description ?? "2025-12-14"
            let bytes = journal.bytes.count
            let must = size == Must.size ? Must.wholeFile : nil
            if options.extras {
                record(Row(work: "parse+model", entries: size, bytes: bytes, outcome: parseAndModel(path, runs: options.runs)))
            }
            let floor = awkFloor(journalPath: path, entries: size, bytes: bytes)
            func wholeFile(_ work: String, _ outcome: Outcome) {
                record(Row(work: work, entries: size, bytes: bytes, outcome: outcome, must: must,
                           note: Self.floorNote(outcome, floor: floor)))
            }
            wholeFile("units-lint", tool("units-lint", [path]))
            wholeFile("units-fmt --check", tool("units-fmt", ["--check", path]))
            let stats = tool("units", ["stats", "--json", "--file", path, "--today", today])
            wholeFile("units stats --json", stats)
            wholeFile("units today", tool("units", ["today", "--file", path, "--today", today]))
            wholeFile("units export --csv", tool("units", ["export", "--csv", "--file", path]))
            mergeRows(journal, size: size, record)
            if options.extras {
                record(Row(work: "units html", entries: size, bytes: bytes,
                           outcome: tool("units", ["html", "--file", path, "--today", today])))
                record(Row(work: "lsp edit→diagnostics", entries: size, bytes: bytes, outcome: lspEditLatency(path, runs: options.runs)))
            }
            if options.compare, size <= options.compareLimit {
                compareLedgers(journalPath: path, entries: size, unitsCPU: stats.cpu)
            }
            try? SystemFile.removeFile(path)
        }
        // The rows that set their own size.
        record(mergeAfterRenameRow())
        record(Row(work: "units import units", entries: 100_000, bytes: 0, outcome: importExport(), must: Must.importExport, note: "100k-line export"))
        for row in importRows() { record(row) }
        for row in lspRows() { record(row) }
        record(Row(work: "units log --date", entries: 66_666, bytes: 0, outcome: backfill(), must: Must.backfill, note: "backfill, 100k lines"))
        record(serveTapRow())
        let (warnings, warningEntries, warningBytes) = lintManyWarnings()
        record(Row(work: "units-lint", entries: warningEntries, bytes: warningBytes, outcome: warnings, must: Must.manyWarnings, note: "400k warnings"))
        // Ten years of about twenty entries a day; wall time, so more runs.
        let (todayPath, tenYears) = write(Self.generator(options, entries: 73_000, perDay: 20))
        let today = tenYears.expected.lastDate?.description ?? "2025-12-14"
        record(Row(work: "units today", entries: 73_000, bytes: tenYears.bytes.count,
                   outcome: tool("units", ["today", "--file", todayPath, "--today", today], runs: max(options.runs, 20)),
                   must: Must.todayTenYears, note: "ten years, wall"))
        try? SystemFile.removeFile(todayPath)
        _ = ChildProcess.run("/bin/rm", ["-rf", workDirectory])
        printGrowth(perEntry)
        print(failures == 0 ? "\nEvery row with a must is within it." : "\n\(failures) row(s) outside their must.")
    }

    /// Only the merge rows (`--merge-only`).
    func runMergeRows(_ record: (Row) -> Void) {
        for size in options.sizes {
            mergeRows(Self.generator(options, entries: size, perDay: 50).generate(), size: size, record)
        }
        record(mergeAfterRenameRow())
        _ = ChildProcess.run("/bin/rm", ["-rf", workDirectory])
    }

    /// The merge of canonical sides and of hand-written ones, at one size.
    func mergeRows(_ journal: GeneratedJournal, size: Int, _ record: (Row) -> Void) {
        let last = journal.expected.lastDate ?? CivilDate(year: 2025, month: 12, day: 14)!
        let must = size == Must.size ? Must.merge : nil
        record(Row(work: "units merge", entries: size, bytes: journal.bytes.count, outcome: merge(journal.bytes, lastDate: last),
                   must: must, note: "two sides, +300 lines each"))
        record(Row(work: "units merge (hand)", entries: size, bytes: journal.bytes.count, outcome: merge(journal.bytes, lastDate: last, canonical: false),
                   must: must, note: "not canonical: one entry run, single spaces"))
    }

    func mergeAfterRenameRow() -> Row {
        Row(work: "units merge (rename)", entries: 10_000, bytes: 0, outcome: mergeAfterRename(entries: 10_000),
            must: Must.mergeAfterRename, note: "after a rename of 10,000 entries")
    }

    /// CPU per entry at each size; linear when the largest size is within
    /// 1.5× of 100k (at 10k start-up dominates).
    func printGrowth(_ perEntry: [String: [(Int, Double)]]) {
        print("\nGrowth (CPU per entry; linear when the largest size is within 1.5× of 100k):")
        for work in Self.perSizeWork {
            guard let points = perEntry[work]?.filter({ options.sizes.contains($0.0) }), !points.isEmpty else { continue }
            var text = work.padded(toWidth: 22) + points.map { "\(Format.count($0.0)) \(Format.nanoseconds($0.1))" }.joined(separator: ", ")
            if let base = points.first(where: { $0.0 == 100_000 })?.1, let last = points.last, last.0 > 100_000 {
                let ratio = last.1 / base
                text += ": ×\(Format.fixed(ratio, 2)) \(ratio <= 1.5 ? "linear" : "NOT linear")"
            }
            print(text)
        }
    }

    /// A generator whose journal ends about 2025-12-14 (no future dates).
    static func generator(_ options: BenchOptions, entries: Int, perDay: Int) -> JournalGenerator {
        let end = CivilDate(year: 2025, month: 12, day: 14)!
        let start = max(CivilDate.minimum, end.adding(days: -(entries / perDay)))
        return JournalGenerator(seed: options.seed, entries: entries, habits: options.habits, entriesPerDay: perDay, start: start)
    }

    func write(_ generator: JournalGenerator) -> (String, GeneratedJournal) {
        let journal = generator.generate()
        let path = "\(workDirectory)/journal-\(generator.entries).units"
        _ = Self.writeFile(journal.bytes, to: path)
        return (path, journal)
    }

    static func writeFile(_ bytes: [UInt8], to path: String) -> Bool {
        (try? SystemFile.writeFile(bytes, to: path)) != nil
    }

    func parseAndModel(_ path: String, runs: Int) -> Outcome {
        let resultPath = path + ".result"
        defer { try? SystemFile.removeFile(resultPath) }
        return repeated(runs) {
            var child = try spawn(ChildProcess.currentExecutable(), ["--child-parse", path, resultPath])
            guard let result = ChildProcess.resultNumbers(resultPath), result.count == 3 else { throw Failed("n/a (exit \(child.status))") }
            if result[2] > 0 { throw Failed("wrong: \(Int(result[2])) errors") }
            (child.seconds, child.cpuSeconds) = (result[0], 0)
            return child
        }
    }

    /// Runs a built tool; 0 and 1 (findings) are answers, anything else is not.
    func tool(_ name: String, _ arguments: [String], runs: Int? = nil) -> Outcome {
        let path = "\(toolDirectory)/\(name)"
        guard SystemFile.isExecutable(path) else { return .unavailable("n/a (not built)") }
        return measure(path, arguments, runs: runs)
    }

    /// Runs a program `runs` times, `before` ahead of each run.
    func measure(_ path: String, _ arguments: [String], runs: Int? = nil, answers: [Int32] = [0, 1],
                 before: () -> Void = {}) -> Outcome {
        repeated(runs ?? options.runs) {
            before()
            let child = try spawn(path, arguments)
            guard answers.contains(child.status) else {
                throw Failed(child.status == 2 ? "n/a (usage error: not built yet?)" : "n/a (exit \(child.status))")
            }
            return child
        }
    }

    /// Runs `once` `runs` times: the medians of its wall and CPU times and
    /// the largest peak, or the first failed run's reason.
    func repeated(_ runs: Int, _ once: () throws -> ChildRun) -> Outcome {
        var times: [Double] = [], cpu: [Double] = [], peak = 0
        for _ in 0..<runs {
            do {
                let run = try once()
                times.append(run.seconds); cpu.append(run.cpuSeconds); peak = max(peak, run.peakBytes)
            } catch { return .unavailable((error as? Failed)?.why ?? "\(error)") }
        }
        return .measured(median: median(times), peakBytes: peak, cpu: median(cpu))
    }

    /// A child run through the spawner (its peak its own), or directly without one.
    func spawn(_ path: String, _ arguments: [String]) throws -> ChildRun {
        if let spawner, let run = spawner.run(path, arguments) {
            guard run.status >= 0 else { throw Failed("n/a (cannot start)") }
            return run
        }
        guard let run = ChildProcess.run(path, arguments) else { throw Failed("n/a (cannot start)") }
        return run
    }

    func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let n = sorted.count
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
    }

    // MARK: The table

    static let widths = [20, 8, 8, 10, 10, 10, 8, 20, 5]

    func printHeader() {
        line(["work", "entries", "size", "wall", "cpu", "cpu/entry", "peak", "must", "ok"])
        line(Self.widths.map { String(repeating: "-", count: $0) })
    }

    func verdict(_ outcome: Outcome, _ must: Must) -> Bool {
        guard case .measured(let wall, let peak, let cpu) = outcome else { return false }
        return must.passes(wall: wall, cpu: cpu, peakBytes: peak)
    }

    func emit(_ row: Row) {
        let note = row.note.isEmpty ? "" : "  " + row.note
        switch row.outcome {
        case .measured(let median, let peak, let cpu):
            line([row.work, Format.count(row.entries), row.bytes > 0 ? Format.bytes(row.bytes) : "", Format.seconds(median),
                  cpu > 0 ? Format.seconds(cpu) : "–", cpu > 0 ? Format.nanoseconds(cpu / Double(row.entries)) : "–",
                  Format.bytes(peak), row.must?.text ?? "", row.must.map { verdict(row.outcome, $0) ? "pass" : "FAIL" } ?? ""], note)
        case .unavailable(let why):
            line([row.work, Format.count(row.entries), row.bytes > 0 ? Format.bytes(row.bytes) : "", why], note + (row.must == nil ? "" : "  FAIL"))
        }
        SystemStream.flushAll()
    }

    func line(_ cells: [String], _ note: String = "") {
        var out = ""
        for (i, cell) in cells.enumerated() {
            // Text left, numbers right; a long cell runs on.
            let width = Self.widths[min(i, Self.widths.count - 1)]
            out += i == 0 ? cell.padded(toWidth: width) : "  " + cell.leftPadded(toWidth: width)
        }
        print(out + note)
    }
}

enum Format {
    static func count(_ n: Int) -> String {
        if n >= 1_000_000, n % 1_000_000 == 0 { return "\(n / 1_000_000)M" }
        if n >= 1_000, n % 1_000 == 0 { return "\(n / 1_000)k" }
        return "\(n)"
    }

    static func bytes(_ n: Int) -> String {
        let mb = Double(n) / 1_048_576
        return mb >= 10 ? "\(Int(mb.rounded())) MB" : "\(fixed(mb, 1)) MB"
    }

    static func seconds(_ s: Double) -> String {
        s < 1 ? "\(fixed(s * 1000, s < 0.01 ? 2 : 1)) ms" : "\(fixed(s, 2)) s"
    }

    /// Time per entry: `310 ns`, or `1.2 µs`.
    static func nanoseconds(_ seconds: Double) -> String {
        let ns = seconds * 1e9
        return ns < 1000 ? "\(fixed(ns, 0)) ns" : "\(fixed(ns / 1000, 1)) µs"
    }

    static func fixed(_ value: Double, _ places: Int) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        var text = "\(rounded)"
        if let dot = text.firstIndex(of: ".") {
            let decimals = text.distance(from: dot, to: text.endIndex) - 1
            if decimals < places { text += String(repeating: "0", count: places - decimals) }
            if places == 0 { text = String(text[..<dot]) }
        }
        return text
    }
}
