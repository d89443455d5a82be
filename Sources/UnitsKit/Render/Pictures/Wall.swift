/// The habit wall: one column a day, one block a unit, stacked by habit
/// colour; thin lines between weeks; day labels underneath. A day of more
/// than 50 blocks is drawn in bundles of 5 units, marked ×5.
public struct Wall: Sendable {
    public var grid: DayGrid
    /// The habits stacked in each column, bottom first, by id.
    public var ids: [Int]
    /// Colour name of each stacked habit.
    public var colors: [String]
    public var names: [String]
    public var weekStart: Weekday
    /// Tallest column drawn; taller ones are cut and marked ↑.
    public var maximumHeight = 40

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

    /// Blocks of each row in a day's column, and whether they are bundles.
    func column(_ day: Int) -> (blocks: [Int], bundled: Bool) {
        let date = grid.days.first.adding(days: day)
        let raw = ids.map { Pile.blocks(grid.units($0, on: date), bundled: false) }
        guard raw.reduce(0, +) > Pile.bundleThreshold else { return (raw, false) }
        return (ids.map { Pile.blocks(grid.units($0, on: date), bundled: true) }, true)
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
        // Marks above the columns: ×5 for bundles, ↑ for cut columns.
        let marks = zip(days, columns).map { day, column -> String in
            let total = column.blocks.reduce(0, +)
            let mark = total > maximumHeight ? (style.ascii ? "^" : "↑") : column.bundled ? (style.ascii ? "x5" : "×5") : ""
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
                        let glyph = style.color ? style.block : style.shapes[row % style.shapes.count]
                        cell = " " + style.paint(glyph, colors[row]) + " "
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
        if ids.count > 1 || !style.color {
            let legend = ids.indices.map { row in
                let glyph = style.color ? style.block : style.shapes[row % style.shapes.count]
                return "\(style.paint(glyph, colors[row])) \(names[row])"
            }
            out += TerminalStyle.wrap(legend, width: width)
        }
        return out
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
                        w.field("bundled", column(day).bundled)
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
