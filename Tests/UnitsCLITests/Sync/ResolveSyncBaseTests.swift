import Testing
@testable import UnitsCLI
import UnitsKit

/// A fold is a base for a later conflict copy's merge (`SeenVersions`), as
/// every other write is: a copy the other device made of the folded journal
/// folds over it even after a hand edit here broke the undo walk.
@Suite struct ResolveSyncBaseTests {
    @Test func theFoldedVersionIsTheBaseOfALaterCopy() {
        let journal = KnownBaseTests.journal
        let scratch = Scratch(journal)
        scratch.write(journal + "2025-12-05 Reading 30\n", to: KnownBaseTests.copy)
        #expect(scratch.run(["resolve"]).code == .ok)
        let folded = scratch.text()
        #expect(folded.contains("2025-12-05 Reading 30\n"))
        // The other device, after the sync: Reading 7 added.
        scratch.write(folded + "2025-12-06 Reading 7\n", to: KnownBaseTests.copy)
        // This device, by hand: the folded Reading 30 deleted again, Walk 5 added.
        scratch.write(folded.replacing("2025-12-05 Reading 30\n", with: "") + "2025-12-04 Walk 5\n")
        let run = scratch.run(["resolve"])
        #expect(run.code == .ok, "\(run.out)\(run.err)")
        #expect(!run.out.contains("without a known common version"), "\(run.out)")
        #expect(ResolveCommandTests.entries(scratch.text()) == ["2025-12-02 Walk 3", "2025-12-03 Reading 10", "2025-12-04 Walk 5",
                                                       "2025-12-06 Reading 7"],
                "\(scratch.text())")
    }
}
