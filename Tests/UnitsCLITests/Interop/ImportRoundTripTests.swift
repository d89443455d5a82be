import Foundation
import Testing
@testable import UnitsCLI
import UnitsKit
import UnitsTestSupport

/// `units export --csv` of each example journal, imported with
/// `units import --from units` into an empty journal, gives the same
/// per-habit, per-day totals (units summed for count habits, the standing
/// state for check habits), and the new journal is canonical and lint-clean.
@Suite struct ImportRoundTripTests {
    static let examples = ["habits", "checkins", "minimal"].map { CLIFixtures.root + "/Examples/\($0).units" }


    @Test(arguments: examples)
    func exportThenImportKeepsDailyTotals(example: String) throws {
        let dir = try CLIFixtures.temporaryDirectory()
        let csvPath = dir + "/export.csv", journal = dir + "/habits.units"
        let export = CLIFixtures.units(["export", "--csv", "--file", example])
        #expect(export.0 == .ok, "\(export.2)")
        try export.1.write(toFile: csvPath, atomically: true, encoding: .utf8)
        let imported = CLIFixtures.units(["import", "--from", "units", "--file", journal, "--today", "2025-12-14", csvPath])
        #expect(imported.0 == .ok, "\(imported.2)")
        #expect(imported.2.hasPrefix("Imported "), "\(imported.2)")
        let before = Journal.load(path: example), after = Journal.load(path: journal)
        #expect(!after.hasErrors)
        #expect(DailyTotals.of(after) == DailyTotals.of(before))
        #expect(after.entries.count == before.entries.count)
        #expect(runTool(FormatCommand.self, ["--check", journal]).code == .ok)
        let lint = runTool(LintCommand.self, ["--strict", journal])
        #expect(lint.code == .ok, "\(lint.out)\(lint.err)")
        // Importing the same export again adds nothing.
        let again = CLIFixtures.units(["import", "--from", "units", "--file", journal, "--today", "2025-12-14", csvPath])
        #expect(again.0 == .ok && again.2.contains("nothing to import"), "\(again.2)")
    }
}
