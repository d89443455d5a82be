import Foundation
import Testing
@testable import UnitsCLI
@testable import UnitsKit

/// The notices the tools give on standard error beside their work: conflict
/// copies beside the journal (`units import`, `units-lint`, `units-fmt`, as
/// every `units` command), and a `.gitattributes` naming the units merge
/// driver that git on this device does not have (real git, an empty HOME).
@Suite(.serialized) struct ToolNoticeTests {
    static let copy = "habits.sync-conflict-20251214-101530-ABCDEFG.units"

    static func saysResolveOnce(_ err: String) -> Bool { err.components(separatedBy: "`units resolve`").count == 2 }

    @Test func lintFmtAndImportTellOfConflictCopies() {
        let scratch = Scratch(ResolveCommandTests.journal)
        scratch.write(ResolveCommandTests.journal + "2025-12-03 Reading 30\n", to: Self.copy)
        let environment = ["XDG_STATE_HOME": scratch.stateHome]
        let lint = runTool(LintCommand.self, [scratch.journal, "--today", "2025-12-03"], environment: environment)
        #expect(lint.code == .ok && Self.saysResolveOnce(lint.err), "\(lint.out)\(lint.err)")
        let check = runTool(FormatCommand.self, ["--check", scratch.journal], environment: environment)
        #expect(check.code == .ok && Self.saysResolveOnce(check.err), "\(check.err)")
        let format = runTool(FormatCommand.self, [scratch.journal], environment: environment)
        #expect(format.code == .ok && Self.saysResolveOnce(format.err), "\(format.err)")
        scratch.write("2025-12-04\nWalk  1\n", to: "in.timedot")
        let imported = scratch.run(["import", "--from", "timedot", scratch.directory + "/in.timedot"])
        #expect(imported.code == .ok && Self.saysResolveOnce(imported.err), "\(imported.out)\(imported.err)")
        // Standard input has no folder, so no copies.
        let piped = runTool(LintCommand.self, ["-", "--today", "2025-12-03"], stdin: ResolveCommandTests.journal, environment: environment)
        #expect(!piped.err.contains("units resolve"), "\(piped.err)")
    }

    static let git = "/usr/bin/git"
    static let setting = "git config --global merge.units.driver 'units merge %O %A %B %P'"

    /// A repository with `attributes` as its .gitattributes, and an empty
    /// HOME for git (no global configuration).
    static func repository(_ attributes: String) throws -> (Scratch, [String: String])? {
        guard FileManager.default.isExecutableFile(atPath: git) else {
            print("SKIPPED ToolNoticeTests (merge driver): needs \(git)")
            return nil
        }
        let scratch = Scratch(ResolveCommandTests.journal)
        let (status, output) = try CLIFixtures.run(git, ["init", "-q"], in: scratch.directory)
        try #require(status == 0, "\(output)")
        scratch.write(attributes, to: ".gitattributes")
        let home = scratch.directory + "-home"
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        return (scratch, ["HOME": home, "GIT_CONFIG_NOSYSTEM": "1", "XDG_STATE_HOME": scratch.stateHome])
    }

    @Test func anUnconfiguredDriverIsToldOnceByLintAndWrites() throws {
        guard let (scratch, environment) = try Self.repository("*.units merge=units\n") else { return }
        defer { try? FileManager.default.removeItem(atPath: environment["HOME"]!) }
        let lint = runTool(LintCommand.self, [scratch.journal, "--today", "2025-12-03"], environment: environment)
        #expect(lint.code == .ok, "\(lint.err)")
        #expect(lint.err.components(separatedBy: Self.setting).count == 2, "\(lint.err)")
        #expect(lint.err.contains(scratch.directory + "/.gitattributes"), "\(lint.err)")
        let log = scratch.run(["log", "Walk", "2", "--today", "2025-12-03"], environment: environment)
        #expect(log.code == .ok && log.err.components(separatedBy: Self.setting).count == 2, "\(log.err)")
        // Reports say nothing of it.
        #expect(!scratch.run(["today", "--today", "2025-12-03"], environment: environment).err.contains("merge driver"))

        // Configured globally in that HOME: silent.
        let home = environment["HOME"]!
        let (status, output) = try CLIFixtures.run(Self.git, ["config", "--global", "merge.units.driver", "units merge %O %A %B %P"],
                                                   in: scratch.directory, environment: ["HOME": home, "GIT_CONFIG_GLOBAL": home + "/.gitconfig"])
        try #require(status == 0, "\(output)")
        let after = runTool(LintCommand.self, [scratch.journal, "--today", "2025-12-03"], environment: environment)
        #expect(after.err.isEmpty, "\(after.err)")
    }

    @Test func aDriverSetInTheRepositoryOrNoAttributeIsSilent() throws {
        guard let (scratch, environment) = try Self.repository("*.units merge=units\n") else { return }
        defer { try? FileManager.default.removeItem(atPath: environment["HOME"]!) }
        try CLIFixtures.run(Self.git, ["config", "merge.units.driver", "units merge %O %A %B %P"], in: scratch.directory)
        #expect(runTool(LintCommand.self, [scratch.journal, "--today", "2025-12-03"], environment: environment).err.isEmpty)

        for attributes in ["*.txt merge=units\n", "# *.units merge=units\n", "*.units merge=units\nhabits.units -merge\n", "*.units diff\n"] {
            guard let (other, otherEnvironment) = try Self.repository(attributes) else { return }
            defer { try? FileManager.default.removeItem(atPath: otherEnvironment["HOME"]!) }
            let run = runTool(LintCommand.self, [other.journal, "--today", "2025-12-03"], environment: otherEnvironment)
            #expect(run.err.isEmpty, "\(attributes): \(run.err)")
        }
    }

    @Test func attributePatternsMatchAsGitMatchesThem() {
        #expect(GitMergeDriverCheck.mergeDriver(in: "*.units merge=units\n", for: "habits.units") == "units")
        #expect(GitMergeDriverCheck.mergeDriver(in: "*.units merge=units\n", for: "notes/habits.units") == "units")
        #expect(GitMergeDriverCheck.mergeDriver(in: "/habits.units merge=units\n", for: "notes/habits.units") == nil)
        #expect(GitMergeDriverCheck.mergeDriver(in: "notes/*.units\tmerge=units\r\n", for: "notes/habits.units") == "units")
        #expect(GitMergeDriverCheck.mergeDriver(in: "*.units merge=units\n*.units merge=text\n", for: "habits.units") == "text")
    }
}
