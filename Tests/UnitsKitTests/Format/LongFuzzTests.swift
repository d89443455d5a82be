import Foundation
import Testing
@testable import UnitsKit
import UnitsTestSupport

/// The long fuzz run: the formatter self-check and includes in
/// one target. Each iteration builds an include graph of messy journals
/// with hostile text spliced in and bytes damaged at random, then checks:
///
/// - every file that formats gives text that parses, means the same
///   (`FormatCheck`, and the same model) and is a fixed point;
/// - the graph loads with each file read once, within the file budget,
///   and formatting every file keeps the combined model;
/// - no rendered diagnostic carries a raw control character or an
///   unbounded line;
/// - now and then the graph is written to disk with a FIFO, a symlink to
///   another file and a symlink to `/dev/zero` among the includes: loading
///   still finishes and reads each file once.
///
/// A normal `swift test` runs a few iterations. `scripts/fuzz.sh SECONDS
/// [SEED]` runs it until the process has used SECONDS of CPU time
/// (UNITS_FUZZ_SECONDS, UNITS_FUZZ_SEED) and writes each failing input to
/// UNITS_FUZZ_OUT.
@Suite struct LongFuzzTests {
    @Test("fuzz: formatter self-check and includes on damaged, hostile include graphs")
    func fuzz() throws {
        let environment = ProcessInfo.processInfo.environment
        let seconds = environment["UNITS_FUZZ_SECONDS"].flatMap(Double.init) ?? 0
        let seed = environment["UNITS_FUZZ_SEED"].flatMap(UInt64.init) ?? 1
        let outFolder = environment["UNITS_FUZZ_OUT"]
        // A wall-clock limit too (seconds since 1970), for a run that must end by a time.
        let deadline = environment["UNITS_FUZZ_DEADLINE"].flatMap(Double.init) ?? .infinity
        let started = Date()
        var fuzz = Fuzzer()
        var iteration: UInt64 = 0
        repeat {
            fuzz.run(seed: seed &+ iteration &* 0x9E37_79B9, outFolder: outFolder)
            iteration += 1
            if seconds > 0, iteration % 500 == 0 {
                // Progress on standard error (unbuffered), should the run be stopped early.
                FileHandle.standardError.write(Data("fuzz: seed \(seed), \(iteration) iterations, \(Int(Self.cpuSeconds())) CPU s, \(fuzz.filesFormatted) formatted, \(fuzz.findings.count) findings\n".utf8))
            }
        } while seconds > 0 ? Self.cpuSeconds() < seconds && Date().timeIntervalSince1970 < deadline : iteration < 12
        let elapsed = Date().timeIntervalSince(started)
        print("fuzz: seed \(seed), \(iteration) iterations in \(Int(Self.cpuSeconds())) CPU s (\(Int(elapsed)) s wall): \(fuzz.filesChecked) files, "
            + "\(fuzz.filesFormatted) formatted and checked, \(fuzz.graphs) include graphs, \(fuzz.diskGraphs) on disk, "
            + "\(fuzz.findings.count) findings")
        #expect(fuzz.filesFormatted > 0 && fuzz.graphs == Int(iteration))
        #expect(fuzz.findings.isEmpty, "\(fuzz.findings.prefix(20).joined(separator: "\n"))")
    }

    /// CPU time of this process so far (user and system), the run's budget:
    /// on a shared machine at low priority wall time says little.
    static func cpuSeconds() -> Double { SystemProcess.cpuSeconds() }

    /// A run's checks and counters.
    struct Fuzzer {
        var filesChecked = 0, filesFormatted = 0, graphs = 0, diskGraphs = 0
        var findings: [String] = []

        static let hostile = ["\u{1B}]52;c;ZXZpbA==\u{07}", "\u{1B}]0;title\u{07}", "\u{1B}[31m", "\u{9B}31m", "\u{7F}", "\u{00}",
                              "\u{08}", "\r", "\r\n", "\u{FEFF}", String(Character(TerminalText.colorIntroducer)) + "[1m", "=HYPERLINK(\"x\")", "\"", "\\", ";", "#", ":",
                              "e\u{301}", "读书", "\u{200B}", String(repeating: "w", count: 2_000)]
        static let specials = Array(" \t;#\":=\"\\/-.0123456789abc\n".utf8)

