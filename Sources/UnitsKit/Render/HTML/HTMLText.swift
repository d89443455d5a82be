/// Escaping for text placed in HTML and SVG: journal text (names, titles,
/// notes) is data and never markup. Control characters are shown as
/// `\u{…}` escapes so nothing invisible reaches the page.
enum HTMLText {
    /// Text for an element's content or a quoted attribute value.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default:
                let v = scalar.value
                if (v < 0x20 && v != 0x09) || v == 0x7F || (0x80...0x9F).contains(v) {
                    out += "\\u{" + String(v, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// A fragment identifier made from a name: letters and digits kept
    /// (any script), anything else as `-XX` hex, so ids are unique and valid.
    static func identifier(_ prefix: String, _ name: String) -> String {
        var out = prefix + "-"
        for byte in name.utf8 {
            if (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F {
                out.append(Character(Unicode.Scalar(byte)))
            } else {
                out += "-" + String(hex: byte, width: 2)
            }
        }
        return out
    }

    /// A number for SVG coordinates: integers without a fraction, others with two places.
    static func number(_ value: Double) -> String {
        if value == value.rounded() { return String(Int(value)) }
        let scaled = (value * 100).rounded() / 100
        return String(scaled)
    }
}

/// Colours of the page. A habit's colour is its `color:` (a name of the
/// terminal palette, or `#hex`), turned into the same tone the terminal
/// shows: one palette for both.
enum HTMLPalette {
    /// The hex colour of a colour name: `#rgb`/`#rrggbb` muted, a palette
    /// name through its xterm-256 index, anything else gray.
    static func hex(_ colorName: String) -> String {
        if colorName.hasPrefix("#") {
            // Muted as the terminal mutes it: never pure red.
            guard let rgb = TerminalStyle.mutedRGB(colorName) else { return "#9e9e9e" }
            return hexString([rgb.0, rgb.1, rgb.2])
        }
        return xterm(TerminalStyle.palette[colorName] ?? 247)
    }

    /// The RGB of an xterm-256 colour index (the 6×6×6 cube and the gray ramp).
    static func xterm(_ index: Int) -> String {
        let levels = [0, 95, 135, 175, 215, 255]
        let rgb: [Int]
        if index >= 232 {
            let gray = 8 + 10 * (index - 232)
            rgb = [gray, gray, gray]
        } else if index >= 16 {
            let i = index - 16
            rgb = [levels[i / 36], levels[(i / 6) % 6], levels[i % 6]]
        } else {
            rgb = [128, 128, 128]
        }
        return hexString(rgb)
    }

    /// `#rrggbb` of three channels 0–255.
    static func hexString(_ rgb: [Int]) -> String { "#" + rgb.map { String(hex: $0, width: 2, uppercase: false) }.joined() }
}
