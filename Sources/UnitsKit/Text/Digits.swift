/// An integer's decimal digits appended as bytes, as `String(number)`
/// spells them, without making the `String` (a report writes millions).
enum DecimalDigits {
    static func append(_ number: Int, to bytes: inout [UInt8]) {
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        // The magnitude as unsigned: -Int.min is not an Int.
        let magnitude = number.magnitude
        var digits = 0, n = magnitude
        repeat { digits += 1; n /= 10 } while n > 0
        let end = bytes.count + digits
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits))
        var i = end
        n = magnitude
        repeat { i -= 1; bytes[i] = UInt8(ascii: "0") + UInt8(n % 10); n /= 10 } while n > 0
    }
}

extension String {
    /// `value` in hexadecimal, zero-padded to `width` digits (`0A`, `00e9`).
    init(hex value: some BinaryInteger, width: Int, uppercase: Bool = true) {
        self.init(value, radix: 16, uppercase: uppercase)
        if count < width { self = String(repeating: "0", count: width - count) + self }
    }
}
