/// Shared wording for reports.
public enum ReportText {
    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// `Dec 14, 2025`.
    public static func date(_ date: CivilDate) -> String {
        let (y, m, d) = date.components
        return "\(monthNames[m - 1]) \(d), \(y)"
    }

    /// `Dec 14`.
    public static func shortDate(_ date: CivilDate) -> String {
        "\(monthNames[date.month - 1]) \(date.day)"
    }

    /// `Dec 8–14` or `Nov 24–Dec 1`.
    public static func range(_ range: DayRange) -> String {
        if range.first == range.last { return shortDate(range.first) }
        if range.first.month == range.last.month && range.first.year == range.last.year {
            return "\(shortDate(range.first))–\(range.last.day)"
        }
        return "\(shortDate(range.first))–\(shortDate(range.last))"
    }

    /// A number for people: at most one decimal place.
    public static func number(_ amount: Amount) -> String { amount.formatted(places: 1) }

    /// An exact ratio for people: rounded once, half to even, to one place.
    public static func number(_ fraction: Fraction) -> String { fraction.rounded(toPlaces: 1).description }

    /// `1 page`, `3 pages`, `2 units` (a unit name ending in s is left alone).
    /// The plural follows the number as printed: 0.96 prints `1 page`.
    public static func count(_ amount: Amount, _ unit: String) -> String {
        let shown = amount.rounded(toPlaces: 1)
        return "\(shown) \(plural(unit, shown))"
    }

    /// `1 day`, `3 days`: a whole number of a noun that takes an s.
    public static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// `count` of an exact ratio (a deficit of 5/7 page prints `0.7 pages`).
    public static func count(_ fraction: Fraction, _ unit: String) -> String { count(fraction.rounded(toPlaces: 1), unit) }

    /// The unit's name after `amount`: `3 pages`, `2 inches`, `2 stories`; left
    /// as written where English rules cannot tell: `reps`, `km`, `glass of water`, `読書`.
    public static func plural(_ unit: String, _ amount: Amount) -> String {
        if amount == .one || amount == -.one { return unit }
        let lower = unit.lowercased()
        guard let last = lower.utf8.last, last >= UInt8(ascii: "a"), last <= UInt8(ascii: "z"),
              !lower.hasSuffix("s"), !lower.contains(" "), !unitSymbols.contains(lower) else { return unit }
        if lower.hasSuffix("x") || lower.hasSuffix("z") || lower.hasSuffix("ch") || lower.hasSuffix("sh") { return unit + "es" }
        if lower.hasSuffix("y"), lower.count >= 2, !"aeiou".contains(lower[lower.index(lower.endIndex, offsetBy: -2)]) {
            return String(unit.dropLast()) + "ies"
        }
        return unit + "s"
    }

    /// Unit symbols, which never take a plural ending (`5 km`, not `5 kms`).
    static let unitSymbols: Set<String> = [
        "km", "m", "cm", "mm", "mi", "ft", "yd", "in", "nm",
        "kg", "g", "mg", "lb", "oz", "st",
        "l", "ml", "cl", "dl", "gal", "qt", "pt",
        "h", "hr", "min", "sec", "ms", "d", "wk",
        "kcal", "cal", "kj", "kwh", "bpm", "rpm", "pp",
    ]

    /// `85%` from an exact ratio, rounded once, half to even (1/8 is `12%`).
    public static func percent(_ ratio: Fraction?) -> String {
        guard let ratio else { return "–" }
        return "\(wholePercent(ratio))%"
    }

    /// A ratio as a whole percentage, rounded half to even.
    public static func wholePercent(_ ratio: Fraction) -> Int { (ratio * 100).rounded(toPlaces: 0).integerPart }

    /// Rows of cells padded into columns; `right` marks right-aligned columns.
    public static func table(_ rows: [[String]], right: Set<Int> = [], indent: String = "  ") -> [String] {
        let widths = columnWidths(count: rows.count) { rows[$0] }
        return rows.map { tableLine($0, widths: widths, right: right, indent: indent) }
    }

    /// The same table written line by line, its rows made on demand (twice:
    /// widths, then lines), so a long table never holds all its cells.
    public static func writeTable(count: Int, right: Set<Int> = [], indent: String = "  ", to output: ReportOutput,
                                  row: (Int) -> [String]) {
        let widths = columnWidths(count: count, row: row)
        for i in 0..<count { output.write(tableLine(row(i), widths: widths, right: right, indent: indent) + "\n") }
    }

    /// The widest cell of each column.
    static func columnWidths(count: Int, row: (Int) -> [String]) -> [Int] {
        var widths: [Int] = []
        for i in 0..<count {
            for (k, cell) in row(i).enumerated() {
                if k == widths.count { widths.append(0) }
                widths[k] = max(widths[k], width(cell))
            }
        }
        return widths
    }

    /// Cells padded to their column's width (the right-aligned ones
    /// before), two spaces apart, the last not padded, no trailing spaces.
    static func tableLine(_ row: [String], widths: [Int], right: Set<Int>, indent: String) -> String {
        var line = indent
        for (k, cell) in row.enumerated() {
            let pad = String(repeating: " ", count: max(0, widths[k] - width(cell)))
            line += right.contains(k) ? pad + cell : k == row.count - 1 ? cell : cell + pad
            if k < row.count - 1 { line += "  " }
        }
        return line.trimmingTrailingSpaces
    }

    /// The columns a cell takes on the terminal: colour sequences none, control
    /// characters the width of their escaped form, as `TerminalText.sanitized` shows them.
    static func width(_ cell: String) -> Int {
        DisplayWidth.of(TerminalText.escaped(stripped(cell, realEscapes: false)))
    }

    /// Text without the renderers' colour sequences (and real `ESC [ … m` unless `realEscapes` is false).
    static func stripped(_ text: String, realEscapes: Bool = true) -> String {
        let hasEscape = text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == TerminalText.colorIntroducer }
        guard hasEscape else { return text }
        let scalars = Array(text.unicodeScalars)
        var out = ""
        var i = 0
        while i < scalars.count {
            if let end = TerminalText.colorSequenceEnd(scalars, from: i, escape: realEscapes) { i = end + 1; continue }
            out.unicodeScalars.append(scalars[i])
            i += 1
        }
        return out
    }

    /// A bar of `width` cells for a ratio: `████████░░` (clamped to 0...1).
    public static func bar(_ ratio: Double?, width: Int = 10) -> String {
        let width = max(0, width)
        let scaled = ((ratio ?? 0) * Double(width)).rounded()
        let filled = scaled.isNaN ? 0 : Int(min(max(scaled, 0), Double(width)))
        return String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
    }
}
