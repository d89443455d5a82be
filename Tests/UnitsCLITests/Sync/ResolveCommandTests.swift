import Foundation
import Testing
@testable import UnitsCLI
import UnitsKit

/// `units resolve` and the notice every command gives: copies named as each
/// service names them, a copy that does not parse, a change made two ways,
/// includes, undo.
@Suite struct ResolveCommandTests {
    static let journal = """
        units 1

        2025-12-01 habit Walk
          unit: km
        2025-12-01 habit Reading
          unit: minute
        2025-12-02 Walk 3

        """

    static func entries(_ text: String) -> [String] {
        text.split(separator: "\n").filter { $0.hasPrefix("2025-12-") && !$0.contains(" habit ") }
            .map { $0.split(separator: " ").joined(separator: " ") }.sorted()
    }

    @Test(arguments: [
        "habits.sync-conflict-20251214-101530-ABCDEFG.units",
        "habits (Zoë Müller's conflicted copy 2025-12-14).units",
        "habits (Ana’s conflicted copy 2025-12-14) (1).units",
        "habits (conflicted copy 2025-12-14 101530).units",
        "habits 2.units",
        "habits (1).units",
        "habits-DESKTOP-1A2B3C4.units",
    ])
    func eachServicesCopyIsNoticedAndFolded(_ name: String) {
        let scratch = Scratch(Self.journal)
        scratch.write(Self.journal + "2025-12-03 Reading 30\n", to: name)
        scratch.run(["log", "Walk", "5", "--today", "2025-12-03"])
        // Every command says so, once, and still answers.
        let report = scratch.run(["today", "--today", "2025-12-03"])
        #expect(report.code == .ok)
        #expect(report.err.components(separatedBy: "units resolve").count == 2, "\(report.err)")
        #expect(report.err.contains(name), "\(report.err)")

        let dry = scratch.run(["resolve", "--dry-run"])
        #expect(dry.code == .ok && dry.out.contains("+2025-12-03 Reading 30") && dry.out.contains("Nothing was written"), "\(dry.out)\(dry.err)")
        #expect(FileManager.default.fileExists(atPath: scratch.directory + "/" + name))

        let run = scratch.run(["resolve"])
        #expect(run.code == .ok, "\(run.out)\(run.err)")
        #expect(Self.entries(scratch.text()) == ["2025-12-02 Walk 3", "2025-12-03 Reading 30", "2025-12-03 Walk 5"], "\(scratch.text())")
        #expect(!FileManager.default.fileExists(atPath: scratch.directory + "/" + name))
        #expect(!run.out.contains("without a known common version"), "\(run.out)")
        #expect(scratch.run(["today", "--today", "2025-12-03"]).err.isEmpty)
    }

    @Test(arguments: [["today"], ["log", "Walk", "1"], ["focus", "Reading", "--minutes", "5", "--no-timer"], ["tasks"], ["summary"],
                      ["entries"], ["habit", "Walk"], ["task", "add", "Call mom"], ["undo", "--list"], ["streaks"]])
    func everyCommandSaysItOnce(_ command: [String]) {
        let scratch = Scratch(Self.journal)
        scratch.write(Self.journal + "2025-12-03 Reading 30\n", to: "habits 2.units")
        let run = scratch.run(command + ["--today", "2025-12-03"].filter { _ in command[0] != "undo" })
        #expect(run.code == .ok, "\(command): \(run.out)\(run.err)")
        #expect(run.err.components(separatedBy: "`units resolve`").count == 2, "\(command): \(run.err)")
    }

