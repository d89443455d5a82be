/// Journal text made safe for a terminal (issue 14): a name, title or note
/// may hold control characters, and an escape sequence printed raw can
/// retitle the window or write to the clipboard (OSC 0, OSC 52). Every text
/// report shows them escaped instead: C0 controls (tab excepted), DEL and C1
/// controls as `\xHH` / `\u{HH}`. JSON escapes them on its own and stays exact.
public enum TerminalText {
    /// One piece of journal text with its control characters escaped.
    public static func escaped(_ text: String) -> String {
        guard needsEscaping(text.utf8, keepNewlines: false) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars { append(scalar, to: &out) }
        return out
    }

    /// A whole rendered report: newlines stay, and with `keepingColor` the
    /// colour sequences the renderers emit (`ESC [ digits ; … m`) stay; every
    /// other control character or escape sequence is shown escaped.
    public static func sanitized(_ output: String, keepingColor: Bool) -> String {
        guard needsEscaping(output.utf8, keepNewlines: true, allowEscape: keepingColor) else { return output }
        var out = ""
        out.reserveCapacity(output.utf8.count + 16)
        let scalars = Array(output.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let scalar = scalars[i]
            if scalar == "\n" { out.unicodeScalars.append(scalar); i += 1; continue }
            if keepingColor, scalar == "\u{1B}", let end = colorSequenceEnd(scalars, from: i) {
                out.unicodeScalars.append(contentsOf: scalars[i...end])
                i = end + 1
                continue
            }
            append(scalar, to: &out)
            i += 1
        }
        return out
    }

    /// Whether a scalar is one a terminal acts on rather than shows.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t") || (0x7F...0x9F).contains(scalar.value)
    }

    private static func append(_ scalar: Unicode.Scalar, to out: inout String) {
        guard isControl(scalar) else { out.unicodeScalars.append(scalar); return }
        if scalar.value < 0x80 {
            out += "\\x" + hex(scalar.value)
        } else {
            out += "\\u{" + hex(scalar.value) + "}"
        }
    }

    private static func hex(_ value: UInt32) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(value >> 4) & 0xF], digits[Int(value) & 0xF]])
    }

    /// The index of the `m` that ends an SGR sequence starting at `start`.
    private static func colorSequenceEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        guard start + 2 < scalars.count, scalars[start + 1] == "[" else { return nil }
        var i = start + 2
        while i < scalars.count, i - start < 32 {
            let s = scalars[i]
            if s == "m" { return i }
            guard s == ";" || ("0"..."9").contains(s) else { return nil }
            i += 1
        }
        return nil
    }

    /// A byte scan, so that clean text (nearly all of it) costs no copy.
    private static func needsEscaping(_ utf8: String.UTF8View, keepNewlines: Bool, allowEscape: Bool = false) -> Bool {
        var previous: UInt8 = 0
        for byte in utf8 {
            if byte < 0x20 {
                if byte == 0x09 || (keepNewlines && byte == 0x0A) || (allowEscape && byte == 0x1B) {
                    previous = byte; continue
                }
                return true
            }
            if byte == 0x7F { return true }
            // C1 controls are U+0080…U+009F: 0xC2 0x80…0x9F in UTF-8.
            if previous == 0xC2, (0x80...0x9F).contains(byte) { return true }
            previous = byte
        }
        // An escape we allowed must still be a colour sequence: check slowly.
        return allowEscape && utf8.contains(0x1B) && hasForeignEscape(utf8)
    }

    private static func hasForeignEscape(_ utf8: String.UTF8View) -> Bool {
        let scalars = Array(String(utf8).unicodeScalars)
        for (i, s) in scalars.enumerated() where s == "\u{1B}" {
            if colorSequenceEnd(scalars, from: i) == nil { return true }
        }
        return false
    }

    /// Whether bytes are valid UTF-8 (a file that is not is no journal).
    public static func isValidUTF8<C: Collection>(_ bytes: C) -> Bool where C.Element == UInt8 {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }
}
