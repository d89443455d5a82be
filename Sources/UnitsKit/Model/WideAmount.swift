/// A count times a unit's size (a measure: `2000 laps of 0.25 miles`),
/// exact however large.
///
/// Each factor fits an `Amount`, but their product need not: it is held in
/// 256 bits of billionths, rounded and spelled as `Amount` rounds and spells.
public struct WideAmount: Hashable, Sendable, CustomStringConvertible {
    /// The magnitude times 10⁹, in two halves.
    let high: UInt128, low: UInt128
    let negative: Bool

    /// `count × size`.
    public init(_ count: Amount, times size: Amount) {
        let product = count * size
        // `Amount.*` clamps only at the ends of its range: anything else is exact.
        if product.billionths != .max && product.billionths != .min {
            self.init(product)
            return
        }
        let wide = count.billionths.magnitude.multipliedFullWidth(by: size.billionths.magnitude)
        var (quotient, remainder) = WideAmount.divide((wide.high, wide.low), by: UInt128(Amount.scale))
        let scale = UInt128(Amount.scale)
        if remainder > scale - remainder || (remainder == scale - remainder && quotient.low & 1 == 1) {
            let (sum, carry) = quotient.low.addingReportingOverflow(1)
            quotient = (quotient.high &+ (carry ? 1 : 0), sum)
        }
        self.init(high: quotient.high, low: quotient.low, negative: (count.billionths < 0) != (size.billionths < 0))
    }

    public init(_ amount: Amount) {
        self.init(high: 0, low: amount.billionths.magnitude, negative: amount.billionths < 0)
    }

    private init(high: UInt128, low: UInt128, negative: Bool) {
        self.high = high
        self.low = low
        self.negative = negative
    }

    /// The same value as an `Amount`, when it fits one.
    public var narrow: Amount? {
        guard high == 0, low <= UInt128(Int128.max) else { return nil }
        return Amount(billionths: negative ? -Int128(low) : Int128(low))
    }

    public var isNegative: Bool { negative && (high != 0 || low != 0) }

    /// The shortest exact spelling, as `Amount.description`.
    public var description: String {
        var bytes: [UInt8] = []
        appendCanonical(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the canonical spelling (`Amount.appendCanonical`'s) to a byte buffer.
    public func appendCanonical(to bytes: inout [UInt8]) {
        if let narrow { narrow.appendCanonical(to: &bytes); return }
        if negative { bytes.append(UInt8(ascii: "-")) }
        var (integer, fraction) = WideAmount.divide((high, low), by: UInt128(Amount.scale))
        // The integer part in chunks of 19 digits, least significant first.
        var chunks: [UInt128] = []
        let chunk = UInt128(10_000_000_000_000_000_000 as UInt64)
        repeat {
            let (quotient, remainder) = WideAmount.divide(integer, by: chunk)
            chunks.append(remainder)
            integer = quotient
        } while integer != (0, 0)
        bytes.append(contentsOf: String(chunks.last!).utf8)
        for part in chunks.dropLast().reversed() {
            let digits = String(part)
            bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: 19 - digits.utf8.count))
            bytes.append(contentsOf: digits.utf8)
        }
        guard fraction > 0 else { return }
        var digits = Array(String(fraction).utf8)
        digits.insert(contentsOf: repeatElement(UInt8(ascii: "0"), count: Amount.fractionDigits - digits.count), at: 0)
        while digits.last == UInt8(ascii: "0") { digits.removeLast() }
        bytes.append(UInt8(ascii: "."))
        bytes.append(contentsOf: digits)
    }

    /// A 256-bit magnitude divided by `divisor` (not zero): the quotient and the remainder.
    static func divide(_ n: (high: UInt128, low: UInt128), by divisor: UInt128) -> (quotient: (high: UInt128, low: UInt128), remainder: UInt128) {
        let (high, carried) = n.high.quotientAndRemainder(dividingBy: divisor)
        let (low, remainder) = divisor.dividingFullWidth((carried, n.low))
        return ((high, low), remainder)
    }
}
