import Foundation
import Testing
@testable import UnitsCLI

/// Grammar/emacs/units-mode.el in a real (batch) Emacs: a `;` inside a word
/// (`icon: a;b`) or a string is not a comment, a `;` after white space is,
/// and names and tags in any script are coloured (issue 21).
@Suite struct EmacsModeTests {
    @Test func semicolonsNamesAndTags() throws {
        guard let emacs = ["/usr/bin/emacs", "/usr/local/bin/emacs"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            print("SKIPPED EmacsModeTests: emacs is not installed")
            return
        }
        let file = try CLI.temporaryFile("""
            units 1
            ; a comment line
            2025-12-01 habit Чтение
              icon: a;b
              note: "x ; y"
            2025-12-02 Чтение 3 #книга ; вечером

            """)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: emacs)
        process.arguments = ["--batch", "-Q", "-l", CLIFixtures.root + "/Grammar/emacs/units-mode.el",
                             "-l", CLIFixtures.root + "/Tests/UnitsCLITests/Editors/emacs-faces.el", file]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let lines = text.split(separator: "\n").map(String.init)
        func runs(_ prefix: String) -> String { lines.first { $0.hasPrefix(prefix + " =>") } ?? "" }
        #expect(runs("; a comment line").hasSuffix("=> 1:comment"), "\(lines)")
        #expect(runs("2025-12-01 habit Чтение").hasSuffix("18:font-lock-type-face"), "\(lines)")
        #expect(runs("  icon: a;b") == "  icon: a;b => 1:- 3:font-lock-builtin-face 7:-", "\(lines)")
        #expect(!runs("  note: \"x ; y\"").contains("comment") && runs("  note: \"x ; y\"").hasSuffix("9:font-lock-string-face"), "\(lines)")
        let entry = runs("2025-12-02 Чтение 3 #книга ; вечером")
        #expect(entry.contains("12:font-lock-variable-name-face") && entry.contains("21:font-lock-doc-face") && entry.hasSuffix("28:comment"), "\(lines)")
    }
}
