/// An exact decimal number: a count of billionths held in a 128-bit integer.
///
/// Journal values are decimals a person typed (`0.25`, `3`, `-1`), and totals
/// must be exact however many entries are summed, so binary floating point is
/// out. A fixed scale of 10⁹ makes addition a single integer add; the format
/// limits a written number to 15 integer digits and 9 fraction digits, which
/// leaves room for more than 10²⁰ such values to be added without overflow.
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
        var bytes: [UInt8] = []
        appendCanonical(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the canonical spelling to a byte buffer.
    public func appendCanonical(to bytes: inout [UInt8]) {
        // Fast path in 64-bit arithmetic (128-bit division is a library
        // call): every value below 1.8 × 10¹⁰, which is nearly all of them.
        if billionths.magnitude <= UInt128(UInt64.max) {
            if billionths < 0 { bytes.append(UInt8(ascii: "-")) }
            let magnitude = UInt64(billionths.magnitude)
            Amount.appendDigits64(magnitude / 1_000_000_000, to: &bytes)
            var fraction = magnitude % 1_000_000_000
            guard fraction > 0 else { return }
            bytes.append(UInt8(ascii: "."))
            var digits = 9
            while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
            var buffer: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (48, 48, 48, 48, 48, 48, 48, 48, 48)
            withUnsafeMutableBytes(of: &buffer) { raw in
                var k = digits - 1
                while fraction > 0 { raw[k] = UInt8(ascii: "0") + UInt8(fraction % 10); fraction /= 10; k -= 1 }
                bytes.append(contentsOf: raw[0..<digits])
            }
            return
        }
        var magnitude = billionths.magnitude
        if billionths < 0 { bytes.append(UInt8(ascii: "-")) }
        let scale = UInt128(Amount.scale)
        let integer = magnitude / scale
        magnitude %= scale
        Amount.appendDigits(integer, to: &bytes)
        if magnitude > 0 {
            bytes.append(UInt8(ascii: "."))
            var fraction: [UInt8] = []
            var f = magnitude
            for _ in 0..<Amount.fractionDigits {
                fraction.append(UInt8(ascii: "0") + UInt8(f % 10))
                f /= 10
            }
            fraction.reverse()
            while fraction.last == UInt8(ascii: "0") { fraction.removeLast() }
            bytes.append(contentsOf: fraction)
        }
    }

    /// The value with at most `places` fraction digits, for reports
    /// (`9.43` for an average); whole numbers print without a point.
    public func formatted(places: Int) -> String { rounded(toPlaces: places).description }

    private static func appendDigits64(_ value: UInt64, to bytes: inout [UInt8]) {
        if value < 10 { bytes.append(UInt8(ascii: "0") + UInt8(value)); return }
        var buffer: (UInt64, UInt64, UInt64) = (0, 0, 0)   // 24 bytes: room for 20 digits
        withUnsafeMutableBytes(of: &buffer) { raw in
            var v = value, k = raw.count
            while v > 0 { k -= 1; raw[k] = UInt8(ascii: "0") + UInt8(v % 10); v /= 10 }
            bytes.append(contentsOf: raw[k...])
        }
    }

    private static func appendDigits(_ value: UInt128, to bytes: inout [UInt8]) {
        if value == 0 { bytes.append(UInt8(ascii: "0")); return }
        var digits: [UInt8] = []
        var v = value
        while v > 0 { digits.append(UInt8(ascii: "0") + UInt8(v % 10)); v /= 10 }
        bytes.append(contentsOf: digits.reversed())
    }
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
