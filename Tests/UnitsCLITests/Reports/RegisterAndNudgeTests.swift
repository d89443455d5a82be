import Foundation
import Testing
@testable import UnitsCLI
import UnitsKit

/// `units entries` (the register) with queries, and `units nudge`'s two
/// templates and its exit status for cron.
@Suite struct RegisterAndNudgeTests {
    static let journal = """
        units 1

        2025-12-01 habit Reading
          unit: page
          floor: 14/week

        2025-12-01 habit Meditate
          kind: check

        2025-12-08 Reading 5 #book ; chapter one
        2025-12-08 Meditate yes
        2025-12-09 Reading 3 #book #bus
        2025-12-10 unit Reading chapter
        2025-12-10 Reading 1 #bus

        """

    func run(_ arguments: [String], file: String) -> CLIRun {
        CLI.units(arguments + ["--file", file, "--today", "2025-12-11"])
    }

    @Test func registerFiltersByQueryAndPeriod() throws {
        let file = try CLI.temporaryFile(Self.journal)
        let all = run(["entries", "--no-color"], file: file)
        #expect(all.code == .ok)
        #expect(all.out == """
            2025-12-08  Reading   5  pages    #book       ; chapter one
            2025-12-08  Meditate     yes
            2025-12-09  Reading   3  pages    #book #bus
            2025-12-10  Reading   1  chapter  #bus
            4 entries · Reading 8 pages · Reading 1 chapter

            """, "\(all.out)")
        let bus = run(["entries", "tag:bus", "--no-color"], file: file)
        #expect(bus.out.split(separator: "\n").count == 3 && bus.out.contains("2 entries"))
        let note = run(["entries", "note:chapter", "--csv"], file: file)
        #expect(note.out == "date,habit,value,unit,state,tags,note,task,file,line\r\n2025-12-08,Reading,5,page,,#book,chapter one,,\(file),10\r\n")
        let period = run(["entries", "--period", "2025-12-09", "--json"], file: file)
        #expect(period.out.contains("\"date\": \"2025-12-09\"") && !period.out.contains("\"date\": \"2025-12-08\""))
        let none = run(["entries", "Meditate", "--period", "yesterday"], file: file)
        #expect(none.code == .ok && none.out.hasPrefix("No entries in 2025-12-10"), "\(none.out)")
        let typo = run(["entries", "Readin", "tag:bus"], file: file)
        #expect(typo.code == .ok)
        let wrong = run(["entries", "Raeding"], file: file)
        #expect(wrong.code == .usage && wrong.err.contains("did you mean 'Reading'"))
    }

    @Test func nudgeSaysOneThingOrExitsOne() throws {
        let file = try CLI.temporaryFile(Self.journal)
        // 9 units this week against a floor of 14: the floor nudge, in today's unit.
        let floor = run(["nudge"], file: file)
        #expect(floor.code == .ok)
        #expect(floor.out == "You’re 5 chapters from your Reading soft floor.\n", "\(floor.out)")
        // Nothing logged on the 11th: the daily nudge when asked for it.
        let daily = run(["nudge", "--only", "daily"], file: file)
        #expect(daily.code == .ok && daily.out == "Drop 1 unit into today’s pile?\n")
        // Logged today, floor met: nothing to say, exit 1, no output.
        let done = try CLI.temporaryFile(Self.journal + "2025-12-11 Reading 6\n")
        let quiet = run(["nudge"], file: done)
        #expect(quiet.code == .failure && quiet.out.isEmpty && quiet.err.isEmpty)
        let json = run(["nudge", "--json"], file: done)
        #expect(json.code == .failure && json.out.contains("\"nudge\": null"))
        let bad = run(["nudge", "--only", "weekly"], file: file)
        #expect(bad.code == .usage && bad.err.contains("expects floor or daily"))
    }
}
