import Foundation
import Testing
@testable import UnitsCLI
import UnitsKit

/// What the write path cleans up and finishes after a crash, and what it
/// must leave alone: the user's files and edits.
@Suite struct WriteRecoveryTests {
    /// Sets a file's modification time `seconds` into the past.
    static func age(_ path: String, seconds: Int) {
        try? FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -Double(seconds))], ofItemAtPath: path)
    }

    /// Old files beside the journal named like temporaries but not made by
    /// units are the user's: only a name of the exact pattern with the right
    /// check digits is removed.
    @Test func onlyTheToolsOwnStaleTemporariesAreRemoved() {
        let scratch = Scratch(baseJournal)
        let mine = FileCommit.temporaryPath(next: scratch.journal, kind: .write)
        // Our own name in capitals is not ours; its first digit is made a
        // capital letter so that an all-digit random part still differs.
        let capitals = "A" + FileReader.fileName(of: mine).suffix(15).uppercased()
        let theirs = [".habits.units.tmp-backup", ".habits.units.tmp-12345", ".habits.units.tmp-1-2",
                      ".habits.units.tmp-0123456789abcdef", ".habits.units.tmp-" + capitals]
        for name in theirs { scratch.write("mine, keep it\n", to: name) }
        _ = FileManager.default.createFile(atPath: mine, contents: Data("left by a crash\n".utf8))
        // A multi-file commit's temporary is recovery's to judge, not the cleanup's.
        let pending = FileCommit.temporaryPath(next: scratch.journal, kind: .commit)
        _ = FileManager.default.createFile(atPath: pending, contents: Data("pending\n".utf8))
        for name in theirs + [FileReader.fileName(of: mine), FileReader.fileName(of: pending)] {
            Self.age(scratch.directory + "/" + name, seconds: 3600)
        }
        #expect(scratch.run(["log", "Reading", "1"]).code == .ok)
        for name in theirs { #expect(scratch.text(name) == "mine, keep it\n", "\(name) was removed") }
        #expect(!FileManager.default.fileExists(atPath: mine))
        #expect(FileManager.default.fileExists(atPath: pending))
        #expect(FileCommit.isTemporary(FileReader.fileName(of: mine), of: scratch.journal, kind: .write))
        #expect(!FileCommit.isTemporary(FileReader.fileName(of: mine), of: scratch.directory + "/other.units", kind: .write))
        #expect(!FileCommit.isTemporary(FileReader.fileName(of: pending), of: scratch.journal, kind: .write))
    }

    /// A rename across an include killed between its two renames, then a
    /// hand edit of the file it had not renamed yet: the next write keeps
    /// the edit, leaves the temporary and says so; once the temporary is
    /// deleted, nothing more is said.
    @Test func recoveryNeverOverwritesAnEditMadeAfterTheCrash() throws {
        let scratch = Scratch(RenameCommandTests.main)
        scratch.write(RenameCommandTests.included, to: "2024.units")
        let state = scratch.stateHome + "/units/undo"
        let process = try WritePathProcessTests.spawn("units", ["rename", "Reading", "Read", "--file", scratch.journal], scratch: scratch,
                                                      environment: ["UNITS_TEST_PAUSE_BEFORE_RENAME": "5000"])
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait for the first rename (one file new), then kill it.
        let files = [scratch.journal, scratch.directory + "/2024.units"]
        let originals = [RenameCommandTests.main, RenameCommandTests.included]
        var waited = 0
        while zip(files, originals).allSatisfy({ (try? String(contentsOfFile: $0, encoding: .utf8)) == $1 }) && waited < 400 {
            Thread.sleep(forTimeInterval: 0.01); waited += 1
        }
        SystemSignals.send(SIGKILL, to: process.processIdentifier)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal, "the rename was not caught between its renames")
        let unchanged = try #require(zip(files, originals).first { (try? String(contentsOfFile: $0, encoding: .utf8)) == $1 }?.0,
                                     "both files were renamed before the kill")
        let temporary = WritePathProcessTests.temporaries(in: scratch.directory)
        #expect(temporary.count == 1)
        // The user edits the file the rename had not reached (or checks it out again).
        let edited = try String(contentsOfFile: unchanged, encoding: .utf8) + "; edited by hand after the crash\n"
        try edited.write(toFile: unchanged, atomically: false, encoding: .utf8)
        let run = scratch.run(["log", "General", "1"])
        #expect(try String(contentsOfFile: unchanged, encoding: .utf8) == edited, "recovery overwrote the edit")
        #expect(run.err.contains("was not finished for \(FileReader.canonicalPath(unchanged))") && run.err.contains(temporary.first ?? "?"), "\(run.err)")
        #expect(WritePathProcessTests.temporaries(in: scratch.directory) == temporary)
        // The user compared and deleted it: the record of the change goes too.
        for name in temporary { try? FileManager.default.removeItem(atPath: scratch.directory + "/" + name) }
        let next = scratch.run(["log", "General", "1"])
        #expect(!next.err.contains("was not finished"), "\(next.err)")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: state)) ?? []).filter { $0.hasSuffix(".commit") }.isEmpty)
    }

    /// A write that starts while a rename across includes is between its
    /// renames waits for that rename's locks and leaves its change alone:
    /// recovery touches only a change whose process is gone.
    @Test func recoveryLeavesAChangeInProgressAlone() throws {
        let scratch = Scratch(RenameCommandTests.main)
        scratch.write(RenameCommandTests.included, to: "2024.units")
        let process = try WritePathProcessTests.spawn("units", ["rename", "Reading", "Read", "--file", scratch.journal], scratch: scratch,
                                                      environment: ["UNITS_TEST_PAUSE_BEFORE_RENAME": "1500"])
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var waited = 0
        while scratch.text() == RenameCommandTests.main && scratch.text("2024.units") == RenameCommandTests.included && waited < 400 {
            Thread.sleep(forTimeInterval: 0.01); waited += 1
        }
        let log = scratch.run(["log", "General", "1"])
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(log.code == .ok, "\(log.err)")
        #expect(!log.err.contains("interrupted"), "\(log.err)")
        #expect(scratch.text().contains("2025-01-01 Read 3") && scratch.text("2024.units").contains("habit Read\n"))
        #expect(WritePathProcessTests.temporaries(in: scratch.directory).isEmpty)
        let state = scratch.stateHome + "/units/undo"
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: state)) ?? []).filter { $0.hasSuffix(".commit") }.isEmpty)
    }

    /// `units-fmt` writes through the one write path: before it takes the
    /// lock it rolls back a change across includes that a crash stopped
    /// before its commit record (its temporary goes), and undo gives the
    /// bytes back exactly, also when formatting only adds the final line ending.
    @Test func formattingTakesTheWritePathsRecoveryAndUndo() throws {
        let messy = "units   1\n2025-12-01 habit  Walk\n2025-12-02   Walk  3\n"
        let scratch = Scratch(messy)
        let state = scratch.stateHome + "/units/undo"
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        let target = FileReader.canonicalPath(scratch.journal)
        let temporary = FileCommit.temporaryPath(next: target, kind: .commit)
        _ = FileManager.default.createFile(atPath: temporary, contents: Data("a rename's new version, never committed\n".utf8))
        func hex(_ text: String) -> String { text.utf8.map { String(format: "%02x", $0) }.joined() }
        let intent = state + "/0123456789abcdef.commit"
        try "prepare\n\(hex(temporary)) \(hex(target)) 0 0\n".write(toFile: intent, atomically: true, encoding: .utf8)
        let environment = ["XDG_STATE_HOME": scratch.stateHome]
        let fmt = runTool(FormatCommand.self, [scratch.journal], environment: environment)
        #expect(fmt.code == .ok, "\(fmt.err)")
        #expect(!FileManager.default.fileExists(atPath: temporary), "the interrupted change's temporary was left")
        #expect(!FileManager.default.fileExists(atPath: intent))
        #expect(scratch.run(["undo"]).code == .ok)
        #expect(scratch.text() == messy)
        let unended = "units 1\n\n2025-12-01 habit Walk\n2025-12-02 Walk 3"
        scratch.write(unended)
        #expect(runTool(FormatCommand.self, [scratch.journal], environment: environment).code == .ok)
        #expect(scratch.text() == unended + "\n")
        #expect(scratch.run(["undo"]).code == .ok)
        #expect(scratch.text() == unended)
    }
}
