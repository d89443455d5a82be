import Testing
@testable import UnitsCLI
import UnitsKit

/// A rename is a base for a later conflict copy's merge (`SeenVersions`),
/// as an appending write is: a copy the other device made of the renamed
/// journal folds over it even after a hand edit here broke the undo walk.
@Suite struct RenameSyncBaseTests {
    @Test func theRenamedVersionIsTheBaseOfALaterCopy() {
        let scratch = Scratch(ResolveCommandTests.journal + "2025-12-03 Reading 10\n")
        #expect(scratch.run(["today", "--today", "2025-12-03"]).code == .ok)
        #expect(scratch.run(["rename", "Walk", "Stroll"]).code == .ok)
        let renamed = scratch.text()
        // The other device, after the sync: Reading 30 added.
        scratch.write(renamed + "2025-12-05 Reading 30\n", to: KnownBaseTests.copy)
        // This device, by hand: Reading 10 deleted, Stroll 5 added.
        scratch.write(renamed.replacing("2025-12-03 Reading 10\n", with: "") + "2025-12-04 Stroll 5\n")
        let run = scratch.run(["resolve"])
        #expect(run.code == .ok, "\(run.out)\(run.err)")
        #expect(!run.out.contains("without a known common version"), "\(run.out)")
        #expect(ResolveCommandTests.entries(scratch.text()) == ["2025-12-02 Stroll 3", "2025-12-04 Stroll 5", "2025-12-05 Reading 30"],
                "\(scratch.text())")
    }

    /// With no read before the rename, the renamed version stored is where
    /// the undo walk to a copy of the journal before the rename starts.
    @Test func aCopyFromBeforeTheRenameFoldsAfterAHandEdit() {
        let journal = ResolveCommandTests.journal + "2025-12-03 Reading 10\n"
        let scratch = Scratch(journal)
        #expect(scratch.run(["rename", "Walk", "Stroll"]).code == .ok)
        scratch.write(journal + "2025-12-05 Reading 30\n", to: KnownBaseTests.copy)
        scratch.write(scratch.text().replacing("2025-12-03 Reading 10\n", with: ""))
        let run = scratch.run(["resolve"])
        #expect(run.code == .ok, "\(run.out)\(run.err)")
        #expect(!run.out.contains("without a known common version"), "\(run.out)")
        #expect(ResolveCommandTests.entries(scratch.text()) == ["2025-12-02 Stroll 3", "2025-12-05 Reading 30"], "\(scratch.text())")
    }
}
