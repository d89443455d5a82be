import Foundation
import Testing
import UnitsCLI
import UnitsKit
import UnitsTestSupport

/// units-lint on limit inputs: a clear message with file, line and column,
/// and exit 1, rather than a crash.
@Suite struct LintLimitsTests {
    func lint(_ text: String) -> (code: ExitCode, out: String) {
        var out = ""
        let io = CommandIO(writeOut: { out += $0 }, writeErr: { out += $0 }, readStandardInput: { Array(text.utf8) })
        let code = LintCommand.main(["-"], io: io, prefix: "units-lint")
        return (code, out)
    }

    @Test("a 40-digit number is reported at its line and column")
    func fortyDigits() {
        let digits = String(repeating: "4", count: 40)
        let result = lint("units 1\n2025-01-01 habit Reading\n2025-01-02 Reading \(digits)\n")
        #expect(result.code == .failure)
        #expect(result.out.contains("<stdin>:3:20: error: number too large"))
    }

    @Test("a generated journal lints without errors")
    func generatedJournal() {
        let generated = JournalGenerator(seed: 3, entries: 2_000).generate()
        let result = lint(generated.text)
        #expect(result.code == .ok, "\(result.out.prefix(400))")
    }

    /// A file past the limit is refused before it is read, with the limit in
    /// the message. (Sparse: it takes no disk.)
    @Test("a journal past 512 MiB is refused, naming the limit")
    func fileOverTheLimit() throws {
        let path = try CLI.temporaryFile("units 1\n")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: UInt64(Parser.maximumFileSize + 1))
        try handle.close()
        for run in [CLI.lint([path]), CLI.units(["stats", "-f", path, "--today", "2025-12-14"])] {
            #expect(run.code == .failure, "\(run.err)")
            #expect((run.out + run.err).contains("file too large (536870913 bytes); a journal may hold at most 512 MiB (536870912 bytes)"), "\(run.out)\(run.err)")
        }
        try FileManager.default.removeItem(atPath: path)
    }

    /// Standard input is read up to one byte past the limit, then refused:
    /// an endless input stops, and costs at most the limit in memory.
    @Test("endless standard input is refused at the limit, not read to its end")
    func endlessStandardInput() throws {
        guard let units = unitsExecutable() else { Issue.record("build the `units` executable first (swift build)"); return }
        let lint = units.replacingOccurrences(of: "/units", with: "/units-lint")
        let journal = try CLI.temporaryFile("units 1\n")
        let runs: [(String, [String])] = [(lint, ["-"]), (units, ["stats", "-f", "-", "--today", "2025-12-14"]),
                                          (units, ["import", "--from", "timedot", "-f", journal, "--today", "2025-12-14", "-"])]
        for (tool, arguments) in runs {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: tool)
            process.arguments = arguments
            let input = Pipe(), err = Pipe()
            process.standardInput = input
            process.standardOutput = err   // units-lint reports on standard output
            process.standardError = err
            try process.run()
            // Comment lines for ever (four times the limit at most): the tool
            // must stop reading, which ends the writes with a broken pipe.
            Socket.ignoreBrokenPipes()
            let line = Array(repeating: Array("; a comment line that goes on and on\n".utf8), count: 1 << 14).flatMap { $0 }
            var written = 0
            let fd = input.fileHandleForWriting.fileDescriptor
            while written < 4 * Parser.maximumFileSize {
                let n = line.withUnsafeBytes { SystemFile.writeSome(fd, $0.baseAddress, $0.count) }
                if n <= 0 { break }
                written += n
            }
            try? input.fileHandleForWriting.close()
            let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(written < 2 * Parser.maximumFileSize, "\(arguments): read \(written) bytes")
            #expect(process.terminationStatus == 1, "\(arguments): \(message.prefix(400))")
            #expect(message.contains("more than 536870912 bytes); a journal may hold at most 512 MiB") || message.contains("more than 536870912 bytes; a journal may hold at most 512 MiB"), "\(arguments): \(message.prefix(400))")
        }
    }
}
