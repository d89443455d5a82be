import Testing
@testable import UnitsCLI

/// Completed habits move to the Done section in the order they were
/// completed (the minimal tracker's "completion order"), not in the order
/// they were declared: the later a habit's line of today stands, the later.
@Suite struct CompletionOrderTests {
    @Test func doneListsHabitsAsTheyWereCompleted() {
        let scratch = Scratch("""
            units 1
            2025-12-01 habit Floss
              kind: check
            2025-12-01 habit Stretch
              kind: check
            2025-12-01 habit Water
              kind: check
            2025-12-14 Water yes
            2025-12-14 Floss yes
            2025-12-14 Stretch yes

            """)
        let out = scratch.run(["today", "--today", "2025-12-14", "--no-color"]).out
        let water = out.range(of: "✓ Water"), floss = out.range(of: "✓ Floss"), stretch = out.range(of: "✓ Stretch")
        #expect(water != nil && floss != nil && stretch != nil, "\(out)")
        if let water, let floss, let stretch {
            #expect(water.lowerBound < floss.lowerBound && floss.lowerBound < stretch.lowerBound, "\(out)")
        }
    }
}
