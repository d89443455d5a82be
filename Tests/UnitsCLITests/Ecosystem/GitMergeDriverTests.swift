import Foundation
import Testing
@testable import UnitsCLI

/// `units merge` as git's merge driver, in a real repository: two branches
/// that both logged entries merge cleanly; a declaration edited two ways
/// conflicts.
@Suite(.serialized) struct GitMergeDriverTests {
    static let git = "/usr/bin/git"
    static let base = """
        units 1

        2025-12-01 habit Reading
          unit: page
          floor: 20/week
        2025-12-01 Reading 3

        """

    /// A repository with the driver configured and `habits.units` committed on main.
    static func repository() throws -> String {
        let binary = try #require(CLIFixtures.unitsBinary, "build the units executable first (swift build)")
        let dir = try CLIFixtures.temporaryDirectory()
        func git(_ args: String...) throws { try CLIFixtures.run(Self.git, Array(args), in: dir) }
        try git("init", "-q", "-b", "main")
        try git("config", "user.email", "test@example.com")
        try git("config", "user.name", "Test")
        try git("config", "merge.units.driver", "\(binary) merge %O %A %B %P")
        try "*.units merge=units\n".write(toFile: dir + "/.gitattributes", atomically: true, encoding: .utf8)
        try base.write(toFile: dir + "/habits.units", atomically: true, encoding: .utf8)
        try git("add", ".")
        try git("commit", "-qm", "base")
        return dir
    }

    static func commit(_ dir: String, branch: String, from: String = "main", _ text: String) throws {
        try CLIFixtures.run(git, ["checkout", "-q", "-B", branch, from], in: dir)
        try text.write(toFile: dir + "/habits.units", atomically: true, encoding: .utf8)
        try CLIFixtures.run(git, ["commit", "-qam", branch], in: dir)
    }

    @Test func entriesLoggedOnTwoDevicesMergeWithoutConflict() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.git) else { print("SKIPPED: \(Self.git) not found"); return }
        let dir = try Self.repository()
        try Self.commit(dir, branch: "laptop", Self.base + "2025-12-02 Reading 5 ; laptop\n2025-12-03 Reading 2\n")
        try Self.commit(dir, branch: "phone", Self.base + "2025-12-02 Reading 4 ; phone\n2025-12-04 task \"Return books\"\n")
        try CLIFixtures.run(Self.git, ["checkout", "-q", "laptop"], in: dir)
        let (status, output) = try CLIFixtures.run(Self.git, ["merge", "-q", "--no-edit", "phone"], in: dir)
        #expect(status == 0, "\(output)")
        let merged = try String(contentsOfFile: dir + "/habits.units", encoding: .utf8)
        #expect(merged == Self.base + """
            2025-12-02 Reading 5 ; laptop
            2025-12-02 Reading 4 ; phone
            2025-12-03 Reading 2
            2025-12-04 task "Return books"

            """)
        let (_, log) = try CLIFixtures.run(Self.git, ["log", "--oneline"], in: dir)
        #expect(log.contains("Merge branch 'phone'"))
    }

    @Test func aDeclarationEditedTwoWaysIsLeftWithConflictMarkers() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.git) else { print("SKIPPED: \(Self.git) not found"); return }
        let dir = try Self.repository()
        try Self.commit(dir, branch: "laptop", Self.base.replacingOccurrences(of: "20/week", with: "25/week") + "2025-12-02 Reading 1\n")
        try Self.commit(dir, branch: "phone", Self.base.replacingOccurrences(of: "20/week", with: "10/week") + "2025-12-02 Reading 2\n")
        try CLIFixtures.run(Self.git, ["checkout", "-q", "laptop"], in: dir)
        let (status, output) = try CLIFixtures.run(Self.git, ["merge", "-q", "--no-edit", "phone"], in: dir)
        #expect(status != 0)
        #expect(output.contains("CONFLICT"), "\(output)")
        let merged = try String(contentsOfFile: dir + "/habits.units", encoding: .utf8)
        // The declaration with its attributes is the unit in dispute.
        #expect(merged.contains("  floor: 25/week\n=======\n2025-12-01 habit Reading\n  unit: page\n  floor: 10/week\n>>>>>>> theirs\n"), "\(merged)")
        // The appended entries are merged even so.
        #expect(merged.hasSuffix("2025-12-02 Reading 1\n2025-12-02 Reading 2\n"))
    }

    @Test func mergeCommandNeedsThreeFiles() {
        // Two files are a merge without a base (`units merge OURS THEIRS`); one is not a merge.
        let (code, _, err) = CLIFixtures.units(["merge", "a"])
        #expect(code == .usage)
        #expect(err.contains("expected three files"))
    }
}
