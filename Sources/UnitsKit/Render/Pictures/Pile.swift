/// The pile: today's units as a stack of small blocks in each habit's
/// colour, in a tray, with "Total Units: N". Past 50 blocks a block is a
/// bundle of 5 units (marked ×5), then of 25, 125 …, so any day fits.
public struct Pile: Sendable {
    public struct Layer: Sendable {
        public var name: String
        public var colorName: String
        public var units: Amount
        /// The habit's id, which fixes its shape (`TerminalStyle.shape(ofHabit:)`).
        public var habit: Int
    }

    public var layers: [Layer]
    public static let bundleThreshold = 50
    public static let bundleSize = 5

    /// Today's units per habit, in declaration order, from a journal.
    public init(journal: Journal, day: CivilDate) {
        self.init(grid: DayGrid(journal: journal, days: DayRange(first: day, last: day)), day: day)
    }

    /// A day's units per habit from a grid that already applies the query
    /// and the period, so the pile shows what "Total Units" counts.
    public init(grid: DayGrid, day: CivilDate) {
        let journal = grid.journal
        layers = journal.habits.compactMap { habit in
            let units = grid.units(habit.id, on: day)
            guard !habit.isGroup, grid.selected[habit.id], units > .zero else { return nil }
            return Layer(name: habit.name, colorName: TerminalStyle.colorName(of: habit), units: units, habit: habit.id)
        }
    }

    public var total: Amount { layers.reduce(.zero) { $0 + $1.units } }

    /// Whole blocks of `per` units each (a part of a block still shows one).
    static func blocks(_ units: Amount, per size: Int) -> Int {
        guard units > .zero else { return 0 }
        let whole = units.isInteger ? units.integerPart : units.integerPart + 1
        return (whole + size - 1) / size
    }

    /// Units a block holds: 1; past 50 blocks 5, then 25, 125 … until the
    /// pile is 50 blocks or fewer, so even a huge day stays a small pile.
    public var bundle: Int {
        var bundle = 1
        while layers.reduce(0, { $0 + Pile.blocks($1.units, per: bundle) }) > Pile.bundleThreshold, bundle < Int.max / 25 {
            bundle *= Pile.bundleSize
        }
        return bundle
    }

    /// The tray of blocks and its legend; `header` adds "Today · Total Units: N".
    public func render(width: Int, style: TerminalStyle, header: Bool = true, to output: ReportOutput) {
        var out = header ? "Today · Total Units: \(total)\n" : ""
        let bundle = self.bundle
        let bundled = bundle > 1
        // The blocks in pile order, each with how to draw it.
        var cells: [String] = []
        for layer in layers {
            let glyph = style.shape(ofHabit: layer.habit)
            let painted = style.paint(glyph, layer.colorName)
            cells += Array(repeating: painted, count: Pile.blocks(layer.units, per: bundle))
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
        out += style.dim(floor) + "\n"
        if !layers.isEmpty {
            let legend = layers.map { layer in
                let glyph = style.shape(ofHabit: layer.habit)
                return "\(style.paint(glyph, layer.colorName)) \(layer.name) \(layer.units)"
            }
            out += TerminalStyle.wrap(legend, width: width)
            if bundled { out += style.dim("each block is a bundle of \(bundle) units (\(Wall.bundleMark(bundle, ascii: style.ascii)))") + "\n" }
        }
        output.write(FitWidth.lines(out, width: width, ascii: style.ascii))
    }
}
