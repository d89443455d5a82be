/// The parser's check that a line's bytes are text: UTF-8, no NUL, no lone CR.
extension ParserState {
    /// The first byte that makes the line not text, if any.
    static func checkEncoding(_ buf: UnsafeBufferPointer<UInt8>, start: Int, end: Int) -> (message: String, offset: Int)? {
        guard start < end, let base = buf.baseAddress else { return nil }
        var i = start
        let raw = UnsafeRawPointer(base)
        while i < end {
            // Eight ASCII bytes at a time while none is a NUL or a CR.
            while i + 8 <= end {
                let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F, cr = w ^ 0x0D0D_0D0D_0D0D_0D0D
                let nul = ~(((w & low) &+ low) | w | low), isCR = ~(((cr & low) &+ low) | cr | low)
                guard w & ~low == 0, nul | isCR == 0 else { break }
                i += 8
            }
            guard i < end else { break }
            let b = buf[i]
            if b < 0x80 {
                if b == 0 { return ("NUL byte: a journal must be text", i) }
                if b == ASCII.cr { return ("stray carriage return: a lone CR is not a line ending; end lines with LF or CRLF", i) }
                i += 1
                continue
            }
            // Validate one UTF-8 sequence (RFC 3629: no overlongs, no surrogates).
            let length: Int
            var minimum: UInt32
            var scalar: UInt32
            switch b {
            case 0xC2...0xDF: length = 2; minimum = 0x80; scalar = UInt32(b & 0x1F)
            case 0xE0...0xEF: length = 3; minimum = 0x800; scalar = UInt32(b & 0x0F)
            case 0xF0...0xF4: length = 4; minimum = 0x10000; scalar = UInt32(b & 0x07)
            default: return (invalidUTF8(b), i)
            }
            guard i + length <= end else { return (invalidUTF8(b), i) }
            for k in 1..<length {
                let c = buf[i + k]
                guard c & 0xC0 == 0x80 else { return (invalidUTF8(b), i) }
                scalar = scalar << 6 | UInt32(c & 0x3F)
            }
            if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) { return (invalidUTF8(b), i) }
            i += length
        }
        return nil
    }

    static func invalidUTF8(_ byte: UInt8) -> String {
        let hex = String(byte, radix: 16, uppercase: true)
        return "invalid UTF-8 (byte 0x\(hex.count == 1 ? "0" + hex : hex)): a journal must be UTF-8 text"
    }
}
