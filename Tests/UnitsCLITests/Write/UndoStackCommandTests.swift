import Foundation
import Testing
@testable import UnitsCLI
@testable import UnitsKit

/// `units undo` as a stack: many steps, each byte-exact; `--list`; refusals;
/// a rename across includes taken back in both files; all-or-nothing
/// multi-file commits.
@Suite struct UndoStackCommandTests {
    @Test func twentyFiveWritesUndoneOneByOneByteForByte() {
        let scratch = Scratch(WriteMatrixTests.journal)
        var snapshots: [[UInt8]] = []
        let writes: [[String]] = (0..<25).map { i in
            switch i % 5 {
            case 0: ["log", "Walk", "\(i + 1)"]
            case 1: ["log", "Weightlifting", "\(i)", "--date", "2025-12-11"]       // backfill: a rewrite
            case 2: ["log", "Meditate", i % 2 == 0 ? "yes" : "kinda"]              // replaces after the first
            case 3: ["task", "add", "Task \(i)"]
            default: ["floor", "Walk", "\(i)"]
            }
        }
        for write in writes {
            snapshots.append(scratch.bytes())
            let run = scratch.run(write)
            #expect(run.code == .ok, "\(write): \(run.err)")
        }
        let list = scratch.run(["undo", "--list"])
        #expect(list.code == .ok)
        #expect(list.out.hasPrefix("1. Set the floor of Walk to 24/week"), "\(list.out)")
        #expect(list.out.split(separator: "\n").count == 25)
        for (index, snapshot) in snapshots.enumerated().reversed() {
            let undo = scratch.run(["undo"])
            #expect(undo.code == .ok, "undo \(index): \(undo.err)")
            #expect(scratch.bytes() == snapshot, "undo \(index) is not byte-exact")
        }
        #expect(scratch.run(["undo"]).err.contains("nothing to undo"))
        #expect(scratch.run(["undo", "--list"]).out == "Nothing to undo for \(scratch.journal).\n")
    }

    @Test func refusesWhenTheFileChangedAndKeepsTheStack() {
        let scratch = Scratch(WriteMatrixTests.journal)
        #expect(scratch.run(["log", "Walk", "1"]).code == .ok)
        #expect(scratch.run(["log", "Walk", "2", "--date", "2025-12-11"]).code == .ok)
        let edited = scratch.text().replacingOccurrences(of: "floor: 5/week", with: "floor: 6/week")
        scratch.write(edited)
        let undo = scratch.run(["undo"])
        #expect(undo.code == .failure)
        #expect(undo.err.contains("was changed since units wrote `2025-12-11 Walk          2`"), "\(undo.err)")
        #expect(scratch.text() == edited)
        #expect(scratch.run(["undo", "--list"]).out.split(separator: "\n").count == 2)
    }

    @Test func aDamagedRecordIsRefusedNotTrusted() throws {
        let scratch = Scratch(WriteMatrixTests.journal)
        #expect(scratch.run(["log", "Walk", "1"]).code == .ok)
        let stack = UndoStack(journal: scratch.journal, directory: scratch.stateHome + "/units/undo")
        let text = try String(contentsOfFile: stack.location, encoding: .utf8)
        let damaged = text.replacingOccurrences(of: #"offset \d+"#, with: "offset 9223372036854775807", options: .regularExpression)
        try damaged.write(toFile: stack.location, atomically: true, encoding: .utf8)
        let before = scratch.bytes()
        let undo = scratch.run(["undo"])
        #expect(undo.code == .failure)
        #expect(undo.err.contains("is damaged"), "\(undo.err)")
        #expect(scratch.bytes() == before)
    }

    @Test func aRenameAcrossIncludesIsUndoneInEveryFile() {
        let scratch = Scratch(RenameCommandTests.main)
        scratch.write(RenameCommandTests.included, to: "2024.units")
        #expect(scratch.run(["rename", "Reading", "Read"]).code == .ok)
        #expect(scratch.text("2024.units").contains("habit Read\n"))
        let undo = scratch.run(["undo"])
        #expect(undo.code == .ok, "\(undo.err)")
        #expect(undo.out.hasPrefix("Undone: Renamed Reading to Read"))
        #expect(scratch.text() == RenameCommandTests.main)
        #expect(scratch.text("2024.units") == RenameCommandTests.included)
    }

    /// A rename that cannot write one of its files writes none.
    @Test func aRenameThatCannotWriteAnIncludeWritesNothing() {
        let scratch = Scratch(RenameCommandTests.main)
        scratch.write(RenameCommandTests.included, to: "2024.units")
        #expect((try? SystemFile.hardLink(scratch.directory + "/2024.units", to: scratch.directory + "/copy.units")) != nil)
        let run = scratch.run(["rename", "Reading", "Read"])
        #expect(run.code == .failure)
        #expect(run.err.contains("hard links"), "\(run.err)")
        #expect(scratch.text() == RenameCommandTests.main)
        #expect(scratch.text("2024.units") == RenameCommandTests.included)
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: scratch.directory)) ?? []).filter { $0.contains(".tmp-") }.isEmpty)
    }

    /// A crash after the commit record but before every rename: the next
    /// write finishes it, so each file ends up new (each still held what it
    /// held when the change began).
    @Test func anInterruptedFileCommitIsFinishedByRecovery() throws {
        let scratch = Scratch("units 1\n")
        scratch.write("a new\n", to: "a.units")
        scratch.write("b old\n", to: "b.units")
        let state = scratch.stateHome + "/units/undo"
        try UndoStack.makeDirectory(state)
        // The temporaries were written and the commit recorded; only a.units was renamed.
        let a = scratch.directory + "/a.units", b = scratch.directory + "/b.units"
        let ta = FileCommit.temporaryPath(next: a, kind: .commit), tb = FileCommit.temporaryPath(next: b, kind: .commit)
        _ = FileManager.default.createFile(atPath: tb, contents: Data("b new\n".utf8))
        let old = Array("a old\n".utf8), bOld = Array("b old\n".utf8)
        let intent = "commit\n" + FileCommit.hex(ta) + " " + FileCommit.hex(a) + " \(old.count) " + String(UndoRecord.hash(old), radix: 16) + "\n"
            + FileCommit.hex(tb) + " " + FileCommit.hex(b) + " \(bOld.count) " + String(UndoRecord.hash(bOld), radix: 16) + "\n"
        _ = FileManager.default.createFile(atPath: state + "/1.commit", contents: Data(intent.utf8))
        #expect(FileCommit.recover(directory: state).isEmpty)
        #expect(scratch.text("a.units") == "a new\n")
        #expect(scratch.text("b.units") == "b new\n")
        #expect(!FileManager.default.fileExists(atPath: state + "/1.commit"))
        // A crash before the commit record: the temporaries go, the files stay old.
        _ = FileManager.default.createFile(atPath: tb, contents: Data("b newer\n".utf8))
        _ = FileManager.default.createFile(atPath: state + "/2.commit", contents: Data(intent.replacingOccurrences(of: "commit\n", with: "prepare\n").utf8))
        #expect(FileCommit.recover(directory: state).isEmpty)
        #expect(scratch.text("b.units") == "b new\n")
        #expect(!FileManager.default.fileExists(atPath: tb) && !FileManager.default.fileExists(atPath: state + "/2.commit"))
    }
}
