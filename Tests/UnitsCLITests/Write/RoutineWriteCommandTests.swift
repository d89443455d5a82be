import Foundation
import Testing
@testable import UnitsCLI
import UnitsKit

/// `units habit delete` asks on a terminal: the preview first, then the
/// question; only y or yes deletes.
@Suite struct HabitDeleteTests {
    func run(_ scratch: Scratch, _ arguments: [String], answer: String?, terminal: Bool = true) -> (code: ExitCode, out: String, err: String) {
        final class Box { var out = "", err = "" }
        let box = Box()
        var io = CommandIO(writeOut: { box.out += $0 }, writeErr: { box.err += $0 },
                           environment: ["UNITS_NOW": scratch.now, "XDG_STATE_HOME": scratch.stateHome])
        io.inputIsTerminal = terminal
        io.readAnswer = { answer }
        let code = UnitsTool.main(arguments + ["--file", scratch.journal], io: io)
        return (code, box.out, box.err)
    }

    @Test(arguments: [("y", true), ("yes", true), ("Y", true), ("n", false), ("", false), (nil, false)] as [(String?, Bool)])
    func onlyYesDeletes(answer: String?, deletes: Bool) {
        let scratch = Scratch(RoutineWritesTests.journal)
        let before = scratch.bytes()
        let result = run(scratch, ["habit", "delete", "Reading"], answer: answer)
        #expect(result.err.contains("This deletes Reading: its declaration and 2 entries over 2 days (2025-12-08 to 2025-12-13). 1 task linked to it keeps its line and logs to General."))
        #expect(result.err.contains("[y/N]"))
        if deletes {
            #expect(result.code == .ok)
            #expect(!scratch.text().contains("Reading\n") && !scratch.text().contains("Reading  5"))
            #expect(scratch.text().contains("task \"Fix bike\" 2\n"))
        } else {
            #expect(result.code == .failure)
            #expect(result.err.contains("Nothing was deleted."))
            #expect(scratch.bytes() == before)
        }
    }

    /// The preview counts what goes: changes, archive lines, pauses, entries.
    @Test func thePreviewCountsEveryKindOfLine() {
        let text = RoutineWritesTests.journal + """
            2025-12-14 floor Reading 10/week
            2025-12-14 unit Reading chapter
            2025-12-14 archive Reading

            """
        let scratch = Scratch(text)
        let result = run(scratch, ["habit", "delete", "Reading", "--yes"], answer: nil, terminal: false)
        #expect(result.code == .ok, "\(result.err)")
        #expect(result.out.hasPrefix("This deletes Reading: its declaration, 2 unit, floor or goal changes, 1 archive line and 2 entries over 2 days (2025-12-08 to 2025-12-13)."))
        #expect(!scratch.text().contains("Reading"))
        #expect(runTool(LintCommand.self, ["--strict", "--today", "2025-12-14", scratch.journal]).code == .ok)
        #expect(scratch.run(["undo"]).code == .ok)
        #expect(scratch.text() == text)
    }

    /// Lines in an included file are not the main file's to rewrite: refused.
    @Test func linesInAnIncludedFileAreRefused() {
        let scratch = Scratch(RoutineWritesTests.journal + "include old.units\n")
        scratch.write("2025-12-02 Reading 4\n", to: "old.units")
        let before = scratch.text()
        let run = scratch.run(["habit", "delete", "Reading", "--yes"])
        #expect(run.code == .failure)
        #expect(run.err.contains("'Reading' has lines in") && run.err.contains("old.units, an included file"), "\(run.err)")
        #expect(scratch.text() == before && scratch.text("old.units") == "2025-12-02 Reading 4\n")
        let set = scratch.run(["habit", "delete", "Swim", "--yes"])
        #expect(set.code == .ok, "\(set.err)")
    }

    /// A group with members is refused; an empty group goes.
    @Test func groups() {
        let text = RoutineWritesTests.journal.replacingOccurrences(of: "2025-12-01 habit Gym\n", with: "2025-12-01 group Sport\n2025-12-01 group Empty\n2025-12-01 habit Gym\n  group: Sport\n")
        let scratch = Scratch(text)
        let refused = scratch.run(["habit", "delete", "Sport", "--yes"])
        #expect(refused.code == .failure)
        #expect(refused.err.contains("'Sport' is a group with members (Gym)"))
        #expect(scratch.text() == text)
        #expect(scratch.run(["habit", "delete", "Empty", "--yes"]).code == .ok)
        #expect(!scratch.text().contains("Empty"))
    }
}