    @Test func undoPutsBackTheJournalAndTheCopies() {
        let scratch = Scratch(Self.journal)
        let copies = ["habits.sync-conflict-20251214-101530-ABCDEFG.units", "habits 2.units"]
        scratch.write(Self.journal + "2025-12-03 Reading 30\n", to: copies[0])
        scratch.write(Self.journal + "2025-12-04 Walk 1\n", to: copies[1])
        let before = scratch.text()
        #expect(scratch.run(["resolve"]).code == .ok)
        #expect(Self.entries(scratch.text()).count == 3)
        let undo = scratch.run(["undo"])
        #expect(undo.code == .ok, "\(undo.err)")
        #expect(scratch.text() == before)
        #expect(scratch.text(copies[0]) == Self.journal + "2025-12-03 Reading 30\n")
        #expect(scratch.text(copies[1]) == Self.journal + "2025-12-04 Walk 1\n")
    }

    @Test func aCopyTheSameAsTheJournalIsRemovedAndUndoGivesItBack() {
        let scratch = Scratch(Self.journal)
        scratch.write(Self.journal, to: "habits 2.units")
        let run = scratch.run(["resolve"])
        #expect(run.code == .ok, "\(run.err)")
        #expect(scratch.text() == Self.journal)
        #expect(!FileManager.default.fileExists(atPath: scratch.directory + "/habits 2.units"))
        #expect(scratch.run(["undo"]).code == .ok)
        #expect(scratch.text("habits 2.units") == Self.journal)
    }

    @Test func keepCopiesKeepsThemAsideWhereNothingFoldsThemAgain() {
        let scratch = Scratch(Self.journal)
        let name = "habits (conflicted copy 2025-12-14 101530).units"
        scratch.write(Self.journal + "2025-12-03 Reading 30\n", to: name)
        let run = scratch.run(["resolve", "--keep-copies"])
        #expect(run.code == .ok, "\(run.err)")
        #expect(scratch.text(name + ".folded") == Self.journal + "2025-12-03 Reading 30\n")
        #expect(scratch.run(["resolve"]).out.contains("No conflict copies"))
    }

    @Test func aCopyThatDoesNotParseIsKeptNamedAndNothingIsWritten() {
        let scratch = Scratch(Self.journal)
        let good = "habits 2.units", bad = "habits.sync-conflict-20251214-101530-ABCDEFG.units"
        scratch.write(Self.journal + "2025-12-03 Reading 30\n", to: good)
        scratch.write(Self.journal + "2025-12-03 Walk ???\n", to: bad)
        let before = scratch.text()
        let run = scratch.run(["resolve"])
        #expect(run.code == .failure)
        #expect(run.err.contains(bad + ":8:"), "\(run.err)")
        #expect(run.err.contains("nothing was written"), "\(run.err)")
        #expect(scratch.text() == before)
        #expect(scratch.text(good) == Self.journal + "2025-12-03 Reading 30\n")
        #expect(FileManager.default.fileExists(atPath: scratch.directory + "/" + bad))
    }

    @Test func aDeclarationChangedBothWaysIsAConflictAndTheCopyIsKept() {
        let scratch = Scratch(Self.journal)
        // Walk's unit changed one way on the laptop, another on the phone.
        let ours = Self.journal.replacing("  unit: km", with: "  unit: lap")
        scratch.write(ours)
        let name = "habits.sync-conflict-20251214-101530-ABCDEFG.units"
        scratch.write(Self.journal.replacing("  unit: km", with: "  unit: mile") + "2025-12-03 Walk 2\n", to: name)
        let run = scratch.run(["resolve"])
        #expect(run.code == .failure, "\(run.out)\(run.err)")
        #expect(scratch.text().contains("<<<<<<< habits.units") && scratch.text().contains(">>>>>>> " + name), "\(scratch.text())")
        #expect(FileManager.default.fileExists(atPath: scratch.directory + "/" + name))
        #expect(run.err.contains("conflict"), "\(run.err)")
    }

    @Test func copiesOfAnIncludedFileAreFoldedIntoIt() {
        let scratch = Scratch("units 1\ninclude \"work.units\"\n\n2025-12-01 habit Walk\n")
        let work = "2025-12-01 habit Email\n2025-12-02 Email 3\n"
        scratch.write(work, to: "work.units")
        scratch.write(work + "2025-12-03 Email 4\n", to: "work (Ana's conflicted copy 2025-12-14).units")
        #expect(scratch.run(["today", "--today", "2025-12-03"]).err.contains("work (Ana's conflicted copy 2025-12-14).units"))
        let run = scratch.run(["resolve"])
        #expect(run.code == .ok, "\(run.err)")
        #expect(scratch.text("work.units").contains("2025-12-03 Email 4"))
        #expect(!scratch.text().contains("Email 4"))
    }

