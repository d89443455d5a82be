#if canImport(Glibc)
import Glibc
#endif
import UnitsKit

/// Generates the journals, runs every piece of work on them and prints the table.
struct Benchmark {
    let options: BenchOptions
    let toolDirectory: String
    let workDirectory: String
    /// Started before any journal is generated, so it stays small.
    let spawner: Spawner?

    init(options: BenchOptions) {
        self.options = options
        spawner = Spawner()
        let exe = ChildProcess.currentExecutable()
        toolDirectory = options.toolDirectory ?? FileReader.directory(of: exe)
        var template = Array("/tmp/units-bench-XXXXXX".utf8CString)
        workDirectory = template.withUnsafeMutableBufferPointer { p in
            mkdtemp(p.baseAddress!).map { String(cString: $0) } ?? "/tmp"
        }
    }

    /// One row of the table.
    struct Row {
        var work: String
        var entries: Int
        var bytes: Int
        var outcome: Outcome
    }

    enum Outcome {
        /// Medians of wall and CPU time (CPU is 0 where it was not measured).
        case measured(median: Double, peakBytes: Int, runs: Int, cpu: Double = 0)
        case unavailable(String)
    }

    func run() {
        print("units-bench: \(Machine.describe()); \(Machine.today()); seed \(options.seed), \(options.habits) habits, \(options.runs) runs per case")
        print("Wall time is the median of the runs; peak is the largest peak resident memory of a run.")
        print("parse+model is timed inside the process (reading the file excluded); the tools from spawn to exit.\n")
        printHeader()
        for size in options.sizes {
            let (path, journal) = write(Self.generator(options, entries: size, perDay: 50))
            let today = journal.expected.lastDate?.description ?? "2025-12-14"
            let bytes = journal.bytes.count
            emit(Row(work: "parse+model", entries: size, bytes: bytes, outcome: parseAndModel(path, runs: options.runs)))
            emit(Row(work: "units-lint", entries: size, bytes: bytes, outcome: tool("units-lint", [path])))
            emit(Row(work: "units-fmt --check", entries: size, bytes: bytes, outcome: tool("units-fmt", ["--check", path])))
            emit(Row(work: "units stats --json", entries: size, bytes: bytes,
                     outcome: tool("units", ["stats", "--json", "--file", path, "--today", today])))
            emit(Row(work: "units today", entries: size, bytes: bytes,
                     outcome: tool("units", ["today", "--file", path, "--today", today])))
            emit(Row(work: "units export --csv", entries: size, bytes: bytes,
                     outcome: tool("units", ["export", "--csv", "--file", path])))
            emit(Row(work: "units html", entries: size, bytes: bytes,
                     outcome: tool("units", ["html", "--file", path, "--today", today])))
            emit(Row(work: "lsp edit→diagnostics", entries: size, bytes: bytes, outcome: lspEditLatency(path, runs: options.runs)))
            unlink(path)
        }
        // Ten years of about eleven entries a day.
        let (todayPath, tenYears) = write(Self.generator(options, entries: 40_000, perDay: 11))
        let today = tenYears.expected.lastDate?.description ?? "2025-12-14"
        emit(Row(work: "units today", entries: 40_000, bytes: tenYears.bytes.count,
                 outcome: tool("units", ["today", "--file", todayPath, "--today", today])))
        unlink(todayPath)
        if options.limits {
            // About 100 MB: the limit case. One run is enough to show it holds.
            let (path, big) = write(Self.generator(options, entries: 4_000_000, perDay: 50))
            emit(Row(work: "parse+model (100 MB)", entries: 4_000_000, bytes: big.bytes.count, outcome: parseAndModel(path, runs: 1)))
            unlink(path)
        }
        rmdir(workDirectory)
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
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n <= 0 { return false }
                offset += n
            }
            return true
        }
    }

    func parseAndModel(_ path: String, runs: Int) -> Outcome {
        let exe = ChildProcess.currentExecutable()
        let resultPath = path + ".result"
        defer { unlink(resultPath) }
        var times: [Double] = []
        var peak = 0
        for _ in 0..<runs {
            guard let child = spawn(exe, ["--child-parse", path, resultPath]) else { return .unavailable("n/a (cannot start)") }
            guard let result = ParseChild.readResult(resultPath) else { return .unavailable("n/a (exit \(child.status))") }
            if result.errors > 0 { return .unavailable("wrong: \(result.errors) errors") }
            times.append(result.seconds)
            peak = max(peak, child.peakBytes)
        }
        return .measured(median: median(times), peakBytes: peak, runs: runs)
    }

    /// Runs a built tool; 0 and 1 (findings) are answers, anything else is not.
    func tool(_ name: String, _ arguments: [String]) -> Outcome {
        let path = "\(toolDirectory)/\(name)"
        guard ChildProcess.isExecutable(path) else { return .unavailable("n/a (not built)") }
        var times: [Double] = [], cpu: [Double] = []
        var peak = 0
        for _ in 0..<options.runs {
            guard let child = spawn(path, arguments) else { return .unavailable("n/a (cannot start)") }
            guard child.status == 0 || child.status == 1 else {
                return .unavailable(child.status == 2 ? "n/a (usage error: not built yet?)" : "n/a (exit \(child.status))")
            }
            times.append(child.seconds)
            cpu.append(child.cpuSeconds)
            peak = max(peak, child.peakBytes)
        }
        return .measured(median: median(times), peakBytes: peak, runs: options.runs, cpu: median(cpu))
    }

    /// A child run through the spawner (its peak memory its own), or
    /// directly when the spawner could not start.
    func spawn(_ path: String, _ arguments: [String]) -> ChildRun? {
        if let spawner, let run = spawner.run(path, arguments) { return run.status < 0 ? nil : run }
        return ChildProcess.run(path, arguments)
    }

    func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let n = sorted.count
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
    }

    // MARK: The table

    static let widths = [22, 10, 9, 11, 11, 14, 10]

    func printHeader() {
        line(["work", "entries", "size", "median", "cpu", "entries/s", "peak"])
        line(Self.widths.map { String(repeating: "-", count: $0) })
    }

    func emit(_ row: Row) {
        switch row.outcome {
        case .measured(let median, let peak, _, let cpu):
            line([row.work, Format.count(row.entries), Format.bytes(row.bytes), Format.seconds(median),
                  cpu > 0 ? Format.seconds(cpu) : "–", Format.rate(Double(row.entries) / median), Format.bytes(peak)])
        case .unavailable(let why):
            line([row.work, Format.count(row.entries), Format.bytes(row.bytes), why])
        }
        fflush(nil)
    }

    func line(_ cells: [String]) {
        var out = ""
        for (i, cell) in cells.enumerated() {
            let isLast = i == cells.count - 1
            // Text left, numbers right; a long last cell runs on.
            let width = Self.widths[min(i, Self.widths.count - 1)]
            if isLast && cell.count > width { out += "  " + cell; continue }
            let pad = String(repeating: " ", count: max(0, width - cell.count))
            out += i == 0 ? cell + pad : "  " + pad + cell
        }
        print(out)
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

    static func rate(_ perSecond: Double) -> String {
        perSecond >= 1e6 ? "\(fixed(perSecond / 1e6, 1)) M/s" : "\(fixed(perSecond / 1e3, 1)) k/s"
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
