import Testing
@testable import UnitsCLI
import UnitsKit

/// A write that rewrites the journal (not an append: `amend`) keeps the
/// version it wrote as a base for a later conflict copy's merge
/// (`SeenVersions`), as an append and a rename do: a copy the other device
/// made before it still folds after a hand edit here broke the undo walk.
@Suite struct RewriteSyncBaseTests {
    @Test func aCopyFromBeforeAnAmendFoldsAfterAHandEdit() {
        // A blank line between the days: the amend and the hand edit touch lines
        // apart, which a merge over the right base keeps apart.
        let journal = ResolveCommandTests.journal + "\n2025-12-03 Reading 10\n"
        let scratch = Scratch(journal)
        #expect(scratch.run(["amend", "12"]).code == .ok)
        #expect(scratch.text().contains("2025-12-03 Reading 12\n"))
        scratch.write(journal + "2025-12-05 Reading 30\n", to: KnownBaseTests.copy)
        scratch.write(scratch.text().replacing("2025-12-02 Walk 3\n", with: ""))
        let run = scratch.run(["resolve"])
        #expect(run.code == .ok, "\(run.out)\(run.err)")
        #expect(!run.out.contains("without a known common version"), "\(run.out)")
        #expect(ResolveCommandTests.entries(scratch.text()) == ["2025-12-03 Reading 12", "2025-12-05 Reading 30"], "\(scratch.text())")
    }
}
