import Foundation
import Testing
@testable import UnitsCLI
import UnitsKit
import UnitsTestSupport

/// Random command lines built from every command, subcommand, option and
/// some values and garbage: the tool never crashes or hangs, always exits
/// 0, 1 or 2, says something on standard error whenever it exits 2, and
/// never leaves the journal unparseable.
@Suite struct CommandLineFuzzTests {
    static func vocabulary(file: String) -> [String] {
        var words: [String] = ["help", "--", "-", "-3", "yesterday", "mon", "2025-12-14", "2025-13-01", "Reading", "Walk", "Readng",
                               "tag:park", "note:x", "value:>3", "group:Nope", "not:Walk", "5", "0", "-1", "yes", "kinda", "#tag",
                               "x", "--today", "-f", file, "--file=\(file)", "-f\(file)", "--color", "always", "never", "--no-color",
                               "--width", "40", "500", "--json", "--csv", "--help", "--version", "\u{1B}[31m", "😀", "", "a=b",
                               "this week", "last 3 days", "2 miles", "km", "--period", "--date", "--days", "30"]
        func add(_ command: any Command.Type) {
            words.append(command.name)
            for option in command.options {
                words.append(option.name)
                if let short = option.short { words.append("-\(short)") }
                words += option.choices ?? []
            }
            command.subcommands.forEach(add)
        }
        UnitsTool.commands.forEach(add)
        return words.filter { !["lsp", "init", "serve"].contains($0) }   // lsp reads stdin until exit; init creates files; serve serves until stopped
    }

    @Test func randomCommandLinesNeverCrashAndAlwaysSayWhy() throws {
        let file = try CLI.temporaryFile(String(decoding: try Data(contentsOf: URL(fileURLWithPath: CLI.example("habits.units"))), as: UTF8.self))
        let words = Self.vocabulary(file: file)
        var generator = TestSeed.generator()
        var codes: [Int32: Int] = [:]
        for _ in 0..<1_000 {
            let count = Int.random(in: 0...6, using: &generator)
            var arguments = (0..<count).map { _ in words.randomElement(using: &generator)! }
            if Bool.random(using: &generator) { arguments += ["-f", file, "--today", "2025-12-14"] }
            if arguments.contains("lsp") || arguments.contains("init") || arguments.contains("serve") { continue }
            let captured = CapturedIO(environment: ["XDG_STATE_HOME": file + "-state", "HOME": "/nonexistent", "UNITS_NOW": "2025-12-14T12:00"])
            captured.io.inputIsData = false
            let code = UnitsTool.main(arguments, io: captured.io)
            codes[code.rawValue, default: 0] += 1
            if code == .usage {
                #expect(!captured.err.isEmpty, "\(arguments): exit 2 without a word")
            }
            let journal = Journal.load(path: file)
            #expect(!journal.hasErrors, "\(arguments) left a broken journal")
            if journal.hasErrors { break }
        }
        #expect(codes[0, default: 0] > 0 && codes[2, default: 0] > 0)
        print("command-line fuzz: exits \(codes.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", "))")
    }
}
