import Foundation
import Testing
@testable import UnitsCLI
import UnitsKit

/// The pre-commit set-up of docs/formatting-and-linting.md, run by the real
/// `pre-commit` framework (`pip install pre-commit`; the test prints SKIPPED
/// without it) exactly as printed there: the ```yaml block with `repo: local`
/// and `language: system`, the built tools first on PATH. The journal is
/// created with `units init --starter all` and then changed by every writing
/// command, with a commit after each: every commit passes the hooks.
@Suite struct PreCommitTests {
    static func which(_ tool: String) -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let path = "\(directory)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    static func run(_ executable: String, _ arguments: [String], in directory: String, environment: [String: String]) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        guard (try? process.run()) != nil else { return (-1, "cannot run \(executable)") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// The ```yaml block of docs/formatting-and-linting.md that holds `repo: local`.
    static func documentedConfig() throws -> String {
        let page = try String(contentsOfFile: CLI.repositoryRoot.appendingPathComponent("docs/formatting-and-linting.md").path, encoding: .utf8)
        let blocks = page.components(separatedBy: "```yaml\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        return try #require(blocks.first { $0.contains("repo: local") }, "no ```yaml block with repo: local in docs/formatting-and-linting.md")
    }

    @Test func everyWritingCommandPassesTheDocumentedHooks() throws {
        guard let preCommit = Self.which("pre-commit"), let git = Self.which("git") else {
            print("SKIPPED: pre-commit test: the pre-commit framework (pip install pre-commit) or git is not installed")
            return
        }
        let units = try #require(unitsExecutable(), "build the executables first (swift build)")
        let bin = URL(fileURLWithPath: units).deletingLastPathComponent().path
        let scratch = Scratch()
        let repo = scratch.directory
        let environment = ["PATH": bin + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
                           "UNITS_NOW": "2025-12-14T12:00", "XDG_STATE_HOME": scratch.stateHome,
                           "PRE_COMMIT_HOME": scratch.stateHome + "/pre-commit",
                           "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.org",
                           "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.org"]
        func git_(_ arguments: [String]) -> (status: Int32, output: String) { Self.run(git, arguments, in: repo, environment: environment) }
        #expect(git_(["init", "-q"]).status == 0)
        let config = try Self.documentedConfig()
        #expect(config.contains("repo: local") && config.contains("language: system"))
        scratch.write(config, to: ".pre-commit-config.yaml")
        let install = Self.run(preCommit, ["install"], in: repo, environment: environment)
        #expect(install.status == 0, "\(install.output)")
        #expect(git_(["add", ".pre-commit-config.yaml"]).status == 0)
        #expect(git_(["commit", "-q", "-m", "config"]).status == 0)

        scratch.write("2025-12-14\nWalk  2\n", to: "in.timedot")
        let steps: [[String]] = [
            ["init", "habits.units", "--starter", "all", "--today", "2025-12-10"],
            ["log", "Reading", "3"],
            ["log", "Walk", "2", "--note", "around the park"],
            ["log", "Gym", "4", "#legs", "--date", "2025-12-12"],
            ["habit", "add", "Meditate", "--kind", "check", "--every", "day", "--priority", "must"],
            ["log", "Meditate", "kinda"],
            ["log", "Meditate", "yes"],
            ["habit", "add", "Read10", "--kind", "check", "--goal", "10", "--min", "2", "--date", "2025-12-11"],
            ["task", "add", "Write report", "--units", "3", "--habit", "Writing", "#work"],
            ["task", "done", "Write report"],
            ["task", "add", "Old task"],
            ["task", "drop", "Old task"],
            ["unit", "Reading", "chapter", "ch", "--size", "1 chapter"],
            ["floor", "Walk", "9"],
            ["archive", "Coding"],
            ["unarchive", "Coding"],
            ["rename", "Gym", "Lifting"],
            ["import", "--from", "timedot", "in.timedot"],
            ["log", "Study", "2", "--date", "2025-12-11"],
            ["undo"],
            // The routine writes (writes2).
            ["habit", "add", "--from-template", "Drink-water", "--date", "2025-12-10"],
            ["habit", "add", "--from-template", "Pages"],
            ["habit", "set", "Pages", "goal=5 pages", "title=Read a bit"],
            ["habit", "set", "Reading", "floor=7", "color=blue"],
            ["group", "add", "Fitness", "Lifting", "Walk", "--priority", "must"],
            ["pause", "Coding", "--from", "2025-12-15", "--until", "2025-12-20"],
            ["pause", "Writing", "--until", "2025-12-20"],
            ["resume", "Writing"],
            ["task", "add", "Buy butter", "--units", "0"],
            ["task", "done", "1"],
            ["log", "Reading", "2"],
            ["amend", "4", "--note", "on the bus"],
            ["focus", "Study", "--no-timer", "--minutes", "10"],
            ["habit", "delete", "Pages", "--yes"],
        ]
        for step in steps {
            let result = Self.run(units, step + (step.first == "init" ? [] : ["--file", "habits.units"]), in: repo, environment: environment)
            #expect(result.status == 0, "\(step): \(result.output)")
            #expect(git_(["add", "habits.units"]).status == 0)
            let commit = git_(["commit", "-q", "-m", step.joined(separator: " ")])
            #expect(commit.status == 0, "the hooks rejected the commit after `units \(step.joined(separator: " "))`:\n\(commit.output)\n\(scratch.text())")
        }
        let log = git_(["log", "--oneline"])
        #expect(log.output.split(separator: "\n").count == steps.count + 1, "\(log.output)")
    }
}
