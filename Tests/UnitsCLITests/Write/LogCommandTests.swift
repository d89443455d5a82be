import Testing
@testable import UnitsCLI
import UnitsKit

@Suite struct LogCommandTests {
    @Test func logsOneUnitAndReportsTodayAndWeek() {
        let scratch = Scratch(baseJournal)
        let run = scratch.run(["log", "Reading"])
        #expect(run.code == .ok)
        #expect(run.out == "Added 1 page to Reading • Today 4 • Week 11 • `units undo` to take it back\n")
        #expect(scratch.text() == baseJournal + "2025-12-14 Reading 1\n")
    }

    @Test func logsUnitsTagsAndNoteInCanonicalLayout() {
        let scratch = Scratch(baseJournal)
        let run = scratch.run(["log", "Reading", "+012.50", "#train", "#commute", "--note", "  on the train  "])
        #expect(run.code == .ok)
        #expect(scratch.text().hasSuffix("\n2025-12-14 Reading 12.5 #train #commute ; on the train\n"))
        #expect(run.out.hasPrefix("Added 12.5 pages to Reading #train #commute ; on the train • Today 15.5 • Week 22.5"))
    }

    /// The confirmation says what was written, in the habit's unit, so a
    /// tag the shell swallowed as a comment shows by its absence; `--tag`
    /// needs no quoting at all.
    @Test func confirmationShowsTheUnitTagsAndNote() {
        let scratch = Scratch(baseJournal)
        let run = scratch.run(["log", "Reading", "12", "#train", "--note", "on the train"])
        #expect(run.code == .ok, "\(run.err)")
        #expect(run.out.hasPrefix("Added 12 pages to Reading #train ; on the train • Today 15 • Week 22 •"), "\(run.out)")
        let tagged = scratch.run(["log", "Reading", "2", "--tag", "bus", "--tag", "#commute"])
        #expect(tagged.code == .ok, "\(tagged.err)")
        #expect(tagged.out.hasPrefix("Added 2 pages to Reading #bus #commute • Today 17"), "\(tagged.out)")
        #expect(scratch.text().hasSuffix("\n2025-12-14 Reading 2  #bus #commute\n") || scratch.text().hasSuffix("\n2025-12-14 Reading 2 #bus #commute\n"), "\(scratch.text())")
        let checked = scratch.run(["log", "Meditate", "kinda", "--tag", "park", "--note", "short"])
        #expect(checked.out.hasPrefix("Checked in Meditate: kinda #park ; short • Week 1 day done"), "\(checked.out)")
        #expect(scratch.run(["log", "Reading", "--tag", "not a tag"]).code == .usage)
        // A habit without a unit counts units; one unit is singular.
        #expect(scratch.run(["log", "Gym"]).out.hasPrefix("Added 1 unit to Gym • Today 1"))
    }

    @Test func weekFollowsTheWeekStartOption() {
        // Sunday 2025-12-14: with weeks starting on Sunday, only that day is in the week.
        let scratch = Scratch("option week-start sunday\n" + baseJournal)
        let run = scratch.run(["log", "Reading", "2"])
        #expect(run.out.hasPrefix("Added 2 pages to Reading • Today 5 • Week 5 •"))
    }

    @Test func dayStartShiftsTodayBack() {
        let scratch = Scratch("option day-start 04:00\n" + baseJournal)
        scratch.now = "2025-12-15T01:30"
        #expect(scratch.run(["log", "Reading"]).code == .ok)
        #expect(scratch.text().hasSuffix("\n2025-12-14 Reading 1\n"))
        scratch.now = "2025-12-15T04:00"
        #expect(scratch.run(["log", "Reading"]).code == .ok)
        #expect(scratch.text().hasSuffix("\n2025-12-15 Reading 1\n"))
    }

    @Test func explicitDateAndToday() {
        let scratch = Scratch(baseJournal)
        let run = scratch.run(["log", "Reading", "4", "--date", "2025-12-13", "--today", "2025-12-14"])
        #expect(run.code == .ok)
        #expect(run.out.hasPrefix("Added 4 pages to Reading on 2025-12-13 • 2025-12-13 6 • Week 14"))
        // A backfill lands in date order: after the last line of its date.
        #expect(scratch.text().hasSuffix("\n2025-12-13 Reading 2\n2025-12-13 Reading 4\n2025-12-14 Reading 3\n"))
    }

    @Test func correctionsAreNegative() {
        let scratch = Scratch(baseJournal)
        let run = scratch.run(["log", "Reading", "-1"])
        #expect(run.code == .ok)
        #expect(run.out.hasPrefix("Took 1 page off Reading • Today 2 • Week 9"))
    }

