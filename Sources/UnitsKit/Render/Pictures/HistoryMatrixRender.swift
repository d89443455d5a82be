/// Drawing the history matrix: month, weekday and day headers, a row per
/// habit, and the per-day "done of due" rows.
extension HistoryMatrix {
    func glyph(_ cell: Cell, units: Amount, color: String, style: TerminalStyle) -> String {
        switch cell {
        case .done: return style.paint(style.ascii ? "#" : "●", color)
        case .kinda: return style.paint(style.ascii ? "+" : "◐", color, dim: true)
        case .missed: return style.faint(style.ascii ? "o" : "○")
        case .notExpected: return style.faint(style.ascii ? "." : "·")
        case .pending: return style.ascii ? "?" : "◌"
        case .none: return " "
        case .counted:
            // Units that day in two columns; more than 99 as a full block.
            guard units > .zero else { return style.faint(style.ascii ? "." : "·") }
            let whole = units.rounded(toPlaces: 0)
            guard whole <= Amount(99), whole >= Amount(1) else { return style.paint(style.ascii ? "#" : "●", color) }
            return style.paint(whole.description, color)
        }
    }

    public func render(width: Int, style: TerminalStyle) -> String { ReportOutput.collect { render(width: width, style: style, to: $0) } }

    /// The matrix written in pieces, each cut to the width (issue 14: a
    /// million rows are never one string and a cut copy of it).
    public func render(width: Int, style: TerminalStyle, to output: ReportOutput) {
        guard !ids.isEmpty else { output.write(Self.emptyState + "\n"); return }
        let fitted = FitWidth.output(to: output, width: width, ascii: style.ascii)
        defer { fitted.finish() }
        // Names take what the columns leave, down to 6 columns, abbreviated.
        // Give up old days first (down to two weeks), then name width, then days.
        var widestName = 0
        for row in ids.indices { widestName = max(widestName, DisplayWidth.of(name(row))) }
        let fullName = max(widestName, 4)
        var nameWidth = min(fullName, 20)
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
        var out = style.faint(months.trimmingTrailingSpaces) + "\n"
        out += margin + shown.map { String($0.weekday.shortName.prefix(2)).leftPadded(toWidth: 2) + " " }.joined().trimmingTrailingSpaces + "\n"
        out += margin + shown.map { String($0.day).leftPadded(toWidth: 2) + " " }.joined().trimmingTrailingSpaces + "\n"
        fitted.write(out)
        out = ""
        // A cell other than a count's, as drawn (right-aligned in two columns,
        // then a space), once per colour: a million rows draw the same few.
        var drawnByColor: [String: [[UInt8]]] = [:]
        var lastColor: String?, drawn: [[UInt8]] = []
        func draw(_ cell: Cell, units: Amount, color: String) -> String {
            let g = glyph(cell, units: units, color: color, style: style)
            return String(repeating: " ", count: max(0, 2 - TerminalStyle.visibleWidth(g))) + g + " "
        }
        // The rows as bytes, a piece of whole lines at a time (issue 14: a
        // million rows were thirty String appends each).
        var rows: [UInt8] = []
        rows.reserveCapacity(1 << 17)
        func flushRows() {
            fitted.write(String(decoding: rows, as: UTF8.self))
            rows.removeAll(keepingCapacity: true)
        }
        for row in ids.indices {
            let name = name(row)
            // The name, abbreviated if wider than its column, then padded to it.
            let nameColumns = DisplayWidth.of(name)
            if nameColumns <= nameWidth {
                rows.append(contentsOf: name.utf8)
                rows.append(contentsOf: repeatElement(0x20, count: nameWidth - nameColumns))
            } else {
                rows.append(contentsOf: HistoryMatrix.abbreviate(name, to: nameWidth, ascii: style.ascii).padded(toWidth: nameWidth).utf8)
            }
            rows.append(0x20)
            let cellsStart = rows.count
            let rowCells = cells[row], rowUnits = units[row], color = color(row)
            if color != lastColor {
                if let known = drawnByColor[color] { drawn = known } else {
                    drawn = Self.uncounted.map { Array(draw($0, units: .zero, color: color).utf8) }
                        + Self.countedSamples.map { Array(draw(.counted, units: $0, color: color).utf8) }
                    drawnByColor[color] = drawn
                }
                lastColor = color
            }
            for column in 0..<columns {
                let cell = rowCells[column]
                let k = Self.uncountedIndex(cell) ?? Self.uncounted.count + Self.countedIndex(rowUnits[column])
                rows.append(contentsOf: drawn[k])
            }
            // The cells without trailing spaces (the name keeps its padding).
            while rows.count > cellsStart, rows.last == 0x20 { rows.removeLast() }
            rows.append(0x0A)
            // Whole lines, so each piece cuts as the whole would.
            if rows.count >= 1 << 16 { flushRows() }
        }
        if !rows.isEmpty { flushRows() }
        if tallies.prefix(columns).contains(where: { $0.expected > 0 }) {
            out += style.faint("done".padded(toWidth: nameWidth)) + " "
                + tallies.prefix(columns).map { ($0.expected > 0 ? String($0.done) : "").leftPadded(toWidth: 2) + " " }.joined().trimmingTrailingSpaces + "\n"
            out += style.faint("of".padded(toWidth: nameWidth)) + " "
                + tallies.prefix(columns).map { ($0.expected > 0 ? String($0.expected) : "").leftPadded(toWidth: 2) + " " }.joined().trimmingTrailingSpaces + "\n"
        }
        if columns < dates.count {
            out += style.faint("(\(dates.count - columns) older day\(dates.count - columns == 1 ? "" : "s") not shown)") + "\n"
        }
        let legend: [(Cell, String)] = [(.done, "done"), (.kinda, "kinda"), (.missed, "missed"), (.notExpected, "not expected"), (.pending, "today, not yet")]
        var items = legend.map { "\(glyph($0.0, units: .zero, color: "green", style: style)) \($0.1)" }
        if !units.isAllZero { items.append("numbers: units of count habits") }
        out += TerminalStyle.wrap(items, width: width)
        fitted.write(out)
    }

