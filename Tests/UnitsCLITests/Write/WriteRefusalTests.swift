import Foundation
import Testing
@testable import UnitsCLI
import UnitsKit

/// The write refusals: each write that would give the journal a lint
/// error or warning, or that makes no sense, exits 1, says why (with the
/// rule id when the linter found it) and leaves the file byte-identical,
/// with nothing on the undo stack.
@Suite struct WriteRefusalTests {
    static let journal = """
        units 1

        2025-12-01 habit Reading
          unit:  page
          floor: 5/week
        2025-12-01 habit Meditate
          kind: check
        2025-12-01 habit Gym
        2025-12-01 habit Swim
        2025-12-10 archive Swim
        2025-12-12 pause Gym 2025-12-20

        2025-12-14 Reading 3

        """

    @Test(arguments: [
        (["habit", "add", "Run", "--kind", "check", "--goal", "5", "--min", "6"], "[goal-min]"),
        (["habit", "add", "Run", "--kind", "check", "--goal", "0"], "[goal-min]"),
        (["habit", "add", "Run", "--kind", "check", "--min", "3"], "[goal-min]"),
        (["habit", "add", "Quit", "--kind", "check", "--type", "quit", "--goal", "3"], "[goal-min]"),
        (["log", "Reading", "-10"], "Reading has 3 today; -10 would make it -7"),
        (["log", "Reading", "-1", "--date", "2025-12-13"], "Reading has 0 on 2025-12-13; -1 would make it -1"),
        (["log", "Gym", "2"], "'Gym' is paused from 2025-12-12 to 2025-12-20"),
        (["log", "Swim", "1"], "'Swim' is archived on 2025-12-14 (line 10: `2025-12-10 archive Swim`)"),
        (["floor", "Reading", "5"], "Reading's floor is already 5/week"),
        (["floor", "Gym", "0"], "Gym has no floor already"),
        (["unit", "Reading", "page"], "Reading already counts in page"),
        (["archive", "Swim"], "'Swim' is already archived"),
        (["unarchive", "Reading"], "'Reading' is not archived"),
        (["task", "done", "Nothing"], "no open task \"Nothing\""),
        (["rename", "Reading", "Gym"], "'Gym' already exists"),
    ])
    func refused(arguments: [String], message: String) {
        let scratch = Scratch(Self.journal)
        let run = scratch.run(arguments)
        #expect(run.code == .failure, "\(arguments): \(run.out)")
        #expect(run.err.contains(message), "\(arguments): \(run.err)")
        #expect(run.out.isEmpty)
        #expect(scratch.text() == Self.journal)
        #expect(scratch.run(["undo"]).err.contains("nothing to undo"))
    }

    /// `--force` writes a check-in on a paused or archived day, and says so in lint.
    @Test func forceLogsOnAPausedOrArchivedDay() {
        let scratch = Scratch(Self.journal)
        #expect(scratch.run(["log", "Gym", "2", "--force"]).code == .ok)
        #expect(scratch.run(["log", "Swim", "1", "--force"]).code == .ok)
        #expect(scratch.text().hasSuffix("2025-12-14 Reading 3\n2025-12-14 Gym     2\n2025-12-14 Swim    1\n"))
        #expect(runTool(LintCommand.self, [scratch.journal]).out.contains("paused-entry"))
    }

    /// A write the command's own checks let through but lint flags is still
    /// refused, with the finding and its rule (here: a habit declared on a
    /// day after one of its own lines would be... a duplicate title).
    @Test func lintWarningsAreRefusedWithTheRule() {
        let scratch = Scratch(Self.journal)
        let run = scratch.run(["habit", "add", "Read", "--title", "Reading"])
        #expect(run.code == .failure)
        #expect(run.err.contains("[duplicate-title]"), "\(run.err)")
        #expect(run.err.contains("nothing was written"))
        #expect(scratch.text() == Self.journal)
    }

    /// A backdated declaration goes in date order (no `date-order` warning).
    @Test func backdatedHabitAddIsInsertedInDateOrder() {
        let scratch = Scratch(Self.journal)
        #expect(scratch.run(["habit", "add", "Walk", "--date", "2025-12-11"]).code == .ok)
        #expect(scratch.text().contains("2025-12-10 archive Swim\n\n2025-12-11 habit Walk\n  floor: 5/week\n\n2025-12-12 pause Gym 2025-12-20\n"))
        #expect(runTool(LintCommand.self, ["--strict", scratch.journal]).code == .ok)
        #expect(scratch.run(["undo"]).code == .ok)
        #expect(scratch.text() == Self.journal)
    }
}
