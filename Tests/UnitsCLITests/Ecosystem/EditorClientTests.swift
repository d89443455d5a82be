import Foundation
import Testing
@testable import UnitsCLI
import UnitsKit

/// `units lsp` with a real client: Neovim, headless. Where Neovim is not
/// installed the test says so on standard error and records that it was
/// skipped (`.ci/run` installs it with apt-get).
@Suite struct EditorClientTests {
    static let journal = """
        units 1
        2025-12-01 habit Reading
          unit:   page
        2025-12-01 habit Meditate
          kind: check
        2025-12-14 Reading 3
        2025-12-14   Readng 2 ; 読書 😀

        """

    static func which(_ program: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let path = "\(dir)/\(program)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    @Test func neovimChecksCompletesFormatsAndSavesACleanJournal() throws {
        guard let nvim = Self.which("nvim") else {
            FileHandle.standardError.write(Data("SKIPPED: EditorClientTests: nvim is not installed (apt-get install -y neovim); the real-client LSP test did not run\n".utf8))
            return
        }
        let units = try #require(CLIFixtures.unitsBinary, "build the units executable first")
        let directory = try CLIFixtures.temporaryDirectory()
        let path = directory + "/habits.units", report = directory + "/report.txt"
        try Self.journal.write(toFile: path, atomically: true, encoding: .utf8)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Editors/nvim-lsp-client.lua").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: nvim)
        process.arguments = ["--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", "luafile \(script)"]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var environment = ProcessInfo.processInfo.environment
        environment["UNITS_BIN"] = units
        environment["UNITS_JOURNAL"] = path
        environment["UNITS_REPORT"] = report
        environment["HOME"] = directory
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { process.terminate(); Issue.record("nvim did not finish within 60 s") }
        let facts = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(facts.contains("diagnostic undeclared-habit 6:13"), "\(facts)")
        #expect(facts.contains("action Change 'Readng' to 'Reading'"), "\(facts)")
        #expect(facts.contains("completion Meditate"), "\(facts)")
        #expect(facts.contains { $0.hasPrefix("format edits ") && $0 != "format edits 0" }, "\(facts)")
        #expect(facts.last == "status ok", "\(facts)")
        let saved = try String(contentsOfFile: path, encoding: .utf8)
        #expect(saved == """
            units 1
            2025-12-01 habit Reading
              unit: page
            2025-12-01 habit Meditate
              kind: check
            2025-12-14 Reading  3
            2025-12-14 Reading  2 ; 読書 😀
            2025-12-14 Meditate yes

            """)
        let lint = try CLIFixtures.run(units.replacingOccurrences(of: "/units", with: "/units-lint"), ["--strict", path], in: directory)
        #expect(lint.0 == 0, "\(lint.1)")
        let fmt = try CLIFixtures.run(units.replacingOccurrences(of: "/units", with: "/units-fmt"), ["--check", path], in: directory)
        #expect(fmt.0 == 0, "\(fmt.1)")
    }
}
