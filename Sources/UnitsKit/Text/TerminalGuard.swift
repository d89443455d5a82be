/// The last guard before a terminal: every byte the tools write to one
/// passes here. What a terminal would act on is shown as `TerminalText` shows
/// it: C0 controls but tab, LF and CR before LF, DEL, C1 controls, and bytes
/// that are not UTF-8 (Latin-1 terminals read 0x9B as CSI). With `keepingColor`,
/// SGR colour sequences stay, and a CR that starts a write (the focus timer's redraw).
public enum TerminalGuard {
    /// The bytes to write instead of `bytes`, or nil when they are safe as
    /// they are (nearly always: clean text costs a scan and no copy).
    public static func guarded(_ bytes: UnsafeBufferPointer<UInt8>, keepingColor: Bool) -> [UInt8]? {
        guard let first = firstUnsafe(bytes, keepingColor: keepingColor) else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[0..<first]))
        var i = first
        while i < bytes.count {
            let length = safeLength(bytes, at: i, keepingColor: keepingColor)
            if length > 0 {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i..<i + length]))
                i += length
                continue
            }
            let byte = bytes[i]
            if byte == 0xC2, i + 1 < bytes.count, (0x80...0x9F).contains(bytes[i + 1]) {
                out.append(contentsOf: TerminalText.shown(UInt32(bytes[i + 1])).utf8)   // a C1 control
                i += 2
            } else {
                out.append(contentsOf: TerminalText.shown(byte: byte).utf8)
                i += 1
            }
        }
        return out
    }

    /// Where the first byte to escape is, if any.
    private static func firstUnsafe(_ bytes: UnsafeBufferPointer<UInt8>, keepingColor: Bool) -> Int? {
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if byte &- 0x20 < 0x5F || byte == 0x0A || byte == 0x09 { i += 1; continue }   // printable ASCII, LF, tab
            let length = safeLength(bytes, at: i, keepingColor: keepingColor)
            if length == 0 { return i }
            i += length
        }
        return nil
    }

    /// How many bytes from `i` are safe to write as they are: one ASCII
    /// byte, one whole UTF-8 scalar that is no C1 control, CR LF, or a
    /// whole colour sequence; 0 when the byte at `i` must be escaped.
    private static func safeLength(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, keepingColor: Bool) -> Int {
        let byte = bytes[i], count = bytes.count
        switch byte {
        case 0x20..<0x7F, 0x09, 0x0A: return 1
        case 0x0D: return (i + 1 < count && bytes[i + 1] == 0x0A) ? 2 : (i == 0 && keepingColor ? 1 : 0)
        case 0x1B: return keepingColor ? colorSequenceLength(bytes, at: i) : 0
        case 0x00..<0x20, 0x7F: return 0
        default: break
        }
        // UTF-8: the length its lead byte gives, whole, shortest form, no surrogate, at most U+10FFFF.
        let length: Int, low: UInt8, high: UInt8
        switch byte {
        case 0xC2...0xDF: length = 2; low = 0x80; high = 0xBF
        case 0xE0: length = 3; low = 0xA0; high = 0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3; low = 0x80; high = 0xBF
        case 0xED: length = 3; low = 0x80; high = 0x9F
        case 0xF0: length = 4; low = 0x90; high = 0xBF
        case 0xF1...0xF3: length = 4; low = 0x80; high = 0xBF
        case 0xF4: length = 4; low = 0x80; high = 0x8F
        default: return 0
        }
        guard i + length <= count, (low...high).contains(bytes[i + 1]) else { return 0 }
        for k in 2..<max(2, length) where !(0x80...0xBF).contains(bytes[i + k]) { return 0 }
        if byte == 0xC2, bytes[i + 1] <= 0x9F { return 0 }   // C1
        return length
    }

    /// The length of `ESC [ digits-and-semicolons m` at `i`, else 0.
    private static func colorSequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Int {
        guard i + 2 < bytes.count, bytes[i + 1] == UInt8(ascii: "[") else { return 0 }
        var k = i + 2
        while k < bytes.count, k - (i + 2) < TerminalText.maximumColorParameters {
            let byte = bytes[k]
            if byte == UInt8(ascii: "m") { return k - i + 1 }
            guard byte == UInt8(ascii: ";") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return 0 }
            k += 1
        }
        return 0
    }
}
