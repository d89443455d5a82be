/// iCalendar content lines (RFC 5545 3.1): CR LF ends, folded (CR LF space)
/// at 75 octets, never inside a UTF-8 sequence; TEXT values escaped (3.3.11).
public struct ICalendarText: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init() {}

    /// The longest line, in octets, before its CR LF.
    public static let lineLimit = 75

    /// `NAME:value`, `value` as it is, folded.
    public mutating func line(_ name: String, _ value: String) {
        let content = Array((name + ":" + value).utf8)
        var start = 0
        var limit = Self.lineLimit
        while content.count - start > limit {
            var end = start + limit
            // Back to the start of the scalar the cut would split.
            while end > start + 1, content[end] & 0xC0 == 0x80 { end -= 1 }
            bytes += content[start..<end]
            bytes += [0x0D, 0x0A, 0x20]
            start = end
            limit = Self.lineLimit - 1   // the continuation's leading space counts
        }
        bytes += content[start...]
        bytes += [0x0D, 0x0A]
    }

    /// `NAME:TEXT`, escaped.
    public mutating func text(_ name: String, _ value: String) { line(name, Self.escaped(value)) }

    /// A TEXT value: `\` `;` `,` escaped, a line end as `\n`, other controls as spaces.
    public static func escaped(_ text: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case ";": out += "\\;"
            case ",": out += "\\,"
            case "\n": out += "\\n"
            case "\t": out.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { out += " " } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out
    }

    /// A DATE value: `20251214`.
    public static func date(_ date: CivilDate) -> String { String(date.description.filter { $0 != "-" }) }

    /// A floating DATE-TIME (local time wherever the calendar is): `20251214T210000`.
    public static func localTime(_ date: CivilDate, minutes: Int) -> String {
        Self.date(date) + "T" + String(ClockTime.text(minutes).filter { $0 != ":" }) + "00"
    }
}
