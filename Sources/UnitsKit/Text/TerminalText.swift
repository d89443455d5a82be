/// Journal text made safe for a terminal (raw escapes can retitle the window
/// or write to the clipboard): text reports show C0 controls but tab, DEL and
/// C1 controls as `\xHH` / `\u{HH}`.
public enum TerminalText {
    /// One piece of journal text with its control characters escaped.
    public static func escaped(_ text: String) -> String {
        guard needsEscaping(text, keepNewlines: false) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars { append(scalar, to: &out) }
        return out
    }

    /// The renderers' colour sequences start with a marker, not ESC: U+FDD0
    /// and twelve noncharacters drawn at random once per process, which
    /// journal text cannot forge. Only marked sequences become colour (`sanitized`).
    public static let colorIntroducer = Unicode.Scalar(UInt32(0xFDD0))!   // (Swift refuses it in a literal)
    static let markerScalars: [Unicode.Scalar] = [colorIntroducer]
        + (0..<12).map { _ in Unicode.Scalar(0xFDD0 + UInt32.random(in: 0..<32))! }
    private static let markerText = String(String.UnicodeScalarView(markerScalars))

    /// A renderer's colour sequence (SGR), e.g. `sgr("38;5;110")`.
    public static func sgr(_ parameters: String) -> String { markerText + "[" + parameters + "m" }

    /// The renderers' reset sequence.
    public static let reset = sgr("0")

    /// A rendered report on its way to the terminal: newlines stay, every
    /// other control (any ESC too) is shown escaped, and with `keepingColor`
    /// the renderers' own `sgr` sequences become real `ESC [ … m`.
    public static func sanitized(_ output: String, keepingColor: Bool) -> String {
        guard needsEscaping(output) else { return output }
        var out = ""
        out.reserveCapacity(output.utf8.count + 16)
        let scalars = Array(output.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let scalar = scalars[i]
            if scalar == "\n" { out.unicodeScalars.append(scalar); i += 1; continue }
            if scalar == colorIntroducer, let end = colorSequenceEnd(scalars, from: i, escape: false) {
                if keepingColor {
                    out.unicodeScalars.append("\u{1B}")
                    out.unicodeScalars.append(contentsOf: scalars[(i + markerScalars.count)...end])
                }
                i = end + 1
                continue
            }
            append(scalar, to: &out)
            i += 1
        }
        return out
    }

    /// Whether a scalar is one a terminal acts on rather than shows (or the
    /// renderers' colour marker, which journal text must not forge).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t") || (0x7F...0x9F).contains(scalar.value) || (0xFDD0...0xFDEF).contains(scalar.value)
    }

    private static func append(_ scalar: Unicode.Scalar, to out: inout String) {
        guard isControl(scalar) else { out.unicodeScalars.append(scalar); return }
        out += shown(scalar.value)
    }

    /// How a control scalar is shown: `\xHH` below 0x80, else `\u{HH}` (`\u{HHHH}` past 0xFF).
    static func shown(_ value: UInt32) -> String {
        value < 0x80 ? shown(byte: UInt8(value)) : "\\u{" + String(hex: value, width: value > 0xFF ? 4 : 2) + "}"
    }

    static func shown(byte: UInt8) -> String { "\\x" + String(hex: byte, width: 2) }

    /// The longest parameter list (digits and `;`) of a colour sequence
    /// taken as one; `TerminalGuard` keeps the same ones.
    static let maximumColorParameters = 32

    /// The index of the `m` ending a colour sequence (the marker, or with
    /// `escape` ESC, then `[`, digits and `;`, `m`) at `start`; else nil.
    public static func colorSequenceEnd(_ scalars: [Unicode.Scalar], from start: Int, escape: Bool = true) -> Int? {
        var i: Int
        if escape, start < scalars.count, scalars[start] == "\u{1B}" {
            i = start + 1
        } else if start + markerScalars.count <= scalars.count,
                  scalars[start..<(start + markerScalars.count)].elementsEqual(markerScalars) {
            i = start + markerScalars.count
        } else {
            return nil
        }
        guard i + 1 < scalars.count, scalars[i] == "[" else { return nil }
        let first = i + 1
        i = first
        while i < scalars.count, i - first < maximumColorParameters {
            let s = scalars[i]
            if s == "m" { return i }
            guard s == ";" || ("0"..."9").contains(s) else { return nil }
            i += 1
        }
        return nil
    }

    /// Whether text holds anything `append` escapes (a line feed too, unless `keepNewlines`).
    static func needsEscaping(_ text: String, keepNewlines: Bool = true) -> Bool {
        text.unicodeScalars.contains { isControl($0) && !(keepNewlines && $0 == "\n") }
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
