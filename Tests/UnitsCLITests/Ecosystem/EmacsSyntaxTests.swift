import Foundation
import Testing
@testable import UnitsCLI

/// units-mode in a real Emacs (batch): `a;b` inside an attribute value is
/// text, `; note` after white space is a comment, names and tags beyond
/// Latin-1 get their faces.
@Suite struct EmacsSyntaxTests {
    @Test func commentsNamesAndTags() throws {
        guard let emacs = ["/usr/bin/emacs", "/usr/local/bin/emacs"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            print("SKIPPED EmacsSyntaxTests: emacs is not installed")
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: emacs)
        process.arguments = ["--batch", "-Q", "-L", CLIFixtures.root + "/Grammar/emacs", "-l", CLIFixtures.root + "/Tests/UnitsCLITests/Ecosystem/Editors/emacs-faces.el"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let faces = Dictionary(text.split(separator: "\n").compactMap { line -> (String, String)? in
            let parts = line.components(separatedBy: " => ")
            return parts.count == 2 ? (parts[0], parts[1]) : nil
        }, uniquingKeysWith: { $1 })
        #expect(faces["a;b"] == "nil", "\(text)")
        #expect(faces["; a note"] == "font-lock-comment-face", "\(text)")
        #expect(faces["Чтение 3"] == "font-lock-variable-name-face", "\(text)")
        #expect(faces["#книга"] == "font-lock-doc-face", "\(text)")
        #expect(faces["x ; y"] == "font-lock-string-face", "\(text)")   // a ';' in a string is not a comment
    }
}