    @Test func withoutABaseTheLinesOnlyOneSideHeldAreListed() {
        let scratch = Scratch(Self.journal + "2025-12-03 Walk 5\n")
        // No undo record: the copy dropped Walk 3 (or the journal added it);
        // units cannot tell, keeps it, and lists it.
        scratch.write(Self.journal.replacing("2025-12-02 Walk 3\n", with: "") + "2025-12-03 Reading 30\n", to: "habits 2.units")
        let run = scratch.run(["resolve"])
        #expect(run.code == .ok, "\(run.err)")
        #expect(run.out.contains("without a known common version"))
        #expect(run.err.contains("habits.units: 2025-12-02 Walk 3"), "\(run.err)")
        #expect(Self.entries(scratch.text()) == ["2025-12-02 Walk 3", "2025-12-03 Reading 30", "2025-12-03 Walk 5"])
    }

    @Test func mergeOfTwoFilesIsTheSameFold() throws {
        let scratch = Scratch(Self.journal + "2025-12-03 Walk 5\n")
        scratch.write(Self.journal + "2025-12-03 Reading 30\n", to: "other.units")
        let run = scratch.run(["merge", scratch.journal, scratch.directory + "/other.units"], file: false)
        #expect(run.code == .ok, "\(run.err)")
        #expect(Self.entries(scratch.text()) == ["2025-12-02 Walk 3", "2025-12-03 Reading 30", "2025-12-03 Walk 5"])
    }

    /// With --json, the lines the fold wrote, as every write gives them;
    /// with --dry-run the lines it would write, and no diff around them.
    @Test func jsonGivesTheFoldedLines() throws {
        let scratch = Scratch(Self.journal)
        scratch.write(Self.journal + "2025-12-03 Reading 30\n", to: "habits 2.units")
        for dry in [true, false] {
            let run = scratch.run(["resolve", "--json"] + (dry ? ["--dry-run"] : []))
            #expect(run.code == .ok, "\(run.err)")
            let object = try JSONParser.parse(run.out)
            #expect(object["schema"]?.int == 1, "\(run.out)")
            #expect(object["command"]?.string == "units resolve" && object["file"]?.string == scratch.journal)
            // The fold prints the journal anew: the line it brings in, and the one realigned beside it.
            #expect(object["written"]?.array?.compactMap(\.string) == ["2025-12-02 Walk    3", "2025-12-03 Reading 30"], "\(run.out)")
            #expect(object["message"]?.string?.contains(dry ? "Nothing was written" : "Removed 1 copy") == true, "\(run.out)")
        }
        #expect(Self.entries(scratch.text()) == ["2025-12-02 Walk 3", "2025-12-03 Reading 30"])
        let none = scratch.run(["resolve", "--json"])
        #expect(none.code == .ok && none.out.contains("\"written\": []"), "\(none.out)\(none.err)")
    }

    /// With --dry-run --json, the totals are of the journal with the copy
    /// folded in: what the fold itself then prints.
    @Test func dryRunJSONGivesTheTotalsAfterTheFold() {
        let scratch = Scratch(Self.journal)
        scratch.write(Self.journal + "2025-12-03 Reading 30\n", to: "habits 2.units")
        func totals(_ arguments: [String]) -> String {
            let run = scratch.run(["resolve", "--json"] + arguments)
            return run.out.range(of: "\"totals\"").map { String(run.out[$0.lowerBound...]) } ?? run.out
        }
        let dry = totals(["--dry-run"])
        #expect(dry.contains("\"entries\": 2"), "\(dry)")
        #expect(dry == totals([]))
    }
}
