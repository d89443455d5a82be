/// An exact decimal number: a count of billionths held in a 128-bit integer,
/// so totals stay exact however many entries are summed, and adding is one
/// integer add (room for 10²⁰ values of the format's 15+9 digits).
public struct Amount: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The value times 10⁹.
    public var billionths: Int128

    public static let scale: Int128 = 1_000_000_000
    public static let fractionDigits = 9
    public static let maxIntegerDigits = 15
    public static let zero = Amount(billionths: 0)
    public static let one = Amount(1)

    public init(billionths: Int128) { self.billionths = billionths }
    public init(_ integer: Int) { billionths = Int128(integer) * Amount.scale }

    public var isZero: Bool { billionths == 0 }
    public var isNegative: Bool { billionths < 0 }
    public var isInteger: Bool { billionths % Amount.scale == 0 }

    /// The value as a `Double`, for display-only ratios (never for totals).
    public var doubleValue: Double {
        Double(billionths / Amount.scale) + Double(billionths % Amount.scale) / 1e9
    }

    /// The integer part, rounded toward zero, clamped to `Int`.
    public var integerPart: Int { Int(clamping: billionths / Amount.scale) }

    public static func + (a: Amount, b: Amount) -> Amount { Amount(billionths: a.billionths &+ b.billionths) }
    public static func - (a: Amount, b: Amount) -> Amount { Amount(billionths: a.billionths &- b.billionths) }
    public static func += (a: inout Amount, b: Amount) { a.billionths &+= b.billionths }
    public static func -= (a: inout Amount, b: Amount) { a.billionths &-= b.billionths }
    public static prefix func - (a: Amount) -> Amount { Amount(billionths: 0 &- a.billionths) }
    public static func < (a: Amount, b: Amount) -> Bool { a.billionths < b.billionths }

    /// The exact product when it fits in nine fraction digits (it always does
    /// for a count times a size); otherwise rounded half to even.
    public static func * (a: Amount, b: Amount) -> Amount {
        // Fast path in 64-bit arithmetic (one multiply, one divide
        // instruction; 128-bit division is a library call): both values
        // below 1.8 × 10¹⁰ and the quotient fits, which is nearly always.
        // The same rounding as `roundedDivision`, on the magnitudes.
        let ma = a.billionths.magnitude, mb = b.billionths.magnitude
        if ma <= UInt128(UInt64.max), mb <= UInt128(UInt64.max) {
            let (high, low) = UInt64(ma).multipliedFullWidth(by: UInt64(mb))
            let scale = UInt64(Amount.scale)
            if high < scale {
                var (q, r) = scale.dividingFullWidth((high, low))
                if r > scale - r || (r == scale - r && q & 1 == 1) { q += 1 }
                let magnitude = Int128(q)
                return Amount(billionths: (a.billionths < 0) != (b.billionths < 0) ? -magnitude : magnitude)
            }
        }
        let (high, low) = a.billionths.multipliedFullWidth(by: b.billionths)
        // Values are bounded by the format, so the product fits in 128 bits
        // after dividing by the scale; fall back to clamping rather than trap.
        if (high == 0 && low >> 127 == 0) || (high == -1 && low >> 127 == 1) {
            return Amount(billionths: Amount.roundedDivision(Int128(bitPattern: low), by: Amount.scale))
        }
        return Amount(billionths: (a.billionths < 0) != (b.billionths < 0) ? Int128.min : Int128.max)
    }

    /// `self / divisor`, rounded half to even at nine fraction digits; zero
    /// when the divisor is zero (an average over no days is reported as 0).
    public func divided(by divisor: Int) -> Amount {
        guard divisor != 0 else { return .zero }
        return Amount(billionths: Amount.roundedDivision(billionths, by: Int128(divisor)))
    }

    /// `self / other` as an exact-as-possible decimal.
    public func divided(by other: Amount) -> Amount {
        guard !other.isZero else { return .zero }
        let (high, low) = billionths.multipliedFullWidth(by: Amount.scale)
        guard (high == 0 && low >> 127 == 0) || (high == -1 && low >> 127 == 1) else {
            return Amount(billionths: (billionths < 0) != (other.billionths < 0) ? Int128.min : Int128.max)
        }
        return Amount(billionths: Amount.roundedDivision(Int128(bitPattern: low), by: other.billionths))
    }

    /// This value rounded half to even to `places` fraction digits (0...9).
    public func rounded(toPlaces places: Int) -> Amount {
        let places = min(max(places, 0), Amount.fractionDigits)
        var unit: Int128 = 1
        for _ in 0..<(Amount.fractionDigits - places) { unit *= 10 }
        return Amount(billionths: Amount.roundedDivision(billionths, by: unit) * unit)
    }

    /// n / d rounded half to even.
    private static func roundedDivision(_ n: Int128, by d: Int128) -> Int128 {
        var q = n / d
        let r = n % d
        let twice = (r < 0 ? -r : r) * 2
        let absD = d < 0 ? -d : d
        if twice > absD || (twice == absD && q % 2 != 0) {
            q += ((n < 0) != (d < 0)) ? -1 : 1
        }
        return q
    }

    /// The shortest exact spelling: `3`, `0.25`, `-1.5` (no exponent, no
    /// trailing zeros, no `+`). This is the spelling `units-fmt` writes.
    public var description: String {
        // No array between: a spelling of up to 15 bytes (nearly all)
        // becomes a small string, with no allocation.
        withCanonicalSpelling { String(decoding: $0, as: UTF8.self) }
    }

    /// Calls `body` with the canonical spelling, written on the stack.
    private func withCanonicalSpelling<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        var buffer: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0)   // 48 bytes
        return withUnsafeMutableBytes(of: &buffer) { raw in
            let start = raw.baseAddress!.assumingMemoryBound(to: UInt8.self)
            return body(UnsafeBufferPointer(start: start, count: writeCanonical(to: start)))
        }
    }

    /// The most bytes `writeCanonical` writes (a sign, 30 integer digits,
    /// a point and 9 fraction digits).
    public static let maxCanonicalLength = 41

    /// Appends the canonical spelling to a byte buffer.
    public func appendCanonical(to bytes: inout [UInt8]) {
        withCanonicalSpelling { bytes.append(contentsOf: $0) }
    }

    /// Writes the canonical spelling at `out` (room for
    /// `maxCanonicalLength` bytes) and returns how many bytes it wrote: the
    /// one spelling code, for writers that fill a buffer through a pointer.
    @inline(__always)
    public func writeCanonical(to out: UnsafeMutablePointer<UInt8>) -> Int {
        // Fast path in 64-bit arithmetic (128-bit division is a library
        // call): every value below 1.8 × 10¹⁰, which is nearly all of them.
        let negative = billionths < 0
        if negative { out[0] = UInt8(ascii: "-") }
        var n = negative ? 1 : 0
        let integer: UInt128, fraction: UInt64
        if billionths.magnitude <= UInt128(UInt64.max) {
            let magnitude = UInt64(billionths.magnitude)
            integer = UInt128(magnitude / 1_000_000_000)
            fraction = magnitude % 1_000_000_000
        } else {
            let scale = UInt128(Amount.scale)
            integer = billionths.magnitude / scale
            fraction = UInt64(billionths.magnitude % scale)
        }
        n += Amount.writeDigits(integer, to: out + n)
        guard fraction > 0 else { return n }
        out[n] = UInt8(ascii: "."); n += 1
        var f = fraction, digits = 9
        while f % 10 == 0 { f /= 10; digits -= 1 }
        var k = n + digits - 1
        for _ in 0..<digits { out[k] = UInt8(ascii: "0") + UInt8(f % 10); f /= 10; k -= 1 }
        return n + digits
    }

    /// Writes `value` in decimal at `out`; returns the count (at least one digit).
    @inline(__always)
    private static func writeDigits(_ value: UInt128, to out: UnsafeMutablePointer<UInt8>) -> Int {
        if value < 10 { out[0] = UInt8(ascii: "0") + UInt8(value); return 1 }
        var count = 0
        if value <= UInt128(UInt64.max) {
            var v = UInt64(value)
            // The digits counted by comparing, not dividing.
            if v >= 10_000_000_000_000_000_000 { count = 20 } else {
                var power: UInt64 = 10
                count = 1
                while v >= power { power &*= 10; count += 1 }
            }
            for k in stride(from: count - 1, through: 0, by: -1) { out[k] = UInt8(ascii: "0") + UInt8(v % 10); v /= 10 }
            return count
        }
        var v = value
        while v > 0 { count += 1; v /= 10 }
        v = value
        for k in stride(from: count - 1, through: 0, by: -1) { out[k] = UInt8(ascii: "0") + UInt8(v % 10); v /= 10 }
        return count
    }

    /// The value with at most `places` fraction digits, for reports
    /// (`9.43` for an average); whole numbers print without a point.
    public func formatted(places: Int) -> String { rounded(toPlaces: places).description }
}

extension Amount: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) { self.init(value) }
}

extension Amount {
    /// Parses a decimal as the format spells it (`[+-]digits[.digits]`);
    /// `nil` when the text is not such a number or is out of the format's range.
    public init?(_ text: String) {
        guard case .valid(let value) = NumberLexeme.parse(Array(text.utf8)[...]) else { return nil }
        self = value
    }
}
