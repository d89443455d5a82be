import Foundation
import Testing
@testable import UnitsCLI
import UnitsKit

/// The README, the manual in docs/ and every command's `--help` say only
/// what the tools do (as hledger's shelltests and Rust's doc tests check
/// theirs):
///
/// - each ```sh block runs in bash, line by line, in one scratch folder per
///   page (a page's blocks run in order, so a later block sees what an
///   earlier one wrote), with the tools on PATH, `UNITS_NOW` at 2025-12-14
///   noon, the example journals under `Examples/` and `Grammar/`, and
///   `~/notes/habits.units` for the alias example. Every `units` line must
///   exit 0 (`units-lint`, `units-fmt --check` and `units nudge` may exit 1,
///   their "findings"). Lines for other programs that build, install or
///   change the machine (`swift build`, `make`, `git`, `pre-commit`) are not
///   run; `swift run TOOL` runs the built TOOL;
/// - each ```console block runs its `$ ` lines the same way and must print
///   exactly the lines under them (standard output and error together; a
///   line `...` ends what is compared);
/// - each ```units block is a whole journal: `units-lint --strict` silent,
///   `units-fmt --check` canonical.
///
/// Blocks for what a test cannot show (a terminal session, a path on your
/// machine) are ```text.
@Suite(.serialized) struct DocExampleTests {
    static let root = CLI.repositoryRoot.path

    struct Block {
        var page: String
        var line: Int
        var info: String
        var lines: [String]
    }

