/// An exact rational number for figures computed from journal values (a
/// floor scaled by 5/7, an average over 34 days), rounded once, when printed
/// (Grammar/format.md 18.6). Always reduced, so `==` is value equality.
public struct Fraction: Hashable, Comparable, Sendable, CustomStringConvertible {
    public private(set) var numerator: Int128
    public private(set) var denominator: Int128

    public static let zero = Fraction(0)

    public init(_ integer: Int) { numerator = Int128(integer); denominator = 1 }

    /// `numerator / denominator`; a zero denominator gives 0 (an average over no days).
    public init(_ numerator: Int128, _ denominator: Int128) {
        guard denominator != 0 else { self.numerator = 0; self.denominator = 1; return }
        var n = numerator, d = denominator
        if d < 0 { n = 0 &- n; d = 0 &- d }
        let g = Fraction.gcd(n.magnitude, d.magnitude)
        self.numerator = g > 1 ? n / Int128(g) : n
        self.denominator = g > 1 ? d / Int128(g) : d
    }

    /// The exact value of a decimal amount.
    public init(_ amount: Amount) { self.init(amount.billionths, Amount.scale) }

    /// `amount / divisor`, exactly.
    public init(_ amount: Amount, over divisor: Int) { self.init(amount.billionths, Amount.scale * Int128(divisor)) }

    public var isZero: Bool { numerator == 0 }

    public static func + (a: Fraction, b: Fraction) -> Fraction {
        Fraction(a.numerator &* b.denominator &+ b.numerator &* a.denominator, a.denominator &* b.denominator)
    }
    public static func - (a: Fraction, b: Fraction) -> Fraction { a + Fraction(0 &- b.numerator, b.denominator) }
    public static func * (a: Fraction, b: Fraction) -> Fraction {
        Fraction(a.numerator &* b.numerator, a.denominator &* b.denominator)
    }
    public static func < (a: Fraction, b: Fraction) -> Bool {
        a.numerator &* b.denominator < b.numerator &* a.denominator
    }

    /// The value rounded half to even to `places` fraction digits (0...9):
    /// the one rounding, done when a figure is printed.
    public func rounded(toPlaces places: Int) -> Amount {
        let places = min(max(places, 0), Amount.fractionDigits)
        var unit: Int128 = 1
        for _ in 0..<(Amount.fractionDigits - places) { unit *= 10 }
        // value × 10^places, rounded half to even, then back to billionths.
        let scaled = numerator &* (Amount.scale / unit)
        var q = scaled / denominator
        let r = scaled % denominator
        let twice = (r < 0 ? 0 &- r : r) * 2
        if twice > denominator || (twice == denominator && q % 2 != 0) { q += scaled < 0 ? -1 : 1 }
        return Amount(billionths: q &* unit)
    }

    /// Nine places, the precision of `Amount` (the JSON spelling).
    public var description: String { rounded(toPlaces: Amount.fractionDigits).description }

    private static func gcd(_ a: UInt128, _ b: UInt128) -> UInt128 {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }
}

extension Fraction: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) { self.init(value) }
}

extension Amount {
    /// The exact value as a fraction.
    public var fraction: Fraction { Fraction(self) }
}
