import Foundation
import Testing
@testable import UnitsCLI
import UnitsKit

/// What the writing commands say must be true and lead somewhere.
@Suite struct WriteMessagesTests {
    /// A journal path that is a link to nothing: readers and writers say so,
    /// and the `units init` they point to makes the journal where the link
    /// points (before, they said "create it with units init", which then
    /// said it already exists).
    @Test func aDanglingLinkLeadsToAWorkingInit() {
        let scratch = Scratch()
        let link = scratch.directory + "/habits.units"
        let target = scratch.directory + "/synced.units"
        try? FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "synced.units")
        for command in [["log", "General", "1"], ["today"]] {
            let run = scratch.run(command)
            #expect(run.code == .failure)
            #expect(run.err.contains("is a symbolic link to \(target), which does not exist"), "\(command): \(run.err)")
        }
        let initRun = scratch.run(["init", link], file: false)
        #expect(initRun.code == .ok, "\(initRun.err)")
        #expect(initRun.out.hasPrefix("Created \(target) (\(link) links to it)"), "\(initRun.out)")
        #expect(scratch.run(["log", "General", "1"]).code == .ok)
        #expect(scratch.text("synced.units").contains("General 1"))
    }

    /// When the undo record cannot be kept, standard output does not
    /// promise `units undo`; standard error says why it will not work.
    @Test func noUndoHintWhenUndoWillNotWork() {
        let scratch = Scratch(RenameCommandTests.main)
        scratch.write(RenameCommandTests.included, to: "2024.units")
        scratch.write("a file where the state folder should be\n", to: "state")
        let environment = ["XDG_STATE_HOME": scratch.directory + "/state"]
        for command in [["log", "General", "1"], ["rename", "Reading", "Read"], ["habit", "delete", "Read", "--force"]] {
            let run = scratch.run(command, environment: environment)
            guard run.code == .ok else { continue }
            #expect(!run.out.contains("units undo"), "\(command): \(run.out)")
            #expect(run.err.contains("`units undo` will not be able to take it back"), "\(command): \(run.err)")
        }
    }

    /// An import of count rows calls them entries, not check-ins.
    @Test func anImportOfCountsSaysEntries() throws {
        let scratch = Scratch(baseJournal)
        scratch.write("date,habit,value\n2025-12-10,Reading,4\n2025-12-11,Reading,6\n", to: "counts.csv")
        let run = scratch.run(["import", "--from", "units", scratch.directory + "/counts.csv", "--today", "2025-12-14"])
        #expect(run.code == .ok, "\(run.err)")
        #expect(run.err.contains("2 entries") && !run.err.contains("check-in"), "\(run.err)")
    }

    /// `units-fmt` of a canonical journal on a read-only mount has nothing to
    /// write: exit 0. One that is not canonical there: exit 1, untouched.
    @Test func formattingACanonicalFileOnAReadOnlyMountSucceeds() throws {
        let scratch = Scratch()
        guard let mount = try DiskFullTests.mountTmpfs(size: "200k", in: scratch.directory, name: "ro",
                                                      test: "formattingACanonicalFileOnAReadOnlyMountSucceeds") else { return }
        defer { _ = DiskFullTests.shell(["/bin/umount", mount]) }
        let messy = baseJournal.replacingOccurrences(of: "units 1", with: "units   1")
        let canonicalText = runTool(FormatCommand.self, ["-"], stdin: baseJournal).out
        #expect(canonicalText != messy && !canonicalText.isEmpty)
        try canonicalText.write(toFile: mount + "/canonical.units", atomically: false, encoding: .utf8)
        try messy.write(toFile: mount + "/messy.units", atomically: false, encoding: .utf8)
        #expect(DiskFullTests.shell(["/bin/mount", "-o", "remount,ro", mount]) == 0)
        let canonical = runTool(FormatCommand.self, [mount + "/canonical.units"])
        #expect(canonical.code == .ok, "\(canonical.err)")
        let notCanonical = runTool(FormatCommand.self, [mount + "/messy.units"])
        #expect(notCanonical.code == .failure, "\(notCanonical.err)")
        #expect(notCanonical.err.contains("messy.units"))
        #expect((try? String(contentsOfFile: mount + "/messy.units", encoding: .utf8)) == messy)
    }
}
