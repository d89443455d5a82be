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

    /// `count` of an exact ratio (a deficit of 5/7 page prints `0.7 pages`).
    public static func count(_ fraction: Fraction, _ unit: String) -> String { count(fraction.rounded(toPlaces: 1), unit) }

    /// The unit's name as it reads after `amount`: `1 page`, `3 pages`,
    /// `2 inches`, `2 stories`. Left as written: a name already ending in
    /// s (`reps`), a unit symbol (`km`, `kg`, `min`, `h`), a name of
    /// several words (`glass of water`) and a name not ending in a Latin
    /// letter (`読書`, `m²`): English rules cannot make their plurals.
    public static func plural(_ unit: String, _ amount: Amount) -> String {
        if amount == .one || amount == -.one { return unit }
        if let ending = asciiPluralEnding(unit) {
            switch ending {
            case .none: return unit
            case .s: return unit + "s"
            case .es: return unit + "es"
            case .ies: return String(unit.dropLast()) + "ies"
            }
        }
        return pluralSpelled(unit)
    }

    enum PluralEnding { case none, s, es, ies }

    /// `pluralSpelled`'s answer for a short ASCII name, read from its bytes
    /// (a million-row report names a unit on every row: `lowercased()` and
    /// the suffix tests on Characters were a tenth of it); nil for any
    /// other name.
    static func asciiPluralEnding(_ unit: String) -> PluralEnding? {
        var unit = unit
        return unit.withUTF8 { bytes -> PluralEnding? in
            guard bytes.count <= 15, !bytes.isEmpty else { return nil }
            var lower = (UInt64(0), UInt64(0))   // up to 15 bytes, lowercased
            var hasSpace = false
            for (i, byte) in bytes.enumerated() {
                guard byte < 0x80, byte != 0x0D else { return nil }
                let l = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                if l == 0x20 { hasSpace = true }
                if i < 8 { lower.0 |= UInt64(l) << UInt64(8 * i) } else { lower.1 |= UInt64(l) << UInt64(8 * (i - 8)) }
            }
            func at(_ i: Int) -> UInt8 { UInt8(truncatingIfNeeded: (i < 8 ? lower.0 >> UInt64(8 * i) : lower.1 >> UInt64(8 * (i - 8)))) }
            let n = bytes.count, last = at(n - 1)
            guard last >= UInt8(ascii: "a"), last <= UInt8(ascii: "z"), last != UInt8(ascii: "s"), !hasSpace else { return PluralEnding.none }
            // A symbol by its word (every symbol is a few bytes: a few
            // integer compares, no String made and hashed per row).
            if n <= 7 {
                if symbolWords.contains(lower.0 | UInt64(n) << 56) { return PluralEnding.none }
            } else if !allSymbolsShort, unitSymbols.contains(String(decoding: (0..<n).map(at), as: UTF8.self)) {
                return PluralEnding.none
            }
            let previous = n >= 2 ? at(n - 2) : 0
            if last == UInt8(ascii: "x") || last == UInt8(ascii: "z") || (last == UInt8(ascii: "h") && (previous == UInt8(ascii: "c") || previous == UInt8(ascii: "s"))) {
                return .es
            }
            if last == UInt8(ascii: "y"), n >= 2, !"aeiou".utf8.contains(previous) { return .ies }
            return .s
        }
    }

    /// `plural` of any name, by its Characters.
    static func pluralSpelled(_ unit: String) -> String {
        let lower = unit.lowercased()
        guard let last = lower.utf8.last, last >= UInt8(ascii: "a"), last <= UInt8(ascii: "z"),
              !lower.hasSuffix("s"), !lower.contains(" "), !unitSymbols.contains(lower) else { return unit }
        if lower.hasSuffix("x") || lower.hasSuffix("z") || lower.hasSuffix("ch") || lower.hasSuffix("sh") { return unit + "es" }
        if lower.hasSuffix("y"), lower.count >= 2, !"aeiou".contains(lower[lower.index(lower.endIndex, offsetBy: -2)]) {
            return String(unit.dropLast()) + "ies"
        }
        return unit + "s"
    }

    /// `unitSymbols` of up to 7 bytes as words: the bytes little-endian, the length in the top byte.
    static let symbolWords: [UInt64] = unitSymbols.compactMap { symbol in
        let bytes = Array(symbol.utf8)
        guard bytes.count <= 7 else { return nil }
        return bytes.enumerated().reduce(UInt64(bytes.count) << 56) { $0 | UInt64($1.element) << UInt64(8 * $1.offset) }
    }

    /// Whether every symbol is in `symbolWords`.
    static let allSymbolsShort = unitSymbols.allSatisfy { $0.utf8.count <= 7 }

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
        guard let columns = rows.map(\.count).max() else { return [] }
        var widths = Array(repeating: 0, count: columns)
        for row in rows { for (k, cell) in row.enumerated() { widths[k] = max(widths[k], width(cell)) } }
        return rows.map { tableLine($0, widths: widths, right: right, indent: indent) }
    }

    /// The same table with its rows made on demand, twice (once for the
    /// widths, once to write), every line ended by a newline: a register of
    /// many rows never holds all its cells at once.
    public static func table(count: Int, right: Set<Int> = [], indent: String = "  ", row: (Int) -> [String]) -> String {
        measuredTable(count: count, right: right, indent: indent, row: row).text
    }

    /// `table(count:)` written to `output` a piece at a time.
    public static func writeTable(count: Int, right: Set<Int> = [], indent: String = "  ", to output: ReportOutput,
                                  row: (Int) -> [String]) {
        writeTable(count: count, widths: columnWidths(count: count, row: row), right: right, indent: indent, to: output, row: row)
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

    /// No line of a table with these column widths is wider than this
    /// (every cell at its column's width, the separators; trimming only
    /// takes away).
    static func widthBound(_ widths: [Int], indent: String) -> Int {
        width(indent) + widths.reduce(0, +) + 2 * max(0, widths.count - 1)
    }

    /// The rows written with `widths` already measured, each line ended by a newline.
    static func writeTable(count: Int, widths: [Int], right: Set<Int>, indent: String, to output: ReportOutput,
                           row: (Int) -> [String]) {
        // One buffer of lines for the whole table, handed on a piece at a
        // time (no array and String made per line).
        let columns = RightColumns(right)
        var out: [UInt8] = []
        out.reserveCapacity(1 << 17)
        for i in 0..<count {
            appendTableLine(row(i), widths: widths, right: columns, indent: indent, to: &out)
            out.append(0x0A)
            if out.count >= 1 << 16 {
                output.write(String(decoding: out, as: UTF8.self))
                out.removeAll(keepingCapacity: true)
            }
        }
        output.write(String(decoding: out, as: UTF8.self))
    }

    /// `table(count:)` and the width of its widest line.
    public static func measuredTable(count: Int, right: Set<Int> = [], indent: String = "  ", row: (Int) -> [String]) -> (text: String, widest: Int) {
        let widths = columnWidths(count: count, row: row)
        var out = ""
        var widest = 0
        for i in 0..<count {
            let line = tableLine(row(i), widths: widths, right: right, indent: indent)
            widest = max(widest, width(line))
            out += line
            out += "\n"
        }
        return (out, widest)
    }

    static func tableLine(_ row: [String], widths: [Int], right: Set<Int>, indent: String) -> String {
        var line: [UInt8] = []
        appendTableLine(row, widths: widths, right: RightColumns(right), indent: indent, to: &line)
        return String(decoding: line, as: UTF8.self)
    }

    /// The right-aligned columns of a table, as bits (no hashed set lookup per cell).
    struct RightColumns {
        var bits: UInt64 = 0
        /// Columns past 63, rare: looked up in `set`.
        var beyond = false
        let set: Set<Int>

        init(_ right: Set<Int>) {
            set = right
            for k in right { if k >= 0 && k < 64 { bits |= 1 << UInt64(k) } else { beyond = true } }
        }

        @inline(__always) func contains(_ k: Int) -> Bool { k < 64 ? bits & (1 << UInt64(k)) != 0 : beyond && set.contains(k) }
    }

    /// One line of a table appended to `out` as bytes: cells padded to
    /// their column's width (the right-aligned ones before), two spaces
    /// apart, the last not padded, no trailing spaces (as the Character
    /// loop this was trimmed them).
    static func appendTableLine(_ row: [String], widths: [Int], right: RightColumns, indent: String, to out: inout [UInt8]) {
        let lineStart = out.count
        out.append(contentsOf: indent.utf8)
        let last = row.count - 1
        for (k, cell) in row.enumerated() {
            let pad = widths[k] - width(cell)
            if right.contains(k) {
                if pad > 0 { out.append(contentsOf: repeatElement(0x20, count: pad)) }
                out.append(contentsOf: cell.utf8)
            } else {
                out.append(contentsOf: cell.utf8)
                if k != last, pad > 0 { out.append(contentsOf: repeatElement(0x20, count: pad)) }
            }
            if k < last { out.append(0x20); out.append(0x20) }
        }
        var end = out.count
        while end > lineStart, out[end - 1] == 0x20 { end -= 1 }
        guard end < out.count else { return }
        if end > lineStart, out[end - 1] >= 0x80 {
            // After a non-ASCII scalar (a prepended mark keeps the space
            // after it in its Character) `trimmingTrailingSpaces` decides.
            let trimmed = String(decoding: out[lineStart...], as: UTF8.self).trimmingTrailingSpaces
            out.removeSubrange(lineStart...)
            out.append(contentsOf: trimmed.utf8)
        } else {
            out.removeSubrange(end...)
        }
    }

    static func appendSpaces(_ count: Int, to line: inout String) {
        var n = count
        while n >= 8 { line += "        "; n -= 8 }
        while n > 0 { line += " "; n -= 1 }
    }

    /// The columns a cell of a report takes on the terminal: the renderers'
    /// colour sequences take none, and journal text's control characters
    /// (an ESC in a title) take the width of their escaped form, since that
    /// is how `TerminalText.sanitized` will show them.
    static func width(_ cell: String) -> Int {
        // One byte scan: text with no control character (C0, DEL, C1) and
        // no colour marker (U+FDD0…U+FDEF) has nothing to strip or escape,
        // and printable ASCII (nearly every cell) is its own width.
        var ascii = true, plain = true
        var previous: UInt8 = 0, beforePrevious: UInt8 = 0
        for byte in cell.utf8 {
            if byte < 0x20 || byte == 0x7F { plain = false; break }
            if byte >= 0x80 {
                ascii = false
                if previous == 0xC2 && byte <= 0x9F { plain = false; break }
                if beforePrevious == 0xEF && previous == 0xB7 && byte >= 0x90 && byte <= 0xAF { plain = false; break }
            }
            beforePrevious = previous
            previous = byte
        }
        if plain { return ascii ? cell.utf8.count : DisplayWidth.of(cell) }
        return DisplayWidth.of(TerminalText.escaped(stripped(cell, realEscapes: false)))
    }

    /// Text without colour sequences (for widths): the renderers' marked
    /// ones and, unless `realEscapes` is false, real `ESC [ … m`; any other
    /// escape stays (and is counted).
    static func stripped(_ text: String, realEscapes: Bool = true) -> String {
        guard mayHoldColor(text) else { return text }
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

    /// Whether `text` holds an ESC or the renderers' colour marker (U+FDD0,
    /// bytes EF B7 90): one pass over its bytes, not its scalars.
    static func mayHoldColor(_ text: String) -> Bool {
        var previous: UInt8 = 0, beforePrevious: UInt8 = 0
        for byte in text.utf8 {
            if byte == 0x1B || (beforePrevious == 0xEF && previous == 0xB7 && byte == 0x90) { return true }
            beforePrevious = previous
            previous = byte
        }
        return false
    }

    /// A bar of `width` cells for a ratio: `████████░░`.
    /// (A ratio outside 0...1 draws an empty or a full bar.)
    public static func bar(_ ratio: Double?, width: Int = 10) -> String {
        let width = max(0, width)
        let scaled = ((ratio ?? 0) * Double(width)).rounded()
        let filled = scaled.isNaN ? 0 : Int(min(max(scaled, 0), Double(width)))
        // The usual ten cells come from a table: a million-row report draws
        // the same eleven bars over and over.
        if width == 10 { return tenCellBars[filled] }
        return String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
    }

    private static let tenCellBars = (0...10).map { String(repeating: "█", count: $0) + String(repeating: "░", count: 10 - $0) }
}
