import Testing
@testable import UnitsKit
import UnitsTestSupport

/// A measure (count × size) is exact at any size the format can spell,
/// past `Amount`'s 1.7 × 10²⁹ too: checked against schoolbook decimal
/// multiplication on digit strings, which shares no code with it.
@Suite struct WideAmountTests {
    /// `a × b` rounded half to even at nine fraction digits, in the
    /// canonical spelling, computed digit by digit.
    static func reference(_ a: Amount, _ b: Amount) -> String {
        func digits(_ x: Amount) -> [Int] { String(x.billionths.magnitude).utf8.map { Int($0) - 48 } }
        let x = digits(a), y = digits(b)
        var product = [Int](repeating: 0, count: x.count + y.count)   // most significant first
        for i in stride(from: x.count - 1, through: 0, by: -1) {
            for j in stride(from: y.count - 1, through: 0, by: -1) {
                product[i + j + 1] += x[i] * y[j]
            }
        }
        for k in stride(from: product.count - 1, to: 0, by: -1) where product[k] >= 10 {
            product[k - 1] += product[k] / 10
            product[k] %= 10
        }
        while product.count < 10 { product.insert(0, at: 0) }
        // Divide by 10⁹ (drop nine digits), rounding half to even.
        var quotient = Array(product.dropLast(9))
        let dropped = product.suffix(9)
        let half = [5, 0, 0, 0, 0, 0, 0, 0, 0]
        let roundUp = dropped.lexicographicallyPrecedes(half) ? false
            : (Array(dropped) == half ? (quotient.last ?? 0) % 2 == 1 : true)
        if roundUp {
            var k = quotient.count - 1
            while k >= 0 && quotient[k] == 9 { quotient[k] = 0; k -= 1 }
            if k >= 0 { quotient[k] += 1 } else { quotient.insert(1, at: 0) }
        }
        while quotient.count < 10 { quotient.insert(0, at: 0) }
        var integer = quotient.dropLast(9).drop { $0 == 0 }.map(String.init).joined()
        if integer.isEmpty { integer = "0" }
        var fraction = Array(quotient.suffix(9))
        while fraction.last == 0 { fraction.removeLast() }
        let spelled = integer + (fraction.isEmpty ? "" : "." + fraction.map(String.init).joined())
        let negative = (a.billionths < 0) != (b.billionths < 0) && spelled != "0"
        return (negative ? "-" : "") + spelled
    }

    static let largest = Amount("999999999999999.999999999")!

    @Test(arguments: [
        ("999999999999999", "999999999999999.999999999", "999999999999998999999999000000.000000001"),
        ("2000000000000000", "999999999999999.999999999", "1999999999999999999999998000000"),
        ("-999999999999999.999999999", "999999999999999.999999999", "-999999999999999999999998000000"),
        ("12", "0.25", "3"),
        ("0.000000001", "0.5", "0"),
    ])
    func spellsExactly(_ a: String, _ b: String, _ expected: String) throws {
        let x = try #require(Amount(billionths: Self.billionths(a))), y = try #require(Amount(b))
        #expect(WideAmount(x, times: y).description == expected)
        #expect(WideAmount(y, times: x).description == expected)
        #expect(Self.reference(x, y) == expected)
    }

    /// Decimal text to billionths, past the format's 15 digits (a total of entries).
    static func billionths(_ text: String) -> Int128 {
        let negative = text.hasPrefix("-")
        let parts = text.drop { $0 == "-" }.split(separator: ".", omittingEmptySubsequences: false)
        let fraction = parts.count > 1 ? String(parts[1]) : ""
        let value = Int128(String(parts[0]))! * Amount.scale + Int128(fraction.padding(toLength: 9, withPad: "0", startingAt: 0))!
        return negative ? -value : value
    }

    @Test func matchesTheReferenceAtEverySize() {
        let seed = UInt64.random(in: 0...UInt64.max)
        print("WideAmountTests seed \(seed)")
        var random = SplitMix64(state: seed)
        func value() -> Amount {
            // Mostly near the top of the range, where `Amount` runs out.
            let digits = Int(random.next() % 31) + 1
            var magnitude: Int128 = 0
            for _ in 0..<digits { magnitude = magnitude * 10 + Int128(random.next() % 10) }
            magnitude = min(magnitude, Self.largest.billionths * 2_000)   // up to 2000 entries of the largest value
            return Amount(billionths: random.next() % 4 == 0 ? -magnitude : magnitude)
        }
        for _ in 0..<20_000 {
            let a = value(), b = Amount(billionths: min(value().billionths, Self.largest.billionths))
            let wide = WideAmount(a, times: b)
            #expect(wide.description == Self.reference(a, b), "seed \(seed): \(a) × \(b)")
            // Where `Amount.*` gives an answer (it clamps when the product of
            // the billionths overflows), the wide product is that answer.
            let product = a * b
            if product.billionths != .max && product.billionths != .min { #expect(wide.narrow == product, "seed \(seed): \(a) × \(b)") }
            #expect(wide.isNegative == wide.description.hasPrefix("-"))
        }
    }
}
