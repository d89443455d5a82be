/// The habit wall: one column a day, one block a unit, stacked by habit
/// colour and shape; thin lines between weeks; day labels underneath. A day
/// of more than 50 blocks is drawn in bundles of 5 units, marked ×5; a day
/// still taller than the picture in bundles of 25, marked ×25, rather than
/// cut. The marks are always drawn; `json()` keeps the exact counts.
public struct Wall: Sendable {
    public var grid: DayGrid
    /// The habits stacked in each column, bottom first, by id.
    public var ids: [Int]
    /// Colour name of each stacked habit.
    public var colors: [String]
    public var names: [String]
    public var weekStart: Weekday
    /// Tallest column drawn: a taller day is bundled further (×25); only
    /// past 25 × this many units is a column cut, marked ↑25.
    /// (50: a day of 50 blocks, the most drawn unbundled, is never cut.)
    public var maximumHeight = 50

    public init(journal: Journal, habits: [Int], days: DayRange) {
        self.init(grid: DayGrid(journal: journal, days: days), habits: habits)
    }

    /// A wall over the days of `grid` (unfiltered, as walls are).
    public init(grid: DayGrid, habits: [Int]) {
        let journal = grid.journal
        self.grid = grid
        ids = habits
        colors = habits.map { TerminalStyle.colorName(of: journal.habits[$0]) }
        names = habits.map { journal.habits[$0].name }
        weekStart = journal.options.weekStart
    }

    func date(_ day: Int) -> CivilDate { grid.days.first.adding(days: day) }

    /// Blocks of each row in a day's column, and how many units a block
    /// holds: 1; 5 past 50 blocks; then 25, 125 … while the column is still
    /// taller than the picture (up to 5⁹, past which the column is cut).
    func column(_ day: Int) -> (blocks: [Int], bundle: Int) {
        let date = grid.days.first.adding(days: day)
        let units = ids.map { grid.units($0, on: date) }
        let raw = units.map { Pile.blocks($0, per: 1) }
        guard raw.reduce(0, +) > Pile.bundleThreshold else { return (raw, 1) }
        var bundle = Pile.bundleSize
        var blocks = units.map { Pile.blocks($0, per: bundle) }
        while blocks.reduce(0, +) > maximumHeight, bundle < Self.largestBundle {
            bundle *= Pile.bundleSize
            blocks = units.map { Pile.blocks($0, per: bundle) }
        }
        return (blocks, bundle)
    }

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

    public func render(width: Int, style: TerminalStyle) -> String {
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
        let tallest = columns.map { $0.blocks.reduce(0, +) }.max() ?? 0
        let height = min(tallest, maximumHeight)
        var out = ""
        func separator(before day: Int) -> String {
            day != days.first && date(day).weekday == weekStart ? style.faint(style.weekSeparator) + " " : ""
        }
        // Marks above the columns, always drawn: ×5, ×25 … for bundles, ↑
        // for a column cut even in the largest bundles.
        let marks = zip(days, columns).map { day, column -> String in
            let total = column.blocks.reduce(0, +)
            let mark = total > maximumHeight ? (style.ascii ? "^" : "↑")
                : column.bundle > 1 ? Self.bundleMark(column.bundle, ascii: style.ascii) : ""
            return separator(before: day).isEmpty ? mark.padded(toWidth: 3) : "  " + mark.padded(toWidth: 3)
        }
        if marks.contains(where: { !$0.trimmingSpaces().isEmpty }) { out += style.faint(marks.joined().trimmingTrailingSpaces) + "\n" }
        for level in stride(from: height, through: 1, by: -1) {
            var line = ""
            for (day, column) in zip(days, columns) {
                line += separator(before: day)
                // Which row's block sits at this level of the stack?
                var remaining = level
                var cell = "   "
                for (row, count) in column.blocks.enumerated() {
                    if remaining <= count {
                        cell = " " + style.paint(style.shape(ofHabit: ids[row]), colors[row]) + " "
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
        out += style.faint(weekdays.trimmingTrailingSpaces) + "\n" + style.faint(numbers.trimmingTrailingSpaces) + "\n"
        let legend = ids.indices.map { row in "\(style.paint(style.shape(ofHabit: ids[row]), colors[row])) \(names[row])" }
        out += TerminalStyle.wrap(legend, width: width)
        let bundles = Set(columns.map(\.bundle)).filter { $0 > 1 }.sorted()
        if !bundles.isEmpty {
            out += style.faint(bundles.map { "\(Self.bundleMark($0, ascii: style.ascii)): a block is \($0) units" }.joined(separator: "; ")) + "\n"
        }
        if firstDay > 0 {
            out += style.faint("(\(firstDay) earlier day\(firstDay == 1 ? "" : "s") left out: too narrow)") + "\n"
        }
        return FitWidth.lines(out, width: width, ascii: style.ascii)
    }

    /// Raw, exact counts per day and habit.
    public func json() -> String {
        let w = JSONWriter()
        w.object {
            w.field("schema", 1)
            w.field("from", grid.days.first.description)
            w.field("days", grid.dayCount)
            w.key("columns")
            w.array {
                for day in 0..<grid.dayCount {
                    w.object {
                        w.field("date", date(day).description)
                        let units = ids.map { grid.units($0, on: date(day)) }
                        w.field("total", units.reduce(.zero, +))
                        let bundle = column(day).bundle
                        w.field("bundled", bundle > 1)
                        w.field("bundle", bundle)
                        w.key("habits")
                        w.object {
                            for row in ids.indices where !units[row].isZero { w.field(names[row], units[row]) }
                        }
                    }
                }
            }
        }
        return w.finish()
    }
}
