import Testing
@testable import UnitsCLI
@testable import UnitsKit

struct SummaryCommandTests {
    /// A journal small enough to add up by hand.
    static let journal = """
        units 1
        2025-12-01 habit Reading
          unit: page
        2025-12-01 habit Walk
          unit: lap
          size: 0.25 miles
        2025-12-01 habit Meditate
          kind: check
        2025-12-10 Reading 3
        2025-12-10 Reading 2      ; 5 pages so far
        2025-12-11 Walk 4
        2025-12-11 Reading -1     ; correction: 4 pages
        2025-12-11 Meditate yes
        2025-12-12 Meditate no
        2025-12-12 Meditate kinda ; the last check-in of a day stands
        2025-12-12 task "Tidy desk" 2
        2025-12-13 done "Tidy desk"   ; 2 units to General
        2025-12-20 Reading 10         ; after --today: not counted
        """

    @Test func textSummaryMatchesHandComputedTotals() throws {
        let path = try CLI.temporaryFile(Self.journal)
        let run = CLI.units(["summary", "--file", path, "--today", "2025-12-14"])
        #expect(run.code == .ok, "\(run.err)")
        // Reading 3 + 2 - 1 = 4; Walk 4; General 2 (the task); total 10.
        // Meditate: yes on 12-11, kinda on 12-12 (no overridden).
        #expect(run.out == """
            Journal through 2025-12-14
              4 habits, 8 entries from 2025-12-10 to 2025-12-13
              (1 entries after 2025-12-14 not counted)
              Tasks: 0 open, 1 done, 0 dropped
              Total units: 10

              Reading   4 pages  (3 entries)
              Walk      4 laps  (1 entry)
              Meditate  yes 1 · kinda 1 · no 0  (3 entries)
              General   2 units  (1 entry)

            """)
    }

    @Test func summaryAsJSON() throws {
        let path = try CLI.temporaryFile(Self.journal)
        let run = CLI.units(["summary", "--file", path, "--today", "2025-12-14", "--json"])
        #expect(run.code == .ok)
        #expect(run.out.contains("\"totalUnits\": 10,"))
        #expect(run.out.contains("\"entries\": 8,"))
        #expect(run.out.contains("\"futureEntries\": 1,"))
    }

    /// The README's main command. Totals cross-checked with awk over the
    /// entry lines plus the estimates of the done tasks.
    @Test func exampleJournalSummary() {
        let run = CLI.units(["--file", CLI.example("habits.units"), "--today", "2025-12-14", "--json"])
        #expect(run.code == .ok, "\(run.err)")
        let summary = JournalSummary(Journal.load(path: CLI.example("habits.units")), through: CivilDate(iso: "2025-12-14")!)
        let units = Dictionary(uniqueKeysWithValues: summary.habits.map { ($0.name, $0.units) })
        #expect(units["Reading"] == 656 && units["Gym"] == 594 && units["Writing"] == 175 && units["Walk"] == 453)
        #expect(units["Coding"] == 86 && units["Study"] == 354 && units["General"] == 11)
        #expect(summary.totalUnits == 2329 && summary.entryCount == 341)
        #expect(summary.taskCounts == (2, 10, 1))
    }

    @Test func usageAndInputErrors() throws {
        let bad = CLI.units(["summary", "--file", "x.units", "--today", "14/12/2025"])
        #expect(bad.code == .failure || bad.code == .usage)
        let date = try CLI.temporaryFile("units 1\n")
        let badDate = CLI.units(["summary", "--file", date, "--today", "14/12/2025"])
        #expect(badDate.code == .usage && badDate.err.contains("--today: expected a day such as 2025-12-14"))
        let unknown = CLI.units(["sumary"])
        #expect(unknown.code == .usage && unknown.err.contains("did you mean 'summary'?"))
        let option = CLI.units(["summary", "--flie", "x"])
        #expect(option.code == .usage && option.err.contains("did you mean '--file'?"))
        let missing = CLI.units(["summary", "--file", "/nonexistent/habits.units"])
        #expect(missing.code == .failure && missing.err.contains("/nonexistent/habits.units: no such journal"))
        let none = CLI.units(["summary"], environment: ["HOME": "/nonexistent"])
        #expect(none.code == .failure && none.err.contains("units init"))
        let broken = try CLI.temporaryFile("2025-12-14 Reading 3\n")
        let refused = CLI.units(["summary", "--file", broken])
        #expect(refused.code == .failure && refused.err.contains("1 error in the journal"))
    }

    @Test func helpForEveryCommand() {
        #expect(CLI.units(["--help"]).out.contains("Commands:"))
        for command in UnitsTool.commands {
            let run = CLI.units([command.name, "--help"])
            #expect(run.code == .ok && run.out.contains("Usage: units \(command.name)"))
        }
    }
}