    static func blocks(_ page: String) throws -> [Block] {
        let text = try String(contentsOfFile: root + "/" + page, encoding: .utf8)
        var result: [Block] = []
        var current: Block?
        for (number, line) in text.components(separatedBy: "\n").enumerated() {
            if line.hasPrefix("```") {
                if let block = current {
                    result.append(block)
                    current = nil
                } else {
                    current = Block(page: page, line: number + 1, info: String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces), lines: [])
                }
            } else {
                current?.lines.append(line)
            }
        }
        return result
    }

    static var pages: [String] {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: root + "/docs")) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    /// A scratch folder as the examples expect to find things.
    static func scratch() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("units-docs-\(UUID().uuidString)").path
        let fm = FileManager.default
        try fm.createDirectory(atPath: dir + "/Examples", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: dir + "/Grammar", withIntermediateDirectories: true)
        try fm.createDirectory(atPath: dir + "/home/notes", withIntermediateDirectories: true)
        for name in try fm.contentsOfDirectory(atPath: root + "/Examples") where name.hasSuffix(".units") {
            try fm.copyItem(atPath: root + "/Examples/" + name, toPath: dir + "/Examples/" + name)
        }
        for name in ["sample.units", "sample-2024.units"] {
            try fm.copyItem(atPath: root + "/Grammar/" + name, toPath: dir + "/Grammar/" + name)
        }
        try fm.copyItem(atPath: root + "/Examples/habits.units", toPath: dir + "/home/notes/habits.units")
        return dir
    }

    static func bash(_ script: String, in directory: String, bin: String) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var environment = ProcessInfo.processInfo.environment
        for key in ["UNITS_FILE", "NO_COLOR", "UNITS_LOCK_TIMEOUT"] { environment[key] = nil }
        environment["PATH"] = bin + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["HOME"] = directory + "/home"
        environment["UNITS_NOW"] = "2025-12-14T12:00"
        environment["XDG_STATE_HOME"] = directory + "/state"
        environment["COLUMNS"] = "80"
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return (-1, "cannot run bash") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The command to run for a line of a shell example, or nil when the
    /// line is not run here (it builds, installs or changes the machine).
    static func runnable(_ line: String) -> String? {
        var command = line.trimmingCharacters(in: .whitespaces)
        if command.isEmpty || command.hasPrefix("#") { return nil }
        if command.hasPrefix("swift run ") { command = String(command.dropFirst("swift run ".count)) }
        let first = command.split(separator: " ").first.map(String.init) ?? ""
        if ["swift", "make", "git", "pre-commit", "sudo", "cd", "open", "xdg-open"].contains(first) { return nil }
        return command
    }

    /// Whether exit 1 means "findings" for this command, not a failure.
    static func mayFind(_ command: String) -> Bool {
        let words = command.split(separator: " ")
        return command.contains("units-lint") || (command.contains("units-fmt") && (words.contains("--check") || words.contains("--diff")))
            || words.starts(with: ["units", "nudge"])
    }

    static let preamble = "shopt -s expand_aliases\n"

    @Test func shellExamplesRunAsShown() throws {
        let units = try #require(unitsExecutable(), "build the executables first (swift build)")
        let bin = URL(fileURLWithPath: units).deletingLastPathComponent().path
        var ran = 0, skipped: [String] = []
        for page in Self.pages {
            let dir = try Self.scratch()
            defer { try? FileManager.default.removeItem(atPath: dir) }
            // Aliases and variables carry over from line to line within a page.
            var setup = Self.preamble
            for block in try Self.blocks(page) {
                switch block.info {
                case "sh":
                    for (offset, line) in block.lines.enumerated() {
                        guard let command = Self.runnable(line) else {
                            if !line.trimmingCharacters(in: .whitespaces).isEmpty, !line.hasPrefix("#") { skipped.append("\(page):\(block.line + offset + 1): \(line)") }
                            continue
                        }
                        ran += 1
                        let result = Self.bash(setup + command, in: dir, bin: bin)
                        let allowed: Set<Int32> = Self.mayFind(command) ? [0, 1] : [0]
                        #expect(allowed.contains(result.status), "\(page):\(block.line + offset + 1): `\(line)` exited \(result.status):\n\(result.output)")
                        if command.hasPrefix("alias ") || command.range(of: #"^[A-Za-z_]+="#, options: .regularExpression) != nil { setup += command + "\n" }
                    }
                case "console":
                    var k = 0
                    while k < block.lines.count {
                        let line = block.lines[k]
                        guard line.hasPrefix("$ ") else { k += 1; continue }
                        let command = String(line.dropFirst(2))
                        var expected: [String] = []
                        k += 1
                        while k < block.lines.count, !block.lines[k].hasPrefix("$ ") { expected.append(block.lines[k]); k += 1 }
                        guard let run = Self.runnable(command) else { skipped.append("\(page):\(block.line): \(command)"); continue }
                        ran += 1
                        let result = Self.bash(setup + run, in: dir, bin: bin)
                        var got = result.output.components(separatedBy: "\n")
                        if got.last == "" { got.removeLast() }
                        if let cut = expected.firstIndex(of: "...") {
                            expected = Array(expected[..<cut])
                            got = Array(got.prefix(expected.count))
                        }
                        #expect(got == expected, "\(page):\(block.line): `\(command)` printed:\n\(got.joined(separator: "\n"))\n--- the page shows:\n\(expected.joined(separator: "\n"))")
                    }
                default:
                    continue
                }
            }
            // What the page's examples left behind is a clean journal.
            if FileManager.default.fileExists(atPath: dir + "/habits.units") {
                let lint = Self.bash("units-lint --strict habits.units", in: dir, bin: bin)
                #expect(lint.status == 0 && lint.output.isEmpty, "\(page): the journal its examples wrote is not lint-clean:\n\(lint.output)")
            }
        }
        print("DocExampleTests: ran \(ran) example lines; not run (they build, install or change the machine): \(skipped.count)")
        for line in skipped { print("  not run: \(line)") }
        #expect(ran > 30)
    }

    @Test func journalSnippetsLintCleanAndCanonical() throws {
        var count = 0
        for page in Self.pages {
            for block in try Self.blocks(page) where block.info == "units" {
                count += 1
                let path = try CLI.temporaryFile(block.lines.joined(separator: "\n") + "\n")
                let lint = runTool(LintCommand.self, ["--strict", "--today", "2025-12-14", path])
                #expect(lint.code == .ok && lint.out.isEmpty, "\(page):\(block.line): the journal is not lint-clean:\n\(lint.out)\(lint.err)")
                let fmt = runTool(FormatCommand.self, ["--check", path])
                #expect(fmt.code == .ok, "\(page):\(block.line): the journal is not canonical (units-fmt --diff shows how)")
            }
        }
        #expect(count >= 1, "journal snippets found: \(count)")
    }

    /// The README's first example is a whole journal, not a fragment.
    @Test func theReadmesFirstJournalIsAJournal() throws {
        let first = try #require(Self.blocks("README.md").first { $0.info == "units" })
        #expect(first.lines.first == "units 1")
    }

    /// `units --help`'s "Start here", line after line in an empty folder:
    /// every line exits 0, and the journal it leaves is lint-clean.
    @Test func startHereInTheMainHelpRuns() throws {
        let units = try #require(unitsExecutable(), "build the executables first (swift build)")
        let bin = URL(fileURLWithPath: units).deletingLastPathComponent().path
        let help = UnitsTool.help().components(separatedBy: "\n")
        let start = try #require(help.firstIndex(of: "Start here:"))
        let lines = help[(start + 1)...].prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.count >= 5)
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for line in lines {
            let result = Self.bash(line, in: dir, bin: bin)
            #expect(result.status == 0, "`\(line)` exited \(result.status):\n\(result.output)")
        }
        let lint = Self.bash("units-lint --strict habits.units", in: dir, bin: bin)
        #expect(lint.status == 0 && lint.output.isEmpty, "\(lint.output)")
    }

    /// Every command's `--help` examples run on one of the example journals
    /// (exit 0 on at least one; never a usage error).
    @Test func helpExamplesRun() throws {
        let units = try #require(unitsExecutable(), "build the executables first (swift build)")
        let bin = URL(fileURLWithPath: units).deletingLastPathComponent().path
        var examples: [(command: String, example: String)] = []
        func collect(_ command: any Command.Type, prefix: String) {
            var inExamples = false
            for line in command.discussion.components(separatedBy: "\n") {
                let trimmedLine = line.trimmingCharacters(in: .whitespaces)
                if trimmedLine.hasPrefix("Examples"), trimmedLine.hasSuffix(":") { inExamples = true; continue }
                if inExamples {
                    let trimmed = line.trimmingCharacters(in: .whitespaces)
                    if trimmed.isEmpty { inExamples = false; continue }
                    if trimmed.hasPrefix("units") { examples.append((prefix, trimmed)) }
                }
            }
            for sub in command.subcommands { collect(sub, prefix: prefix + " " + sub.name) }
        }
        for command in UnitsTool.commands { collect(command, prefix: "units " + command.name) }
        #expect(examples.count > 20, "examples found: \(examples.count)")
        // `units serve` serves until stopped and `units check` reads keys from
        // a terminal: their examples run in their own tests (a real browser,
        // a real tmux), not here.
        for (command, example) in examples where !["units serve", "units check"].contains(command) {
            var outcomes: [String] = []
            var passed = false
            for journal in ["habits.units", "checkins.units"] {
                let dir = try Self.scratch()
                defer { try? FileManager.default.removeItem(atPath: dir) }
                // `units init` makes the journal itself.
                if !example.hasPrefix("units init") {
                    try FileManager.default.copyItem(atPath: dir + "/Examples/" + journal, toPath: dir + "/habits.units")
                }
                let result = Self.bash(example, in: dir, bin: bin)
                let allowed: Set<Int32> = Self.mayFind(example) ? [0, 1] : [0]
                if allowed.contains(result.status) { passed = true; break }
                outcomes.append("on \(journal): exit \(result.status): \(result.output)")
            }
            #expect(passed, "`\(command) --help` example `\(example)` does not run:\n\(outcomes.joined(separator: "\n"))")
        }
    }
}
