import Foundation
import Testing
@testable import UnitsCLI
import UnitsKit

/// `units import` into a journal that already has later entries puts each
/// imported line in date order, where `units log --date` would put it.
@Suite struct ImportDateOrderTests {
    static func lint(_ scratch: Scratch) -> (code: ExitCode, out: String, err: String) {
        runTool(LintCommand.self, ["--today", "2025-12-14", scratch.journal])
    }

    /// The small journal most tests use, in date order.
    static let journal = baseJournal.replacingOccurrences(of: "2025-12-10 archive Swim\n", with: "")

    @Test func importedHistoryLandsInDateOrder() {
        let scratch = Scratch(Self.journal)
        #expect(!Self.lint(scratch).out.contains("date-order"))
        scratch.write("""
            date,habit,value,unit
            2025-12-11,Reading,6,page
            2025-12-10,Reading,4,page
            2025-12-09,Walk,2,
            2025-12-20,Reading,1,page

            """, to: "history.csv")
        let run = scratch.run(["import", "--from", "units", scratch.directory + "/history.csv", "--today", "2025-12-20"])
        #expect(run.code == .ok, "\(run.err)")
        let lines = scratch.text().split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        let order = ["2025-12-08 Reading 5", "2025-12-09 habit Walk", "2025-12-09 Walk 2", "2025-12-10 Reading 4", "2025-12-11 Reading 6",
                     "2025-12-13 Reading 2", "2025-12-14 Reading 3", "2025-12-20 Reading 1"]
        let positions = order.map { line in lines.firstIndex(of: line) }
        #expect(positions.allSatisfy { $0 != nil }, "\(scratch.text())")
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted(), "\(scratch.text())")
        let lint = runTool(LintCommand.self, ["--today", "2025-12-20", scratch.journal])
        #expect(!lint.out.contains("date-order") && !lint.err.contains("date-order"), "\(lint.out)\(lint.err)")
        // A later backfill is placed, not refused.
        #expect(scratch.run(["log", "Reading", "1", "--date", "2025-12-12"]).code == .ok)
        // And undo takes the whole import back.
        #expect(scratch.run(["undo"]).code == .ok)
        #expect(scratch.run(["undo"]).code == .ok)
        #expect(scratch.text() == Self.journal)
    }
}
