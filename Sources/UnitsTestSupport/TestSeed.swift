import Foundation
import UnitsKit

/// The generator of a randomised test: seeded from `UNITS_TEST_SEED` when
/// set, else afresh, the seed printed either way so any run can be repeated.
public enum TestSeed {
    public static func generator(_ test: String = #function, file: String = #fileID) -> SplitMix64 {
        let seed = UInt64(ProcessInfo.processInfo.environment["UNITS_TEST_SEED"] ?? "") ?? UInt64.random(in: 1...UInt64.max)
        print("\(file) \(test): seed \(seed) (UNITS_TEST_SEED=\(seed) repeats it)")
        return SplitMix64(state: seed)
    }
}
