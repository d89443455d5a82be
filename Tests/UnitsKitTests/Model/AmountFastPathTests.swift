import Testing
@testable import UnitsKit
import UnitsTestSupport

/// `Amount.rounded(toPlaces:)` and `description` (written straight into its
/// string) against the 128-bit rounding and the byte spelling.
@Suite struct AmountFastPathTests {
    /// The rounding as it is done in 128 bits: half to even.
    static func reference(_ amount: Amount, _ places: Int) -> Amount {
        let places = min(max(places, 0), Amount.fractionDigits)
        var unit: Int128 = 1
        for _ in 0..<(Amount.fractionDigits - places) { unit *= 10 }
        let n = amount.billionths
        var q = n / unit
        let r = n % unit
        let twice = (r < 0 ? -r : r) * 2
        if twice > unit || (twice == unit && q % 2 != 0) { q += n < 0 ? -1 : 1 }
        return Amount(billionths: q * unit)
    }

    static func spelled(_ amount: Amount) -> String {
        var bytes: [UInt8] = []
        amount.appendCanonical(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("rounding and spelling agree with the 128-bit reference")
    func agree() {
        var values: [Int128] = [0, 1, -1, 5, -5, 15, -15, 25, -25, 50_000_000, -50_000_000, 150_000_000, -150_000_000,
                                250_000_000, 999_999_999, 1_000_000_000, -1_000_000_000, 1_050_000_000, 1_150_000_000,
                                Int128(Int64.max), Int128(Int64.min), Int128(Int64.max) + 1, Int128(Int64.min) - 1,
                                Int128(Int64.max) - 499_999_999, Int128(Int64.min) + 500_000_000]
        var generator = TestSeed.generator()
        for _ in 0..<20_000 {
            let digits = Int.random(in: 0...24, using: &generator)
            var v: Int128 = 0
            for _ in 0..<digits { v = v * 10 + Int128(Int.random(in: 0...9, using: &generator)) }
            // Halves often: the ties are where rounding differs.
            if Bool.random(using: &generator) { v = v / 1_000 * 1_000 + 500 }
            values.append(Bool.random(using: &generator) ? -v : v)
        }
        for v in values {
            let amount = Amount(billionths: v)
            for places in [-1, 0, 1, 2, 5, 8, 9, 10] {
                #expect(amount.rounded(toPlaces: places) == Self.reference(amount, places), "\(v) to \(places)")
            }
            #expect(amount.description == Self.spelled(amount), "\(v)")
        }
    }
}