/// `units group add`: the declaration goes before the first member's, dated
/// like it; every member gets `group:`; today shows the options.
@Suite struct GroupAddTests {
    @Test func theGroupIsDeclaredBeforeItsMembers() {
        let scratch = Scratch(RoutineWritesTests.journal)
        let run = scratch.run(["group", "add", "Exercise", "Swim", "Gym", "--priority", "must"])
        #expect(run.code == .ok, "\(run.err)")
        #expect(run.out.hasPrefix("Declared group Exercise with Swim, Gym as options"))
        #expect(scratch.text().contains("""
            2025-12-01 group Exercise
              priority: must
            2025-12-01 habit Gym
              kind:  check
              group: Exercise
            2025-12-01 habit Swim
              kind:  check
              group: Exercise

            """))
        // A comment leading into the first member's declaration stays with it.
        let commented = Scratch(RoutineWritesTests.journal.replacingOccurrences(of: "2025-12-01 habit Gym\n", with: "; lifting, mostly\n2025-12-01 habit Gym\n"))
        #expect(commented.run(["group", "add", "Exercise", "Gym"]).code == .ok)
        #expect(commented.text().contains("2025-12-01 group Exercise\n; lifting, mostly\n2025-12-01 habit Gym\n"), "\(commented.text())")
        let again = scratch.run(["group", "add", "Sport", "Gym"])
        #expect(again.code == .failure)
        #expect(again.err.contains("'Gym' is already in the group Exercise"))
        // Deleting the last member would leave an empty group: lint says so, refused.
        #expect(scratch.run(["habit", "delete", "Swim", "--yes"]).code == .ok)
        let last = scratch.run(["habit", "delete", "Gym", "--yes"])
        #expect(last.code == .failure)
        #expect(last.err.contains("[empty-group]"), "\(last.err)")
        #expect(scratch.run(["undo"]).code == .ok)
        let today = scratch.run(["today", "--today", "2025-12-14"])
        #expect(today.out.contains("Exercise  2 options"), "\(today.out)")
    }
}

/// `units task done N|PREFIX`: numbers as `units tasks` shows them.
@Suite struct TaskNumberTests {
    @Test func numbersAndPrefixesPickTheTasksListed() {
        let scratch = Scratch(RoutineWritesTests.journal)
        let list = scratch.run(["tasks"])
        #expect(list.out.contains("  1.  \"Buy butter\"  reminder"), "\(list.out)")
        #expect(list.out.contains("  3.  \"Fix bike\"    2 units   → Reading"), "\(list.out)")
        let done = scratch.run(["task", "done", "3"])
        #expect(done.out.hasPrefix("Done: \"Fix bike\" • 2 units to Reading"), "\(done.out)\(done.err)")
        #expect(scratch.text().hasSuffix("2025-12-14 done \"Fix bike\"\n"))
        #expect(scratch.run(["task", "add", "Call bank"]).code == .ok)
        let ambiguous = scratch.run(["task", "done", "call"])
        #expect(ambiguous.code == .failure)
        #expect(ambiguous.err.contains("2 open tasks start with \"call\": \"Call mum\", \"Call bank\""), "\(ambiguous.err)")
        let reminder = scratch.run(["task", "done", "1"])
        #expect(reminder.out.hasPrefix("Done: \"Buy butter\" • a reminder, nothing logged"))
        // A title that is a number is taken as the title first.
        #expect(scratch.run(["task", "add", "42"]).code == .ok)
        #expect(scratch.run(["task", "done", "42"]).out.hasPrefix("Done: \"42\""))
    }
}

/// `units amend` changes the last entry line only.
@Suite struct AmendTests {
    @Test func theLastEntryLineIsRewrittenInPlace() {
        let scratch = Scratch(RoutineWritesTests.journal)
        #expect(scratch.run(["log", "Reading", "3", "--date", "2025-12-14"]).code == .ok)
        let run = scratch.run(["amend", "5", "#train"])
        #expect(run.code == .ok, "\(run.err)")
        #expect(run.out.hasPrefix("Amended the last entry: `2025-12-14 Reading  3` → `2025-12-14 Reading 5 #train`"), "\(run.out)")
        #expect(scratch.text().hasSuffix("2025-12-14 Study    1\n2025-12-14 Reading  5 #train\n"), "\(scratch.text())")
        let notes = scratch.run(["amend", "--note", "on the bus"])
        #expect(notes.code == .ok)
        #expect(scratch.text().hasSuffix("2025-12-14 Reading  5 #train ; on the bus\n"), "\(scratch.text())")
        #expect(scratch.run(["undo"]).code == .ok)
        #expect(scratch.run(["undo"]).code == .ok)
        #expect(scratch.text().hasSuffix("2025-12-14 Reading  3\n"))
    }

    /// Like git's amend: the entry the last write added, also a backfill in
    /// the middle or a line that re-aligned its block; after a hand edit,
    /// the last entry line of the file.
    @Test func theEntryTheLastWriteAddedIsAmended() {
        let scratch = Scratch(RoutineWritesTests.journal)
        #expect(scratch.run(["log", "Reading", "7", "--date", "2025-12-09"]).code == .ok)
        let backfill = scratch.run(["amend", "6"])
        #expect(backfill.out.hasPrefix("Amended the last entry: `2025-12-09 Reading  7` → `2025-12-09 Reading 6`"), "\(backfill.out)\(backfill.err)")
        #expect(scratch.text().contains("2025-12-09 Reading  6\n2025-12-10 Read-10  8\n"), "\(scratch.text())")
        let again = scratch.run(["amend", "--note", "again"])
        #expect(again.out.contains("`2025-12-09 Reading  6` → `2025-12-09 Reading 6 ; again`"), "\(again.out)\(again.err)")
        // A wider name re-aligns the block; the new line is still the one found.
        #expect(scratch.run(["habit", "add", "Calligraphy", "--date", "2025-12-01"]).code == .ok)
        #expect(scratch.run(["log", "Calligraphy", "2", "--date", "2025-12-10"]).code == .ok)
        let wide = scratch.run(["amend", "3"])
        #expect(wide.out.contains("→ `2025-12-10 Calligraphy 3`"), "\(wide.out)\(wide.err)")
        // Edited by hand since: the last entry line of the file.
        scratch.write(scratch.text() + "2025-12-14 Reading     1\n")
        let hand = scratch.run(["amend", "2"])
        #expect(hand.out.contains("`2025-12-14 Reading     1` → `2025-12-14 Reading 2`"), "\(hand.out)\(hand.err)")
    }

    /// A backfill, then `units-fmt` re-laying the block out (its own undo
    /// record, adding no entry): amend still changes the backfilled entry,
    /// not the last line of the file.
    @Test func theLastWriteIsAmendedAfterTheFormatterMovedLines() {
        let messy = """
            units 1

            2025-12-01 habit Reading
              unit: page
            2025-12-01 habit Walk
            2025-12-08 Reading 5
            2025-12-13   Walk 2
            2025-12-14 Reading 3

            """
        let scratch = Scratch(messy)
        #expect(scratch.run(["log", "Reading", "7", "--date", "2025-12-10"]).code == .ok)
        let fmt = runTool(FormatCommand.self, [scratch.journal], environment: ["XDG_STATE_HOME": scratch.stateHome])
        #expect(fmt.code == .ok, "\(fmt.err)")
        #expect(scratch.text() != messy)
        let run = scratch.run(["amend", "9"])
        #expect(run.code == .ok, "\(run.err)")
        #expect(run.out.hasPrefix("Amended the last entry: `2025-12-10 Reading 7` → `2025-12-10 Reading 9`"), "\(run.out)")
        #expect(scratch.text().contains("2025-12-10 Reading 9\n") && scratch.text().contains("2025-12-14 Reading 3\n"), "\(scratch.text())")
        // A declaration after it adds no entry either.
        #expect(scratch.run(["habit", "add", "Swim", "--date", "2025-12-01"]).code == .ok)
        let again = scratch.run(["amend", "--note", "late"])
        #expect(again.out.contains("`2025-12-10 Reading 9` → `2025-12-10 Reading 9 ; late`"), "\(again.out)\(again.err)")
    }

    @Test func aJournalWithoutEntriesHasNothingToAmend() {
        let scratch = Scratch("units 1\n\n2025-12-01 habit Reading\n")
        let run = scratch.run(["amend", "2"])
        #expect(run.code == .failure)
        #expect(run.err.contains("the journal has no entry line to amend"))
    }
}

/// `units habit delete` in a real terminal (a pty from script(1)):
/// the question is asked on it and the typed answer decides.
@Suite struct HabitDeleteTerminalTests {
    func run(_ scratch: Scratch, answer: String) throws -> (status: Int32, output: String)? {
        guard let units = unitsExecutable(), let script = TerminalScript.found else { return nil }
        let process = script.process("exec '\(units)' habit delete Reading --file '\(scratch.journal)'")
        process.environment = ProcessInfo.processInfo.environment.merging(["XDG_STATE_HOME": scratch.stateHome, "NO_COLOR": "1"]) { $1 }
        let output = Pipe(), input = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        input.fileHandleForWriting.write(Data((answer + "\n").utf8))
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try? input.fileHandleForWriting.close()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test(arguments: [("y", true), ("n", false)]) func theAnswerDecides(answer: String, deletes: Bool) throws {
        let scratch = Scratch(RoutineWritesTests.journal)
        guard let (status, output) = try run(scratch, answer: answer) else {
            print("SKIPPED HabitDeleteTerminalTests: needs the built units and script(1)")
            return
        }
        #expect(output.contains("This deletes Reading: its declaration and 2 entries over 2 days"), "\(output)")
        #expect(output.contains("Delete Reading? `units archive Reading` keeps the history instead. [y/N]"), "\(output)")
        if deletes {
            #expect(status == 0, "\(output)")
            #expect(output.contains("Deleted Reading"))
            #expect(!scratch.text().contains("habit Reading"))
        } else {
            #expect(status == 1, "\(output)")
            #expect(output.contains("Nothing was deleted."))
            #expect(scratch.text() == RoutineWritesTests.journal)
        }
    }
}
