/// The habit wall: a column a day, a block a unit, stacked by habit colour and
/// shape, lines between weeks. Past 50 blocks a day is drawn in marked
/// bundles (×5, then ×25 …) rather than cut; `json()` keeps the exact counts.
public struct Wall: Sendable {
    public var grid: DayGrid
    /// The habits stacked in each column, bottom first, by id.
    public var ids: [Int]
    /// Row `row`'s habit name.
    func name(_ row: Int) -> String { grid.journal.habits[ids[row]].name }
    /// Row `row`'s colour name.
    func color(_ row: Int) -> String { TerminalStyle.colorName(of: grid.journal.habits[ids[row]]) }
    public var weekStart: Weekday
    /// Tallest column drawn: a taller day is bundled further, cut (↑) only past the largest bundle.
    public var maximumHeight = 50

    public init(journal: Journal, habits: [Int], days: DayRange) {
        self.init(grid: DayGrid(journal: journal, days: days), habits: habits)
    }

    /// A wall over the days of `grid` (unfiltered, as walls are).
    public init(grid: DayGrid, habits: [Int]) {
        let journal = grid.journal
        self.grid = grid
        ids = habits
        weekStart = journal.options.weekStart
    }

    func date(_ day: Int) -> CivilDate { grid.days.first.adding(days: day) }

    /// A day's blocks per row with units, and the units a block holds: 1; 5
    /// past 50 blocks; then 25, 125 … up to 5⁹ while taller than the picture.
    func column(_ day: Int) -> (blocks: [(row: Int, count: Int)], bundle: Int) {
        let date = grid.days.first.adding(days: day)
        var units: [(row: Int, units: Amount)] = []
        for (row, id) in ids.enumerated() {
            let u = grid.units(id, on: date)
            // (No blocks for nothing or less: `Pile.blocks`.)
            if u > .zero { units.append((row, u)) }
        }
        func blocks(per size: Int) -> [(row: Int, count: Int)] { units.map { ($0.row, Pile.blocks($0.units, per: size)) } }
        let raw = blocks(per: 1)
        guard Self.total(raw) > Pile.bundleThreshold else { return (raw, 1) }
        var bundle = Pile.bundleSize
        var bundled = blocks(per: bundle)
        while Self.total(bundled) > maximumHeight, bundle < Self.largestBundle {
            bundle *= Pile.bundleSize
            bundled = blocks(per: bundle)
        }
        return (bundled, bundle)
    }

    /// The blocks of a column in all.
    static func total(_ blocks: [(row: Int, count: Int)]) -> Int { blocks.reduce(0) { $0 + $1.count } }

    /// 5⁹: a column of 50 such blocks is 97 million units in a day.
    static let largestBundle = 1_953_125

    /// `×5`, `×25`, then `×5³` … (three columns at most, like a day).
    static func bundleMark(_ bundle: Int, ascii: Bool) -> String {
        let times = ascii ? "x" : "×"
        if bundle <= 25 { return times + "\(bundle)" }
        var exponent = 0, n = bundle
        while n > 1 { n /= Pile.bundleSize; exponent += 1 }
        let superscripts = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"]
        return ascii ? "5^\(exponent)" : times + "5" + superscripts[min(exponent, 9)]
    }

    /// The wall written in pieces, each cut to the width.
    public func render(width: Int, style: TerminalStyle, to output: ReportOutput) {
        let fitted = FitWidth.output(to: output, width: width, ascii: style.ascii)
        defer { fitted.finish() }
        // Fit the newest days that fit: 3 columns a day, 2 more per week line.
        var firstDay = 0
        func widthFrom(_ start: Int) -> Int {
            var w = 0
            for day in start..<grid.dayCount {
                if day > start, date(day).weekday == weekStart { w += 2 }
                w += 3
            }
            return w
        }
        while firstDay < grid.dayCount - 1, widthFrom(firstDay) > width { firstDay += 1 }
        let days = Array(firstDay..<grid.dayCount)
        let columns = days.map(column)
        let tallest = columns.map { Self.total($0.blocks) }.max() ?? 0
        let height = min(tallest, maximumHeight)
        var out = ""
        func separator(before day: Int) -> String {
            day != days.first && date(day).weekday == weekStart ? style.dim(style.weekSeparator) + " " : ""
        }
        // Marks above the columns, always drawn: ×5, ×25 … for bundles, ↑
        // for a column cut even in the largest bundles.
        let marks = zip(days, columns).map { day, column -> String in
            let total = Self.total(column.blocks)
            let mark = total > maximumHeight ? (style.ascii ? "^" : "↑")
                : column.bundle > 1 ? Self.bundleMark(column.bundle, ascii: style.ascii) : ""
            return separator(before: day).isEmpty ? mark.padded(toWidth: 3) : "  " + mark.padded(toWidth: 3)
        }
        if marks.contains(where: { !$0.trimmingSpaces().isEmpty }) { out += style.dim(marks.joined().trimmingTrailingSpaces) + "\n" }
        for level in stride(from: height, through: 1, by: -1) {
            var line = ""
            for (day, column) in zip(days, columns) {
                line += separator(before: day)
                // Which row's block sits at this level of the stack?
                var remaining = level
                var cell = "   "
                for (row, count) in column.blocks {
                    if remaining <= count {
                        cell = " " + style.paint(style.shape(ofHabit: ids[row]), color(row)) + " "
                        break
                    }
                    remaining -= count
                }
                line += cell
            }
            out += line.trimmingTrailingSpaces + "\n"
        }
        var weekdays = "", numbers = ""
        for day in days {
            let date = date(day)
            let sep = day != days.first && date.weekday == weekStart ? style.weekSeparator + " " : ""
            weekdays += sep + " " + String(date.weekday.shortName.prefix(1)) + " "
            numbers += sep + String(date.day).leftPadded(toWidth: 2) + " "
        }
        out += style.dim(weekdays.trimmingTrailingSpaces) + "\n" + style.dim(numbers.trimmingTrailingSpaces) + "\n"
        fitted.write(out)
        out = ""
        out += TerminalStyle.wrap(ids.indices.map { row in "\(style.paint(style.shape(ofHabit: ids[row]), color(row))) \(name(row))" }, width: width)
        let bundles = Set(columns.map(\.bundle)).filter { $0 > 1 }.sorted()
        if !bundles.isEmpty {
            out += style.dim(bundles.map { "\(Self.bundleMark($0, ascii: style.ascii)): a block is \($0) units" }.joined(separator: "; ")) + "\n"
        }
        if firstDay > 0 {
            out += style.dim("(\(ReportText.count(firstDay, "earlier day")) left out: too narrow)") + "\n"
        }
        fitted.write(out)
    }

    /// Raw, exact counts per day and habit, written as they are made.
    public func json(to output: ReportOutput) {
        JSONWriter.report(nil, to: output) { w in
            w.field("from", grid.days.first.description)
            w.field("days", grid.dayCount)
            w.objects("columns", 0..<grid.dayCount) { day in
                w.field("date", date(day).description)
                let units = ids.map { grid.units($0, on: date(day)) }
                w.field("total", units.reduce(Amount.zero, +))
                let bundle = column(day).bundle
                w.field("bundled", bundle > 1)
                w.field("bundle", bundle)
                w.object("habits") {
                    for row in ids.indices where !units[row].isZero { w.field(name(row), units[row]) }
                }
            }
        }
    }
}