        mutating func run(seed: UInt64, outFolder: String?) {
            var g = MessyJournalGenerator(seed: seed)
            let count = 1 + g.next(5)
            var files: [String: [UInt8]] = [:]
            for i in 0..<count {
                files["f\(i).units"] = Self.damaged(&g, file: i, count: count)
            }
            for name in files.keys.sorted() { checkFormatter(files[name]!, seed: seed, name: name, outFolder: outFolder) }
            checkGraph(files, seed: seed, outFolder: outFolder)
            if seed % 25 == 0 { checkOnDisk(files, seed: seed, outFolder: outFolder) }
        }

        /// A messy journal with includes and hostile text, then damaged bytes.
        static func damaged(_ g: inout MessyJournalGenerator, file: Int, count: Int) -> [UInt8] {
            var lines = g.journal().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines.count > 400 { lines = Array(lines.prefix(100 + g.next(300))) }
            for _ in 0..<g.next(4) {
                let target = g.next(count + 2)   // some targets do not exist
                let name = g.pick(["f\(target).units", "f\(target).units", "./f\(target).units", "f\(target).txt",
                                   "../f\(target).units", "/etc/passwd", "f\(target).units\u{1B}]0;x\u{07}", ""])
                lines.insert("include" + g.space() + "\"\(name)\"" + (g.chance(20) ? " ; why" : ""), at: g.next(lines.count + 1))
            }
            for k in lines.indices where g.next(12) == 0 {
                let bad = hostile[g.next(hostile.count)]
                if lines[k].contains(";") {
                    lines[k] += bad
                } else if lines[k].contains("title") {
                    lines[k] = g.indent() + "title: \"T\(bad.replacingOccurrences(of: "\"", with: ""))\""
                } else if g.chance(5) {
                    lines[k] += bad
                }
            }
            if g.chance(30) { lines.append("2025-12-14 task \"Call\(hostile[g.next(hostile.count)]) mom\"") }
            if g.chance(20), lines.count > 2 { lines.swapAt(g.next(lines.count), g.next(lines.count)) }
            if g.chance(20), !lines.isEmpty { let k = g.next(lines.count); lines.insert(lines[k], at: k) }
            var bytes = Array(lines.joined(separator: g.chance(10) ? "\r\n" : "\n").utf8)
            // Half the files keep their bytes (so that most still parse and
            // reach the formatter), the rest take one to five hits.
            let hits = g.chance(50) ? 0 : g.chance(60) ? 1 : 2 + g.next(4)
            for _ in 0..<hits where !bytes.isEmpty {
                let at = g.next(bytes.count)
                switch g.next(4) {
                case 0: bytes.remove(at: at)
                case 1: bytes.insert(bytes[at], at: at)
                case 2: bytes[at] = specials[g.next(specials.count)]
                default: bytes[at] = UInt8(truncatingIfNeeded: g.next(256))   // may break UTF-8
                }
            }
            if g.chance(5) { bytes = Array(bytes.prefix(g.next(bytes.count + 1))) }
            return bytes
        }

        /// The formatter's self-check on one file's bytes.
        mutating func checkFormatter(_ bytes: [UInt8], seed: UInt64, name: String, outFolder: String?) {
            filesChecked += 1
            let tree = Parser.parse(SourceFile(path: name, bytes: bytes))
            guard case .formatted(let output) = Formatter.format(tree) else { return }
            filesFormatted += 1
            if let problem = FormatCheck.problem(input: tree, output: output) {
                report("seed \(seed) \(name): self-check: \(problem)", [name: bytes], outFolder, seed)
                return
            }
            let again = Parser.parse(SourceFile(path: name, bytes: output))
            if case .formatted(let twice) = Formatter.format(again), twice != output {
                report("seed \(seed) \(name): not idempotent", [name: bytes], outFolder, seed)
            }
            guard TerminalText.isValidUTF8(bytes) else { return }
            let text = String(decoding: bytes, as: UTF8.self), formatted = String(decoding: output, as: UTF8.self)
            if ModelFingerprint(Journal(parsing: text, path: name)) != ModelFingerprint(Journal(parsing: formatted, path: name)) {
                report("seed \(seed) \(name): formatting changed the model", [name: bytes], outFolder, seed)
            }
        }

        /// The include graph in memory: read once, within budget, and the same
        /// combined model after formatting every file.
        mutating func checkGraph(_ bytes: [String: [UInt8]], seed: UInt64, outFolder: String?) {
            graphs += 1
            let files = bytes.mapValues { String(decoding: $0, as: UTF8.self) }
            let journal = Journal.load(path: "f0.units", loader: .memory(files))
            let paths = journal.files.map(\.file.path)
            if Set(paths).count != paths.count { report("seed \(seed): a file was read twice: \(paths)", bytes, outFolder, seed) }
            if journal.files.count > files.count { report("seed \(seed): \(journal.files.count) files read of \(files.count)", bytes, outFolder, seed) }
            checkDiagnostics(journal, seed: seed, bytes, outFolder)
            var formatted = files
            for (name, text) in files {
                if case .formatted(let output) = Formatter.format(Array(text.utf8), path: name) {
                    formatted[name] = String(decoding: output, as: UTF8.self)
                }
            }
            let after = Journal.load(path: "f0.units", loader: .memory(formatted))
            if ModelFingerprint(journal) != ModelFingerprint(after) {
                report("seed \(seed): formatting every file of the graph changed the combined model", bytes, outFolder, seed)
            }
        }

        mutating func checkDiagnostics(_ journal: Journal, seed: UInt64, _ bytes: [String: [UInt8]], _ outFolder: String?) {
            var renderer = DiagnosticRenderer(useColor: false)
            for line in renderer.render(journal.diagnostics).split(separator: "\n") {
                if line.unicodeScalars.contains(where: TerminalText.isControl) {
                    report("seed \(seed): a diagnostic carries a raw control character: \(TerminalText.escaped(String(line.prefix(120))))", bytes, outFolder, seed)
                    return
                }
                if DisplayWidth.of(line) > 520 {
                    report("seed \(seed): a diagnostic line of \(DisplayWidth.of(line)) columns", bytes, outFolder, seed)
                    return
                }
            }
        }

        /// The graph on disk, with a FIFO, a symlink to another journal and
        /// a symlink to /dev/zero included: loading finishes, reads each file
        /// once (the symlink and its target are one file).
        mutating func checkOnDisk(_ bytes: [String: [UInt8]], seed: UInt64, outFolder: String?) {
            diskGraphs += 1
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("units-fuzz-\(SystemProcess.processID())-\(seed)").path
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            var root = bytes["f0.units"] ?? []
            root += Array("\ninclude \"pipe.units\"\ninclude \"zero.units\"\ninclude \"link.units\"\ninclude \"f1.units\"\n".utf8)
            for (name, content) in bytes {
                _ = FileManager.default.createFile(atPath: folder + "/" + name, contents: Data(name == "f0.units" ? root : content))
            }
            try? SystemFile.makeFIFO(folder + "/pipe.units")
            try? FileManager.default.createSymbolicLink(atPath: folder + "/zero.units", withDestinationPath: "/dev/zero")
            try? FileManager.default.createSymbolicLink(atPath: folder + "/link.units", withDestinationPath: folder + "/f1.units")
            let started = Date()
            let journal = Journal.load(path: folder + "/f0.units")
            let paths = journal.files.map { URL(fileURLWithPath: $0.file.path).resolvingSymlinksInPath().path }
            if Set(paths).count != paths.count { report("seed \(seed): on disk, a file was read twice: \(paths)", bytes, outFolder, seed) }
            if paths.contains(where: { $0.hasSuffix("pipe.units") || $0 == "/dev/zero" }) {
                report("seed \(seed): on disk, a FIFO or a device was read as a journal", bytes, outFolder, seed)
            }
            if Date().timeIntervalSince(started) > 20 { report("seed \(seed): on disk, loading took \(Date().timeIntervalSince(started)) s", bytes, outFolder, seed) }
            checkDiagnostics(journal, seed: seed, bytes, outFolder)
        }

        /// Records a finding and writes its input files to `outFolder`.
        mutating func report(_ finding: String, _ files: [String: [UInt8]], _ outFolder: String?, _ seed: UInt64) {
            findings.append(finding)
            guard let outFolder else { return }
            let folder = outFolder + "/seed-\(seed)"
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for (name, content) in files { _ = FileManager.default.createFile(atPath: folder + "/" + name, contents: Data(content)) }
            _ = FileManager.default.createFile(atPath: folder + "/FINDING", contents: Data((finding + "\n").utf8))
        }
    }
}
