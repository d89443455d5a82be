/// Drawing the history matrix: month, weekday and day headers, a row per
/// habit, and the per-day "done of due" rows.
extension HistoryMatrix {
    func glyph(_ cell: Cell, units: Amount, color: String, style: TerminalStyle) -> String {
        switch cell {
        case .done: return style.paint(style.ascii ? "#" : "●", color)
        case .kinda: return style.paint(style.ascii ? "+" : "◐", color, dim: true)
        case .missed: return style.dim(style.ascii ? "o" : "○")
        case .notExpected: return style.dim(style.ascii ? "." : "·")
        case .pending: return style.ascii ? "?" : "◌"
        case .none: return " "
        case .counted:
            // Units that day in two columns; more than 99 as a full block.
            guard units > .zero else { return style.dim(style.ascii ? "." : "·") }
            let whole = units.rounded(toPlaces: 0)
            guard whole <= Amount(99), whole >= Amount(1) else { return style.paint(style.ascii ? "#" : "●", color) }
            return style.paint(whole.description, color)
        }
    }

    /// The matrix written in pieces, each cut to the width.
    public func render(width: Int, style: TerminalStyle, to output: ReportOutput) {
        guard !ids.isEmpty else { output.write(Self.emptyState + "\n"); return }
        let fitted = FitWidth.output(to: output, width: width, ascii: style.ascii)
        defer { fitted.finish() }
        // Names take what the columns leave, down to 6 columns, abbreviated.
        // Give up old days first (down to two weeks), then name width, then days.
        var nameWidth = min(20, ids.indices.reduce(4) { max($0, DisplayWidth.of(name($1))) })
        var columns = dates.count
        func fits() -> Bool { nameWidth + 1 + columns * 3 <= width }
        while !fits(), columns > 14 { columns -= 1 }
        while !fits(), nameWidth > 6 { nameWidth -= 1 }
        while !fits(), columns > 1 { columns -= 1 }
        let shown = Array(dates.prefix(columns))
        let margin = String(repeating: " ", count: nameWidth + 1)
        // Month names where a month begins (reading right to left, back in time).
        var months = margin
        for (k, date) in shown.enumerated() where k == 0 || date.month != shown[k - 1].month {
            let name = String(CivilDate.monthNames[date.month - 1].prefix(3))
            let at = nameWidth + 1 + k * 3
            if DisplayWidth.of(months) <= at { months += String(repeating: " ", count: at - DisplayWidth.of(months)) + name }
        }
        // Texts right-aligned in the cells' two columns, a space after each, none at the end.
        func cellLine(_ texts: [String]) -> String {
            texts.map { $0.leftPadded(toWidth: 2) + " " }.joined().trimmingTrailingSpaces
        }
        var out = style.dim(months.trimmingTrailingSpaces) + "\n"
        out += margin + cellLine(shown.map { String($0.weekday.shortName.prefix(2)) }) + "\n"
        out += margin + cellLine(shown.map { String($0.day) }) + "\n"
        fitted.write(out)
        out = ""
        // A cell as drawn: right-aligned in two columns, then a space.
        func draw(_ cell: Cell, units: Amount, color: String) -> String {
            let g = glyph(cell, units: units, color: color, style: style)
            return String(repeating: " ", count: max(0, 2 - TerminalStyle.visibleWidth(g))) + g + " "
        }
        for row in ids.indices {
            // The name, abbreviated if wider than its column, padded to it; the cells without trailing spaces.
            let name = name(row), color = color(row)
            let shownName = DisplayWidth.of(name) <= nameWidth ? name : HistoryMatrix.abbreviate(name, to: nameWidth, ascii: style.ascii)
            let drawn = (0..<columns).map { draw(cells[row][$0], units: units(row, $0), color: color) }.joined()
            fitted.write(shownName.padded(toWidth: nameWidth) + " " + drawn.trimmingTrailingSpaces + "\n")
        }
        if tallies.prefix(columns).contains(where: { $0.expected > 0 }) {
            for (label, count) in [("done", \Expectation.Tally.done), ("of", \.expected)] {
                let counts = tallies.prefix(columns).map { $0.expected > 0 ? String($0[keyPath: count]) : "" }
                out += style.dim(label.padded(toWidth: nameWidth)) + " " + cellLine(counts) + "\n"
            }
        }
        if columns < dates.count {
            out += style.dim("(\(ReportText.count(dates.count - columns, "older day")) not shown)") + "\n"
        }
        let legend: [(Cell, String)] = [(.done, "done"), (.kinda, "kinda"), (.missed, "missed"), (.notExpected, "not expected"), (.pending, "today, not yet")]
        var items = legend.map { "\(glyph($0.0, units: .zero, color: "green", style: style)) \($0.1)" }
        if ids.indices.contains(where: { row in dates.indices.contains { !units(row, $0).isZero } }) {
            items.append("numbers: units of count habits")
        }
        out += TerminalStyle.wrap(items, width: width)
        fitted.write(out)
    }

    /// Cuts a name to `width` columns, ending in … (or ~ in ASCII).
    static func abbreviate(_ name: String, to width: Int, ascii: Bool) -> String {
        guard DisplayWidth.of(name) > width else { return name }
        var out = ""
        for scalar in name.unicodeScalars {
            if DisplayWidth.of(out) + DisplayWidth.of(scalar) > width - 1 { break }
            out.unicodeScalars.append(scalar)
        }
        return out + (ascii ? "~" : "…")
    }

    /// The matrix as JSON, written as it is made.
    public func json(to output: ReportOutput) {
        JSONWriter.report(nil, to: output) { w in
            w.field("dates", dates.map(\.description))
            w.objects("habits", ids.indices) { row in
                w.field("name", name(row))
                w.field("cells", cells[row].map(\.rawValue))
                guard cells[row].contains(.counted) else { return }
                w.array("units") { for k in dates.indices { w.value(units(row, k)) } }
            }
            w.objects("days", zip(dates, tallies)) { date, tally in
                w.field("date", date.description)
                w.field("done", tally.done)
                w.field("due", tally.expected)
            }
        }
    }
}
