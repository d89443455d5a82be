import Testing
@testable import UnitsCLI
import UnitsKit

@Suite struct HabitCommandsTests {
    @Test func habitAddWritesADeclarationBlockWithFloorFive() {
        let scratch = Scratch(baseJournal)
        let run = scratch.run(["habit", "add", "Walk", "--unit", "lap", "--size", "0.25 miles", "--title", "Walk  outside", "--color", "green"])
        #expect(run.code == .ok, "\(run.err)")
        #expect(run.out.hasPrefix("Declared count habit Walk • floor 5/week"))
        #expect(scratch.text() == baseJournal + """

            2025-12-14 habit Walk
              title: "Walk  outside"
              unit:  lap
              size:  0.25 miles
              floor: 5/week
              color: green

            """)
        let journal = Journal.load(path: scratch.journal)
        let walk = journal.habit(named: "Walk")
        #expect(walk?.floor(on: CivilDate(iso: "2025-12-14")!) == Amount(5))
        #expect(walk?.currentUnit.size == Amount("0.25"))
        #expect(walk?.title == "Walk  outside")
        #expect(scratch.run(["log", "Walk", "4"]).out.hasPrefix("Added 4 laps to Walk • Today 4"))
    }

    @Test func checkHabitGetsNoFloor() {
        let scratch = Scratch(baseJournal)
        #expect(scratch.run(["habit", "add", "Floss", "--kind", "check", "--every", "mon wed fri"]).code == .ok)
        #expect(scratch.text().hasSuffix("\n\n2025-12-14 habit Floss\n  kind:     check\n  every:    mon wed fri\n  priority: must\n"))
    }

    /// The redesign's smart default: a new check habit is a must-do; a
    /// count habit (the Units document has no priority) stays nice, and
    /// --priority or a template's own priority wins.
    @Test func newCheckHabitIsAMustDo() {
        let scratch = Scratch(baseJournal)
        #expect(scratch.run(["habit", "add", "Stretch", "--kind", "check"]).code == .ok)
        #expect(scratch.text().hasSuffix("\n\n2025-12-14 habit Stretch\n  kind:     check\n  priority: must\n"))
        #expect(Journal.load(path: scratch.journal).habit(named: "Stretch")?.priority == .must)
        #expect(scratch.run(["habit", "add", "Tea", "--kind", "check", "--priority", "nice"]).code == .ok)
        #expect(scratch.text().hasSuffix("\n\n2025-12-14 habit Tea\n  kind:     check\n  priority: nice\n"))
        #expect(scratch.run(["habit", "add", "Walk"]).code == .ok)
        #expect(scratch.text().hasSuffix("\n\n2025-12-14 habit Walk\n  floor: 5/week\n"))
        #expect(Journal.load(path: scratch.journal).habit(named: "Walk")?.priority == .nice)
    }

    @Test(arguments: [
        (["habit", "add", "Reading"], 1, "'Reading' is already a habit"),
        (["habit", "add", "Exercise"], 1, "'Exercise' is already a group"),
        (["habit", "add", "General"], 1, "already the built-in habit"),
        (["habit", "add", "Walk", "--color", "bleu"], 1, "unknown colour 'bleu'"),
        (["habit", "add", "Walk", "--group", "Nope"], 1, "unknown group 'Nope'"),
        (["habit", "add", "task"], 2, "keyword"),
        (["habit", "add", "9lives"], 2, "not a valid name"),
        (["habit", "add", "Walk", "--floor", "2.5"], 2, "--floor expects a whole number"),
        (["habit", "add", "Walk", "--goal", "3"], 2, "--goal is for check habits"),
        (["habit", "add", "Walk", "--kind", "check", "--unit", "lap"], 2, "--unit is for count habits"),
        (["habit", "add", "Walk", "--kind", "sometimes"], 2, "--kind expects count or check"),
    ])
    func habitAddRefusals(arguments: [String], code: Int32, message: String) {
        let scratch = Scratch(baseJournal)
        let run = scratch.run(arguments)
        #expect(run.code.rawValue == code, "\(run.err)")
        #expect(run.err.contains(message), "\(run.err)")
        #expect(scratch.text() == baseJournal)
    }

    @Test func unitChangeGoesForward() {
        let scratch = Scratch(baseJournal)
        #expect(scratch.run(["unit", "Reading", "chapter", "ch", "--size", "1 chapter"]).code == .ok)
        #expect(scratch.text().hasSuffix("\n2025-12-14 unit Reading chapter ch\n"))
        #expect(scratch.run(["unit", "Reading", "block", "--size", "30 minutes"]).code == .ok)
        #expect(scratch.text().hasSuffix("\n2025-12-14 unit Reading block = 30 minutes\n"))
        let reading = Journal.load(path: scratch.journal).habit(named: "Reading")!
        #expect(reading.units.map(\.name) == ["page", "chapter", "block"])
        #expect(reading.currentUnit.measure == "minutes")
    }

    @Test func floorChange() {
        let scratch = Scratch(baseJournal)
        #expect(scratch.run(["floor", "Reading", "7"]).out.hasPrefix("Reading now has a floor of 7/week"))
        #expect(scratch.text().hasSuffix("\n2025-12-14 floor Reading 7/week\n"))
        #expect(Journal.load(path: scratch.journal).habit(named: "Reading")!.floor(on: CivilDate(iso: "2025-12-14")!) == Amount(7))
    }

    @Test(arguments: [
        (["unit", "Meditate", "minute"], 1, "'Meditate' is a check habit and has no unit"),
        (["unit", "Readng", "chapter"], 1, "did you mean 'Reading'?"),
        (["unit", "Reading"], 2, "expected HABIT UNIT"),
        (["unit", "Reading", "="], 2, "cannot be a unit name"),
        (["unit", "Reading", "ch", "--size", "lots"], 2, "--size expects a positive number"),
        (["floor", "Meditate", "3"], 1, "'Meditate' is a check habit and has no floor"),
        (["floor", "Reading", "-1"], 2, "whole number"),
        (["floor", "Reading"], 2, "expected HABIT N"),
        (["archive", "Swim"], 1, "'Swim' is already archived"),
        (["unarchive", "Reading"], 1, "'Reading' is not archived"),
        (["archive", "General"], 1, "built in"),
        (["archive", "Nope"], 1, "no habit named 'Nope'"),
        (["archive"], 2, "expected one habit"),
    ])
    func changeRefusals(arguments: [String], code: Int32, message: String) {
        let scratch = Scratch(baseJournal)
        let run = scratch.run(arguments)
        #expect(run.code.rawValue == code, "\(run.err)")
        #expect(run.err.contains(message), "\(run.err)")
        #expect(scratch.text() == baseJournal)
    }

    @Test func archiveAndUnarchive() {
        let scratch = Scratch(baseJournal)
        #expect(scratch.run(["archive", "Reading"]).code == .ok)
        #expect(scratch.run(["log", "Reading"]).err.contains("archived"))
        #expect(scratch.run(["unarchive", "Swim"]).code == .ok)
        #expect(scratch.run(["archive", "Exercise"]).code == .ok)   // groups too
        #expect(scratch.text().hasSuffix("\n2025-12-14 archive Reading\n2025-12-14 unarchive Swim\n2025-12-14 archive Exercise\n"))
        #expect(scratch.run(["log", "Swim", "1"]).code == .ok)
        #expect(!Journal.load(path: scratch.journal).hasErrors)
    }
}

import Foundation
