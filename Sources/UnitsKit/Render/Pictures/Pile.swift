/// The pile: today's units as a stack of small blocks in each habit's
/// colour, in a tray, with "Total Units: N". Past 50 blocks a block is a
/// bundle of 5 units (marked ×5), so a 200-unit day still fits.
public struct Pile: Sendable {
    public struct Layer: Sendable {
        public var name: String
        public var colorName: String
        public var units: Amount
        public init(name: String, colorName: String, units: Amount) {
            self.name = name
            self.colorName = colorName
            self.units = units
        }
    }

    public var layers: [Layer]
    public static let bundleThreshold = 50
    public static let bundleSize = 5

    public init(layers: [Layer]) { self.layers = layers }

    /// Today's units per habit, in declaration order, from a journal.
    public init(journal: Journal, day: CivilDate) {
        let grid = DayGrid(journal: journal, days: DayRange(first: day, last: day))
        layers = journal.habits.compactMap { habit in
            let units = grid.units(habit.id, on: day)
            guard !habit.isGroup, units > .zero else { return nil }
            return Layer(name: habit.name, colorName: TerminalStyle.colorName(of: habit), units: units)
        }
    }

    public var total: Amount { layers.reduce(.zero) { $0 + $1.units } }

    /// Whole blocks for an amount (a fraction of a unit still shows one block).
    static func blocks(_ units: Amount, bundled: Bool) -> Int {
        guard units > .zero else { return 0 }
        let whole = units.isInteger ? units.integerPart : units.integerPart + 1
        return bundled ? (whole + bundleSize - 1) / bundleSize : whole
    }

    /// The tray of blocks and its legend; `header` adds "Today · Total Units: N".
    public func render(width: Int, style: TerminalStyle, header: Bool = true) -> String {
        var out = header ? "Today · Total Units: \(total)\n" : ""
        let unbundled = layers.reduce(0) { $0 + Pile.blocks($1.units, bundled: false) }
        let bundled = unbundled > Pile.bundleThreshold
        // The blocks in pile order, each with how to draw it.
        var cells: [String] = []
        for (index, layer) in layers.enumerated() {
            let glyph = style.color ? style.block : style.shapes[index % style.shapes.count]
            let painted = style.paint(glyph, layer.colorName)
            cells += Array(repeating: painted, count: Pile.blocks(layer.units, bundled: bundled))
        }
        let perRow = max(5, min(25, width - 2))
        let inner = cells.isEmpty ? 12 : min(perRow, cells.count)
        let side = style.ascii ? "|" : "│"
        var rows: [String] = []
        var start = 0
        while start < cells.count {
            let row = cells[start..<min(start + perRow, cells.count)]
            rows.append(side + row.joined() + String(repeating: " ", count: inner - row.count) + side)
            start += perRow
        }
        if rows.isEmpty { rows.append(side + String(repeating: " ", count: inner) + side) }
        for row in rows.reversed() { out += row + "\n" }   // the first blocks lie at the bottom
        let floor = style.ascii ? "+" + String(repeating: "-", count: inner) + "+" : "└" + String(repeating: "─", count: inner) + "┘"
        out += style.faint(floor) + "\n"
        if !layers.isEmpty {
            let legend = layers.enumerated().map { index, layer in
                let glyph = style.color ? style.block : style.shapes[index % style.shapes.count]
                return "\(style.paint(glyph, layer.colorName)) \(layer.name) \(layer.units)"
            }
            out += TerminalStyle.wrap(legend, width: width)
            if bundled { out += style.faint("each block is a bundle of \(Pile.bundleSize) units (×\(Pile.bundleSize))") + "\n" }
        }
        return out
    }
}
