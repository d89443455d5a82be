import Testing
@testable import UnitsKit

@Suite struct DaySetTests {
    /// A DaySet (an in-order list, a set for the late days) answers as a
    /// set of (habit, day) would, in any order.
    @Test(arguments: 0..<20)
    func answersAsASet(seed: Int) {
        var random = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 7
        func below(_ n: Int) -> Int {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((random >> 33) % UInt64(n))
        }
        var days = [DaySet](repeating: DaySet(), count: 3)
        var reference = Set<Int64>()
        var day: Int32 = Int32(below(100)) - 50
        var repeats = 0
        for _ in 0..<2000 {
            // Mostly forward, sometimes the same day, sometimes back.
            switch below(10) {
            case 0..<6: day += Int32(below(3))
            case 6, 7: day -= Int32(below(40))
            default: break
            }
            let habit = below(3)
            let new = reference.insert(Int64(habit) << 32 | Int64(UInt32(bitPattern: day))).inserted
            #expect(days[habit].insert(day) == new, "seed \(seed)")
            if !new { repeats += 1 }
        }
        #expect(repeats > 50)
    }
}
