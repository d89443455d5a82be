import Foundation
import Testing
@testable import UnitsCLI
import UnitsKit

/// The base of a fold with no undo history (`KnownBases`): the journal's
/// git history (real git), and the last version units read or wrote
/// (`SeenVersions`). With either, a line deleted by hand on this device
/// does not come back when the other device's copy is folded in.
@Suite(.serialized) struct KnownBaseTests {
    static let git = "/usr/bin/git"
    static let journal = ResolveCommandTests.journal + "2025-12-03 Reading 10\n"
    /// This device, by hand: Reading 10 deleted, Walk 5 added.
    static let ours = ResolveCommandTests.journal + "2025-12-04 Walk 5\n"
    /// The other device: Reading 30 added.
    static let theirs = journal + "2025-12-05 Reading 30\n"
    static let expected = ["2025-12-02 Walk 3", "2025-12-04 Walk 5", "2025-12-05 Reading 30"]
    static let copy = "habits.sync-conflict-20251214-101530-ABCDEFG.units"

    static func gitAvailable() -> Bool {
        if FileManager.default.isExecutableFile(atPath: git) { return true }
        print("SKIPPED KnownBaseTests (git): needs \(git)")
        return false
    }

    /// The scratch folder made a repository with `journal` committed.
    static func committed(_ scratch: Scratch) throws {
        for arguments in [["init", "-q"], ["add", "habits.units"], ["-c", "user.name=T", "-c", "user.email=t@example.org", "commit", "-q", "-m", "base"]] {
            let (status, output) = try CLIFixtures.run(git, arguments, in: scratch.directory)
            try #require(status == 0, "git \(arguments): \(output)")
        }
    }

    @Test func gitHistoryIsTheBaseOfACopy() throws {
        guard Self.gitAvailable() else { return }
        let scratch = Scratch(Self.journal)
        try Self.committed(scratch)
        scratch.write(Self.ours)
        scratch.write(Self.theirs, to: Self.copy)
        let run = scratch.run(["resolve"])
        #expect(run.code == .ok, "\(run.out)\(run.err)")
        #expect(!run.out.contains("without a known common version"), "\(run.out)")
        #expect(ResolveCommandTests.entries(scratch.text()) == Self.expected, "\(scratch.text())")
    }

    @Test func gitHistoryIsTheBaseOfMergeWithoutOne() throws {
        guard Self.gitAvailable() else { return }
        let scratch = Scratch(Self.journal)
        try Self.committed(scratch)
        scratch.write(Self.ours)
        scratch.write(Self.theirs, to: "other.units")
        let run = scratch.run(["merge", scratch.journal, scratch.directory + "/other.units"], file: false)
        #expect(run.code == .ok, "\(run.err)")
        #expect(!run.err.contains("Reading 10"), "\(run.err)")
        #expect(ResolveCommandTests.entries(scratch.text()) == Self.expected, "\(scratch.text())")
    }

    @Test func theVersionUnitsLastReadIsTheBaseOfACopy() {
        let scratch = Scratch(Self.journal)
        #expect(scratch.run(["today", "--today", "2025-12-03"]).code == .ok)
        scratch.write(Self.ours)
        scratch.write(Self.theirs, to: Self.copy)
        let run = scratch.run(["resolve"])
        #expect(run.code == .ok, "\(run.out)\(run.err)")
        #expect(!run.out.contains("without a known common version"), "\(run.out)")
        #expect(ResolveCommandTests.entries(scratch.text()) == Self.expected, "\(scratch.text())")
    }

    @Test func aReadAfterTheHandEditStillLeavesTheEarlierVersion() {
        let scratch = Scratch(Self.journal)
        #expect(scratch.run(["today", "--today", "2025-12-03"]).code == .ok)
        scratch.write(Self.ours)
        #expect(scratch.run(["today", "--today", "2025-12-04"]).code == .ok)
        scratch.write(Self.theirs, to: Self.copy)
        let run = scratch.run(["resolve"])
        #expect(run.code == .ok, "\(run.out)\(run.err)")
        #expect(ResolveCommandTests.entries(scratch.text()) == Self.expected, "\(scratch.text())")
    }

    @Test func anAppendingWriteKeepsTheStoredVersionCurrent() throws {
        let scratch = Scratch(Self.journal)
        #expect(scratch.run(["today", "--today", "2025-12-03"]).code == .ok)
        #expect(scratch.run(["log", "Walk", "2", "--today", "2025-12-05"]).code == .ok)
        let seen = SeenVersions(journal: scratch.journal, undoDirectory: UndoStack.directory(environment: ["XDG_STATE_HOME": scratch.stateHome]))
        let versions = seen.versions()
        #expect(versions.first == scratch.bytes(), "\(versions.map { String(decoding: $0, as: UTF8.self) })")
        #expect(versions.dropFirst().isEmpty)
    }

    @Test func aTornStoredVersionIsNeverABase() throws {
        let scratch = Scratch(Self.journal)
        #expect(scratch.run(["today", "--today", "2025-12-03"]).code == .ok)
        let folder = scratch.stateHome + "/units/seen"
        let stored = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first { $0.hasSuffix(".seen") })
        // A crash left half of it: it fails its hash.
        _ = FileManager.default.createFile(atPath: folder + "/" + stored, contents: Data(Self.journal.utf8.prefix(40)))
        let seen = SeenVersions(journal: scratch.journal, undoDirectory: folder.replacing("/seen", with: "/undo"))
        #expect(seen.versions().isEmpty)
    }
}
