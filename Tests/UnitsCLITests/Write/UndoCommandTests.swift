import Testing
@testable import UnitsCLI
import UnitsKit

@Suite struct UndoCommandTests {
    @Test(arguments: [
        baseJournal,
        String(baseJournal.dropLast()),                                           // no final newline
        baseJournal.replacingOccurrences(of: "\n", with: "\r\n"),                 // CRLF
        "",                                                                       // empty file
    ])
    func logThenUndoIsByteIdentical(original: String) {
        let scratch = Scratch(original)
        let before = scratch.bytes()
        #expect(scratch.run(["log", "General", "7", "#x", "--note", "multi-unit add"]).code == .ok)
        #expect(scratch.bytes() != before)
        let undo = scratch.run(["undo"])
        #expect(undo.code == .ok, "\(undo.err)")
        #expect(undo.out == "Undone: Added 7 units to General on 2025-12-14 (removed `2025-12-14 General 7 #x ; multi-unit add`)\n")
        #expect(scratch.bytes() == before)
        // No undo of an undo, and nothing left to undo.
        let again = scratch.run(["undo"])
        #expect(again.code == .failure)
        #expect(again.err.contains("nothing to undo"))
        #expect(scratch.bytes() == before)
    }

    @Test func undoTakesBackAWholeDeclarationBlock() {
        let scratch = Scratch(baseJournal)
        #expect(scratch.run(["habit", "add", "Walk", "--unit", "lap", "--size", "0.25 miles"]).code == .ok)
        #expect(scratch.run(["undo"]).code == .ok)
        #expect(scratch.text() == baseJournal)
    }

    @Test func refusesAfterAHandEditOfTheLastLine() {
        let scratch = Scratch(baseJournal)
        #expect(scratch.run(["log", "Reading", "2"]).code == .ok)
        let edited = baseJournal + "2025-12-14 Reading 20\n"
        scratch.write(edited)
        let undo = scratch.run(["undo"])
        #expect(undo.code == .failure)
        #expect(undo.err.contains("was changed since units wrote `2025-12-14 Reading 2`"))
        #expect(undo.err.contains("only takes back a write while the file is exactly as that write left it"))
        #expect(scratch.text() == edited)
    }

    @Test func refusesWhenLinesWereAddedAfterIt() {
        let scratch = Scratch(baseJournal)
        #expect(scratch.run(["log", "Reading", "2"]).code == .ok)
        let grown = scratch.text() + "2025-12-14 Meditate yes\n"
        scratch.write(grown)
        let undo = scratch.run(["undo"])
        #expect(undo.code == .failure)
        #expect(undo.err.contains("lines were added"))
        #expect(scratch.text() == grown)
    }

    @Test func refusesWhenAnEarlierLineChanged() {
        let scratch = Scratch(baseJournal)
        #expect(scratch.run(["log", "Reading", "2"]).code == .ok)
        let changed = scratch.text().replacingOccurrences(of: "2025-12-08 Reading 5", with: "2025-12-08 Reading 6")
        scratch.write(changed)
        let undo = scratch.run(["undo"])
        #expect(undo.code == .failure)
        #expect(undo.err.contains("was changed since units wrote"))
        #expect(scratch.text() == changed)
    }

    @Test func undoesOnlyTheLastOfSeveralWrites() {
        let scratch = Scratch(baseJournal)
        scratch.run(["log", "Reading", "2"])
        let afterFirst = scratch.text()
        scratch.run(["log", "Reading", "3"])
        #expect(scratch.run(["undo"]).code == .ok)
        #expect(scratch.text() == afterFirst)
    }
}

import Foundation