    @Test func checkInsTakeStatesAndNumbersWithAGoal() {
        let scratch = Scratch(baseJournal)
        #expect(scratch.run(["log", "Meditate", "kinda"]).out.hasPrefix("Checked in Meditate: kinda • Week 1 day done"))
        // A second check-in the same day replaces the first (default yes).
        let again = scratch.run(["log", "Meditate"])
        #expect(again.code == .ok, "\(again.err)")
        #expect(again.out.hasPrefix("Changed Meditate today: kinda → yes"))
        let numeric = scratch.run(["log", "Read-10", "12"])
        #expect(numeric.out.hasPrefix("Checked in Read-10: 12 (yes)"))
        #expect(scratch.text().hasSuffix("\n2025-12-14 Reading  3\n2025-12-14 Meditate yes\n2025-12-14 Read-10  12\n"))
        #expect(scratch.run(["undo"]).code == .ok)
        #expect(scratch.run(["undo"]).out.hasPrefix("Undone: Changed Meditate today: kinda → yes"))
        #expect(scratch.text().hasSuffix("\n2025-12-14 Reading  3\n2025-12-14 Meditate kinda\n"))
    }

    /// Every refusal exits 1, names the problem and leaves the file as it was.
    @Test(arguments: [
        (["log", "Readng"], "no habit named 'Readng'; did you mean 'Reading'?"),
        (["log", "Knitting"], "no habit named 'Knitting' (`units habit add Knitting` declares it)"),
        (["log", "Swim", "1"], "'Swim' is archived on 2025-12-14 (line 16: `2025-12-10 archive Swim`); `units unarchive Swim` to log it again, or --force"),
        (["log", "Reading", "0"], "0 units: nothing to log"),
        (["log", "Reading", "1000"], "Max 999 per add."),
        (["log", "Reading", "-1000"], "Max 999 per add."),
        (["log", "Reading", "yes"], "'Reading' counts units: log a number"),
        (["log", "Meditate", "3"], "'Meditate' is a check habit: log yes, kinda, no or skip"),
        (["log", "Exercise"], "'Exercise' is a group: log one of its members (Gym)"),
        (["log", "Reading", "--date", "2025-11-30"], "'Reading' is declared on 2025-12-01; cannot log it on 2025-11-30"),
        (["log", "Reading", "--date", "2025-12-15"], "2025-12-15 is in the future (today is 2025-12-14)"),
    ])
    func refusals(arguments: [String], message: String) {
        let scratch = Scratch(baseJournal)
        let run = scratch.run(arguments)
        #expect(run.code == .failure)
        #expect(run.err.contains(message), "\(run.err)")
        #expect(run.out.isEmpty)
        #expect(scratch.text() == baseJournal)
        #expect(scratch.bytes(".habits.units.undo").isEmpty)
    }

    /// Usage errors exit 2 and write nothing.
    @Test(arguments: [
        ["log"],
        ["log", "Reading", "lots"],
        ["log", "Reading", "1", "2"],
        ["log", "Reading", "#"],
        ["log", "Reading", "#a b"],
        ["log", "Reading", "--note", "two\nlines"],
        ["log", "Reading", "--date", "2025-13-01"],
        ["log", "Reading", "--bogus"],
    ])
    func usageErrors(arguments: [String]) {
        let scratch = Scratch(baseJournal)
        let run = scratch.run(arguments)
        #expect(run.code == .usage, "\(run.err)")
        #expect(!run.err.isEmpty)
        #expect(scratch.text() == baseJournal)
    }

    @Test func brokenJournalIsNeverWritten() {
        let broken = baseJournal + "2025-12-14 Reading 3;4\n"
        let scratch = Scratch(broken)
        let run = scratch.run(["log", "Reading"])
        #expect(run.code == .failure)
        #expect(run.err.contains("habits.units:"))
        #expect(run.err.contains("nothing was written"))
        #expect(scratch.text() == broken)
    }

    @Test func keepsCRLFAndAddsAMissingFinalLineEnding() {
        let crlf = baseJournal.replacingOccurrences(of: "\n", with: "\r\n")
        let scratch = Scratch(String(crlf.dropLast()))   // no final line ending ("\r\n" is one Character)
        #expect(scratch.run(["log", "Reading", "2"]).code == .ok)
        #expect(scratch.text() == crlf + "2025-12-14 Reading 2\r\n")
        #expect(scratch.run(["log", "Reading", "1"]).code == .ok)
        #expect(scratch.text() == crlf + "2025-12-14 Reading 2\r\n2025-12-14 Reading 1\r\n")
    }

    @Test func generalNeedsNoDeclaration() {
        let scratch = Scratch("units 1\n")
        let run = scratch.run(["log", "General", "2"])
        #expect(run.code == .ok, "\(run.err)")
        #expect(run.out.hasPrefix("Added 2 units to General • Today 2 • Week 2"))
    }
}

import Foundation
