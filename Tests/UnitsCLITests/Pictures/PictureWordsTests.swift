import Testing
@testable import UnitsCLI

/// The page's pictures say "1 unit", never "1 units": the pile, its layers,
/// a wall's day and the history table read as the terminal reads.
@Suite struct PictureWordsTests {
    @Test func oneUnitIsSingularInEveryPictureTitle() {
        let scratch = Scratch("units 1\n2025-12-01 habit Walk\n2025-12-14 Walk 1\n")
        let run = scratch.run(["html", "--today", "2025-12-14", "--out", "-"])
        #expect(run.code == .ok, "\(run.err)")
        #expect(!run.out.contains(" 1 units"), "a picture says '1 units'")
        #expect(run.out.contains("pile: 1 unit<"))
        #expect(run.out.contains("Walk: 1 unit<"))
        #expect(run.out.contains("2025-12-14: 1 unit<"))
    }
}