    /// The cells drawn the same whatever the day's units (`uncountedIndex`):
    /// every cell but `.counted`, which `Cell.code` numbers last.
    static let uncounted: [Cell] = Cell.byCode.filter { $0 != .counted }

    /// A cell's place in `uncounted`; nil for `.counted`.
    @inline(__always)
    static func uncountedIndex(_ cell: Cell) -> Int? { cell == .counted ? nil : cell.code }

    /// Each cell's JSON string, quoted once, in one buffer: cell `code`'s
    /// text is `bytes[starts[code]..<starts[code + 1]]`.
    static let quotedCells: (bytes: [UInt8], starts: [Int]) = {
        var bytes: [UInt8] = [], starts = [0]
        for cell in Cell.byCode {
            bytes += JSONWriter.Quoted(cell.rawValue).bytes
            starts.append(bytes.count)
        }
        return (bytes, starts)
    }()

    /// A count cell is drawn by its units rounded to whole ones: none (or
    /// less than none), 1 to 99, or more (and a fraction rounding to 0)
    /// as a full dot. One sample of each, in `countedIndex` order.
    static let countedSamples: [Amount] = (0...100).map { Amount($0) }

    /// The sample in `countedSamples` drawn as `units` is (`glyph`'s cases).
    @inline(__always)
    static func countedIndex(_ units: Amount) -> Int {
        guard units > .zero else { return 0 }
        let whole = units.rounded(toPlaces: 0)
        return whole >= Amount(1) && whole <= Amount(99) ? Int(whole.billionths / Amount.scale) : 100
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

    public func json() -> String { ReportOutput.collect(json(to:)) }

    /// The JSON written as it is made (issue 14: a million habits' rows
    /// are hundreds of megabytes, never one string).
    public func json(to output: ReportOutput) {
        let w = JSONWriter(output: output)
        w.object {
            w.field("schema", 1)
            w.key("dates")
            w.array { for date in dates { w.value(date.description) } }
            w.key("habits")
            // The cells' texts lent as one buffer for the whole loop: a
            // cell is a copy from it, not a kept array retained and released.
            let quoted = Self.quotedCells
            quoted.bytes.withUnsafeBufferPointer { texts in
                let starts = quoted.starts
                w.array {
                    for row in ids.indices {
                        let name = name(row)
                        let rowCells = cells[row]
                        w.object {
                            w.field("name", name)
                            w.key("cells")
                            w.scalars(rowCells.count) { k, out in
                                let code = rowCells[rowCells.startIndex + k].code
                                out.append(contentsOf: UnsafeBufferPointer(rebasing: texts[starts[code]..<starts[code + 1]]))
                            }
                            if rowCells.contains(.counted) {
                                let rowUnits = units[row]
                                w.key("units")
                                w.scalars(rowUnits.count) { k, out in rowUnits[rowUnits.startIndex + k].appendCanonical(to: &out) }
                            }
                        }
                    }
                }
            }
            w.key("days")
            w.array {
                for (k, date) in dates.enumerated() {
                    w.object {
                        w.field("date", date.description)
                        w.field("done", tallies[k].done)
                        w.field("due", tallies[k].expected)
                    }
                }
            }
        }
        w.close()
    }
}
