import Testing
@testable import UnitsCLI
import UnitsKit

@Suite struct TaskCommandTests {
    @Test func addDoneLogsUnitsToTheLinkedHabit() {
        let scratch = Scratch(baseJournal)
        let add = scratch.run(["task", "add", "Finish \"outline\"", "--units", "2", "--habit", "Reading", "#thesis"])
        #expect(add.code == .ok, "\(add.err)")
        #expect(scratch.text().hasSuffix("\n2025-12-14 task \"Finish \\\"outline\\\"\" 2 Reading #thesis\n"))
        let done = scratch.run(["task", "done", "Finish \"outline\""])
        #expect(done.out == "Done: \"Finish \"outline\"\" • 2 units to Reading • `units undo` to take it back\n")
        #expect(scratch.text().hasSuffix("\n2025-12-14 done \"Finish \\\"outline\\\"\"\n"))
        let journal = Journal.load(path: scratch.journal)
        #expect(!journal.hasErrors)
        #expect(journal.entries.last?.units == Amount(2))
        #expect(journal.habits[Int(journal.entries.last!.habit)].name == "Reading")
    }

    /// The words after the title may follow the journal line's order.
    @Test(arguments: [
        (["task", "add", "Fix bike", "3", "Reading", "#errand"], "2025-12-14 task \"Fix bike\" 3 Reading #errand"),
        (["task", "add", "Fix bike", "2"], "2025-12-14 task \"Fix bike\" 2"),
        (["task", "add", "Fix bike", "Reading"], "2025-12-14 task \"Fix bike\" Reading"),
        (["task", "add", "Buy milk", "0", "#shop"], "2025-12-14 task \"Buy milk\" 0 #shop"),
    ])
    func positionalWordsFollowTheJournalLine(arguments: [String], line: String) {
        let scratch = Scratch(baseJournal)
        let run = scratch.run(arguments)
        #expect(run.code == .ok, "\(run.err)")
        #expect(scratch.text().hasSuffix("\n" + line + "\n"), "\(scratch.text())")
    }

    @Test func unlinkedTaskLandsInGeneralAndDropLogsNothing() {
        let scratch = Scratch(baseJournal)
        scratch.run(["task", "add", "Renew card"])
        #expect(scratch.run(["task", "done", "Renew card"]).out.hasPrefix("Done: \"Renew card\" • 1 unit to General"))
        scratch.run(["task", "add", "Paint fence", "--units", "5"])
        let entries = Journal.load(path: scratch.journal).entries.count
        #expect(scratch.run(["task", "drop", "Paint fence"]).out.hasPrefix("Dropped \"Paint fence\""))
        #expect(Journal.load(path: scratch.journal).entries.count == entries)
        #expect(scratch.text().hasSuffix("task \"Paint fence\" 5\n2025-12-14 drop \"Paint fence\"\n"))
    }

    @Test(arguments: [
        (["task", "done", "Nope"], "no open task \"Nope\"; there are no open tasks"),
        (["task", "add", "Read", "--habit", "Meditate"], "'Meditate' is a check habit"),
        (["task", "add", "Read", "--habit", "Exercise"], "'Exercise' is a group"),
        (["task", "add", "Read", "--habit", "Readin"], "did you mean 'Reading'?"),
        (["task", "add", "Finish", "book"], "for a title of several words, quote it: \"Finish book\""),
    ])
    func refusals(arguments: [String], message: String) {
        let scratch = Scratch(baseJournal)
        let run = scratch.run(arguments)
        #expect(run.code == .failure)
        #expect(run.err.contains(message), "\(run.err)")
        #expect(scratch.text() == baseJournal)
    }

    @Test func refusesADuplicateOpenTitleAndSuggestsOpenOnes() {
        let scratch = Scratch(baseJournal)
        scratch.run(["task", "add", "Outline"])
        let text = scratch.text()
        #expect(scratch.run(["task", "add", "Outline"]).err.contains("already open"))
        #expect(scratch.run(["task", "done", "Outlne"]).err.contains("did you mean \"Outline\"?"))
        #expect(scratch.text() == text)
    }

    @Test(arguments: [
        ["task"], ["task", "finish", "x"], ["task", "add"], ["task", "add", " "],
        ["task", "add", "x", "--units", "6"], ["task", "add", "x", "--units", "-1"], ["task", "add", "x", "Reading", "extra"],
        ["task", "add", "x", "3", "Reading", "more"], ["task", "add", "x", "6"], ["task", "add", "x", "2", "--units", "2"],
        ["task", "add", "x", "Reading", "--habit", "Reading"],
        ["task", "done"],
    ])
    func usageErrors(arguments: [String]) {
        let scratch = Scratch(baseJournal)
        #expect(scratch.run(arguments).code == .usage)
        #expect(scratch.text() == baseJournal)
    }

    @Test func tasksListsOpenTasksRolledOver() {
        let scratch = Scratch(baseJournal + """
            2025-12-10 task "Old one" 3 Reading #x
            2025-12-11 task "Closed"
            2025-12-12 done "Closed"

            """)
        scratch.run(["task", "add", "New one"])
        let run = scratch.run(["tasks"])
        #expect(run.out == """
            Open tasks (2); `units task done N` finishes one:
              1.  "Old one"  3 units  → Reading  since 2025-12-10 (4 days)  #x
              2.  "New one"  1 unit   → General  since 2025-12-14 (today)

            """)
        let json = scratch.run(["tasks", "--json", "--today", "2025-12-11"])
        #expect(json.out.contains("\"title\": \"Old one\""), "\(json.out)")
        #expect(json.out.contains("\"days_open\": 1"))
        #expect(!json.out.contains("New one"))
    }
}

import Foundation
