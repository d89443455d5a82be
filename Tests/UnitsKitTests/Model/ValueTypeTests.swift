import Testing
@testable import UnitsKit
import UnitsTestSupport

struct AmountTests {
    @Test func decimalArithmeticIsExact() {
        #expect(Amount("0.1")! + Amount("0.2")! == Amount("0.3")!)
        #expect((Amount("0.1")! + Amount("0.2")!).description == "0.3")
        var total = Amount.zero
        for _ in 0..<1_000_000 { total += Amount("0.1")! }
        #expect(total == Amount(100_000))
    }

    @Test(arguments: [("3", "3"), ("+3", "3"), ("003", "3"), ("1.50", "1.5"), ("-0.25", "-0.25"),
                      ("0.000000001", "0.000000001"), ("999999999999999.999999999", "999999999999999.999999999"),
                      ("-0", "0"), ("10", "10")])
    func canonicalSpelling(_ input: String, _ expected: String) {
        #expect(Amount(input)?.description == expected)
    }

    @Test(arguments: ["", "+", "1.", ".5", "1e3", "0x10", "1,5", "1234567890123456", "0.1234567891",
                      "1234567890123456789012345678901234567890"])
    func rejects(_ input: String) {
        #expect(Amount(input) == nil)
    }

    @Test func productsAndQuotients() {
        #expect(Amount(4) * Amount("0.25")! == Amount(1))
        #expect(Amount(63).divided(by: 7) == Amount(9))
        #expect(Amount(10).divided(by: 3).formatted(places: 2) == "3.33")
        #expect(Amount(2).divided(by: 3).formatted(places: 1) == "0.7")
        #expect(Amount(5).divided(by: 0) == .zero)
        #expect(Amount("2.5")!.rounded(toPlaces: 0) == Amount(2))   // half to even
        #expect(Amount("3.5")!.rounded(toPlaces: 0) == Amount(4))
    }
}

struct CivilDateTests {
    @Test func roundTripsEveryDayOfSomeYears() {
        for year in [1, 2, 1900, 1970, 2000, 2024, 2025, 9999] {
            var date = CivilDate(year: year, month: 1, day: 1)!
            for _ in 0..<(CivilDate.isLeap(year) ? 366 : 365) {
                let (y, m, d) = date.components
                #expect(CivilDate(year: y, month: m, day: d) == date)
                date = date.adding(days: 1)
            }
        }
    }

    @Test func validates() {
        #expect(CivilDate(year: 2025, month: 2, day: 29) == nil)
        #expect(CivilDate(year: 2024, month: 2, day: 29) != nil)
        #expect(CivilDate(year: 1900, month: 2, day: 29) == nil)
        #expect(CivilDate(year: 2000, month: 2, day: 29) != nil)
        #expect(CivilDate(year: 0, month: 1, day: 1) == nil)
        #expect(CivilDate(year: 10000, month: 1, day: 1) == nil)
        #expect(CivilDate(iso: "2025-12-14")?.description == "2025-12-14")
        #expect(CivilDate(iso: "2025-12-4") == nil)
    }

    @Test func weekdaysAndWeeks() {
        let date = CivilDate(iso: "2025-12-14")!   // a Sunday
        #expect(date.weekday == .sunday)
        #expect(CivilDate(iso: "1970-01-01")!.weekday == .thursday)
        #expect(CivilDate(iso: "0001-01-01")!.weekday == .monday)
        #expect(date.startOfWeek(.monday).description == "2025-12-08")
        #expect(date.startOfWeek(.sunday).description == "2025-12-14")
        #expect(date.startOfMonth.description == "2025-12-01")
        #expect(date.startOfNextMonth.description == "2026-01-01")
        #expect(CivilDate.maximum.description == "9999-12-31")
        #expect(CivilDate.minimum.description == "0001-01-01")
    }
}

/// The 64-bit fast path of `Amount.appendCanonical` and the 128-bit path
/// spell every value the same way, and the spelling reads back exactly.
@Suite struct AmountSpellingTests {
    /// The slow path's spelling, written out digit by digit for comparison.
    static func reference(_ amount: Amount) -> String {
        let negative = amount.billionths < 0
        let magnitude = amount.billionths.magnitude
        var integer = String(magnitude / 1_000_000_000)
        var fraction = String(magnitude % 1_000_000_000)
        fraction = String(repeating: "0", count: 9 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        if !fraction.isEmpty { integer += "." + fraction }
        return (negative ? "-" : "") + integer
    }

    @Test func everySpellingMatchesTheReferenceAndReadsBack() {
        var generator = TestSeed.generator()
        var values: [Int128] = [0, 1, -1, 9, 10, 999_999_999, 1_000_000_000, -1_000_000_000, 250_000_000, 100_000_000_000,
                                Int128(UInt64.max), Int128(UInt64.max) + 1, -Int128(UInt64.max), -Int128(UInt64.max) - 1,
                                999_999_999_999_999_999_999_999]
        for _ in 0..<5_000 {
            let digits = Int.random(in: 1...24, using: &generator)
            var v: Int128 = 0
            for _ in 0..<digits { v = v * 10 + Int128(Int.random(in: 0...9, using: &generator)) }
            values.append(Bool.random(using: &generator) ? v : -v)
        }
        for billionths in values {
            let amount = Amount(billionths: billionths)
            #expect(amount.description == Self.reference(amount), "\(billionths)")
            if billionths.magnitude < 1_000_000_000_000_000_000_000_000 {
                #expect(Amount(amount.description) == amount, "\(amount)")
            }
        }
    }
}

/// The 64-bit fast path of `Amount *` rounds like the 128-bit path: the
/// exact product rounded half to even at nine fraction digits.
@Suite struct AmountProductTests {
    /// The product by the 128-bit route, written out for comparison.
    static func reference(_ a: Amount, _ b: Amount) -> Amount {
        let n = a.billionths * b.billionths   // the values below stay far from overflow
        var q = n / 1_000_000_000
        let r = n % 1_000_000_000
        let twice = (r < 0 ? -r : r) * 2
        if twice > 1_000_000_000 || (twice == 1_000_000_000 && q % 2 != 0) { q += n < 0 ? -1 : 1 }
        return Amount(billionths: q)
    }

    @Test(arguments: [("0.000000001", "0.5", "0"), ("0.000000003", "0.5", "0.000000002"), ("-0.000000003", "0.5", "-0.000000002"),
                      ("0.000000005", "0.1", "0"), ("0.000000015", "0.1", "0.000000002"), ("22.5", "45", "1012.5"),
                      ("-3", "-0.25", "0.75"), ("123456.789", "0.001", "123.456789")])
    func roundsHalfToEven(_ a: String, _ b: String, _ expected: String) {
        #expect((Amount(a)! * Amount(b)!).description == expected)
        #expect((Amount(b)! * Amount(a)!).description == expected)
    }

    @Test func matchesTheReference() {
        var generator = TestSeed.generator()
        for _ in 0..<20_000 {
            let a = Amount(billionths: Int128(Int64.random(in: -20_000_000_000_000...20_000_000_000_000, using: &generator)))
            let b = Amount(billionths: Int128(Int64.random(in: -20_000_000_000_000...20_000_000_000_000, using: &generator)))
            #expect(a * b == Self.reference(a, b), "\(a) * \(b)")
        }
    }
}
