import Foundation
import Testing
@testable import UnitsCLI

/// The Vim syntax in a real (headless) Neovim: names and tags beyond
/// Latin-1 are coloured whole, a season's or pause's end date is one date,
/// and `a;b` inside an attribute value is not a comment.
@Suite struct VimSyntaxTests {
    @Test func namesTagsEndDatesAndSemicolons() throws {
        guard let nvim = ["/usr/bin/nvim", "/usr/local/bin/nvim"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            print("SKIPPED VimSyntaxTests: nvim is not installed")
            return
        }
        let file = try CLI.temporaryFile("""
            units 1
            2025-12-01 habit Чтение
            2025-12-02 Чтение 3 #книга
            2025-12-20 pause Чтение 2026-01-02
            2025-12-01 season "Exam prep" 2025-12-31
            2025-12-01 habit Walk
              icon: a;b

            """)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: nvim)
        process.arguments = ["--headless", "-u", "NONE", "-c", "set rtp+=\(CLIFixtures.root)/Grammar/vim", "-c", "syntax on", "-c", "set ft=units",
                             "-c", "source \(CLIFixtures.root)/Tests/UnitsCLITests/Ecosystem/Editors/syntax-groups.vim", "-c", "qa!", file]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).replacingOccurrences(of: "\r", with: "\n")
        process.waitUntilExit()
        let lines = text.split(separator: "\n").filter { $0.contains("=>") }.map(String.init)
        func groups(_ prefix: String) -> String { lines.first { $0.hasPrefix(prefix) } ?? "" }
        #expect(groups("2025-12-01 habit Чтение").hasSuffix("18:unitsHabitName"), "\(lines)")
        #expect(groups("2025-12-02 Чтение").contains("12:unitsHabitRef 24:") && groups("2025-12-02 Чтение").hasSuffix("27:unitsTag"), "\(lines)")
        #expect(groups("2025-12-20 pause").hasSuffix("31:unitsDateValue"), "\(lines)")
        #expect(groups("2025-12-01 season").hasSuffix("31:unitsDateValue"), "\(lines)")
        #expect(!groups("  icon: a;b").contains("unitsComment"), "\(lines)")
    }
}
