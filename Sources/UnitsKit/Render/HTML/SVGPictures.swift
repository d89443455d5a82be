/// The page's pictures as inline SVG, from the terminal pictures' models
/// (`Pile`, `Wall`, `Heatmap`): one shape and colour per habit, every picture titled.
enum SVGPictures {
    /// Eight outlines, each drawn filled and then hollow: sixteen shapes.
    static let shapeCount = 16

    /// A habit's shape, the same in every picture of the page.
    static func shapeIndex(of habit: Habit) -> Int { habit.id % shapeCount }

    /// One block of a habit's shape, its top-left corner at (x, y).
    static func shape(_ index: Int, x: Double, y: Double, size s: Double, fill: String) -> String {
        let n = HTMLText.number
        let cx = x + s / 2, cy = y + s / 2
        let paint = index % shapeCount < 8 ? "fill=\"\(fill)\"" : "fill=\"none\" stroke=\"\(fill)\" stroke-width=\"1.5\""
        func polygon(_ points: [(Double, Double)]) -> String {
            "<polygon points=\"" + points.map { "\(n($0.0)),\(n($0.1))" }.joined(separator: " ") + "\" \(paint)/>"
        }
        switch index % 8 {
        case 0: return "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(s))\" height=\"\(n(s))\" rx=\"1.5\" \(paint)/>"
        case 1: return polygon([(cx, y), (x + s, y + s), (x, y + s)])
        case 2: return "<circle cx=\"\(n(cx))\" cy=\"\(n(cy))\" r=\"\(n(s / 2))\" \(paint)/>"
        case 3: return polygon([(cx, y), (x + s, cy), (cx, y + s), (x, cy)])
        case 4: return polygon([(x, y), (x + s, y), (cx, y + s)])
        case 5:
            // A five-pointed star: unit vectors at -90° + k·36°.
            let unit: [(Double, Double)] = [(0, -1), (0.588, -0.809), (0.951, -0.309), (0.951, 0.309), (0.588, 0.809),
                                            (0, 1), (-0.588, 0.809), (-0.951, 0.309), (-0.951, -0.309), (-0.588, -0.809)]
            return polygon(unit.enumerated().map { k, v in
                let r = k % 2 == 0 ? s / 2 : s / 4.6
                return (cx + r * v.0, cy + r * v.1)
            })
        case 6: return polygon([(cx, y), (x + s * 0.8, cy), (cx, y + s), (x + s * 0.2, cy)])
        default: return "<rect x=\"\(n(x + s * 0.15))\" y=\"\(n(y + s * 0.15))\" width=\"\(n(s * 0.7))\" height=\"\(n(s * 0.7))\" \(paint)/>"
        }
    }

    // MARK: The pile

    /// Today's pile: a tray of blocks, layer by layer, in the terminal pile's bundles.
    static func pile(_ pile: Pile, journal: Journal, to output: ReportOutput) {
        let bundle = pile.bundle
        let bundled = bundle > 1
        let columns = 10, size = 18.0, gap = 3.0
        let total = pile.layers.map { Pile.blocks($0.units, per: bundle) }.reduce(0, +)
        let rows = max(1, (total + columns - 1) / columns)
        let width = Double(columns) * (size + gap) + gap + 2, height = Double(rows) * (size + gap) + gap + 8
        let mark = Wall.bundleMark(bundle, ascii: false)
        let title = "Today's pile: \(pile.total) \(ReportText.plural("unit", pile.total))" + (bundled ? ", drawn in bundles of \(bundle) (\(mark))" : "")
        var out = "<svg id=\"pile\" class=\"pile\" role=\"img\" viewBox=\"0 0 \(HTMLText.number(width)) \(HTMLText.number(height + (bundled ? 14 : 0)))\" width=\"\(HTMLText.number(width))\" height=\"\(HTMLText.number(height + (bundled ? 14 : 0)))\" xmlns=\"http://www.w3.org/2000/svg\"><title>\(HTMLText.escape(title))</title>"
        let top = bundled ? 14.0 : 0
        if bundled { out += "<text x=\"2\" y=\"10\">\(mark) (each block is \(bundle) units)</text>" }
        // The tray.
        out += "<path d=\"M1 \(HTMLText.number(top)) V\(HTMLText.number(top + height - 1)) H\(HTMLText.number(width - 1)) V\(HTMLText.number(top))\" fill=\"none\" stroke=\"currentColor\" stroke-opacity=\".35\"/>"
        var index = 0
        for layer in pile.layers {
            guard let habit = journal.habit(named: layer.name) else { continue }
            let blocks = Pile.blocks(layer.units, per: bundle)
            out += "<g><title>\(HTMLText.escape(layer.name)): \(layer.units) \(ReportText.plural("unit", layer.units))</title>"
            for _ in 0..<blocks {
                let row = index / columns, column = index % columns
                let x = gap + 1 + Double(column) * (size + gap)
                let y = top + height - 5 - Double(row + 1) * (size + gap) + gap
                out += shape(shapeIndex(of: habit), x: x, y: y, size: size, fill: HTMLPalette.hex(layer.colorName))
                index += 1
            }
            out += "</g>"
        }
        output.write(out + "</svg>")
    }

    // MARK: The wall

    /// A habit's wall, bundled further rather than cut, with the week's floor
    /// as a dashed line at its daily share.
    static func wall(_ wall: Wall, habit: Habit, today: CivilDate, to output: ReportOutput) {
        let days = wall.grid.dayCount
        let block = 7.0, gap = 1.5, column = block + 3, separator = 4.0
        var columns: [(blocks: Int, bundle: Int)] = []
        for day in 0..<days {
            let (blocks, firstBundle) = wall.column(day)
            var count = Wall.total(blocks)
            var bundle = firstBundle
            // A very tall day bundles further rather than be cut.
            while count > 40 { count = (count + 4) / 5; bundle *= 5 }
            columns.append((count, bundle))
        }
        let tallest = max(5, columns.map(\.blocks).max() ?? 0)
        var x = 24.0
        var xs: [Double] = []
        for day in 0..<days {
            if day > 0, wall.date(day).weekday == wall.weekStart { x += separator }
            xs.append(x)
            x += column
        }
        let plotHeight = Double(tallest) * (block + gap) + 14
        let width = x + 6, height = plotHeight + 18
        let color = HTMLPalette.hex(TerminalStyle.colorName(of: habit))
        let n = HTMLText.number
        var out = "<svg class=\"wall\" role=\"img\" viewBox=\"0 0 \(n(width)) \(n(height))\" width=\"\(n(width))\" height=\"\(n(height))\" xmlns=\"http://www.w3.org/2000/svg\"><title>\(HTMLText.escape(habit.displayName)): units per day, \(wall.date(0)) to \(wall.date(days - 1))</title>"
        for day in 0..<days {
            let date = wall.date(day)
            if day > 0, date.weekday == wall.weekStart {
                out += "<line x1=\"\(n(xs[day] - separator / 2 - 0.5))\" y1=\"6\" x2=\"\(n(xs[day] - separator / 2 - 0.5))\" y2=\"\(n(plotHeight))\" stroke=\"currentColor\" stroke-opacity=\".18\"/>"
            }
            let (blocks, bundle) = columns[day]
            let units = wall.grid.units(habit.id, on: date)
            if blocks > 0 {
                out += "<g><title>\(date): \(units) \(ReportText.plural("unit", units))\(bundle > 1 ? " (blocks of \(bundle))" : "")</title>"
                for k in 0..<blocks {
                    out += shape(shapeIndex(of: habit), x: xs[day], y: plotHeight - Double(k + 1) * (block + gap), size: block, fill: color)
                }
                out += "</g>"
                if bundle > 1 {
                    out += "<text x=\"\(n(xs[day] - 1))\" y=\"\(n(plotHeight - Double(blocks) * (block + gap) - 3))\">×\(bundle)</text>"
                }
            }
            if date.weekday == wall.weekStart || day == 0 {
                out += "<text x=\"\(n(xs[day]))\" y=\"\(n(plotHeight + 13))\">\(date.day)</text>"
            }
        }
        // The floor: its daily share, week by week.
        var day = 0
        while day < days {
            let weekStart = wall.date(day).startOfWeek(wall.weekStart)
            var end = day
            while end + 1 < days, wall.date(end + 1).startOfWeek(wall.weekStart) == weekStart { end += 1 }
            if let pace = wall.grid.pace(habit.id, weekOf: wall.date(day), today: today), pace.floor > .zero {
                let perDay = pace.floor.divided(by: 7)
                let y = plotHeight - perDay.doubleValue * (block + gap)
                if y > 4 {
                    out += "<line class=\"floor\" x1=\"\(n(xs[day]))\" y1=\"\(n(y))\" x2=\"\(n(xs[end] + block))\" y2=\"\(n(y))\" stroke=\"var(--amber)\" stroke-dasharray=\"3 2\"><title>Floor \(pace.floor) a week (\(perDay.rounded(toPlaces: 1)) a day)</title></line>"
                }
            }
            day = end + 1
        }
        out += "<text x=\"0\" y=\"\(n(plotHeight))\">0</text>"
        output.write(out + "</svg>")
    }

    // MARK: The year

    /// A GitHub-style year: a column a week, a row a weekday; YES bright,
    /// KINDA medium, NO faint; an unlogged today outlined, not filled.
    static func heatmap(_ map: Heatmap, id: String, to output: ReportOutput) {
        let cell = 11.0, gap = 2.0, left = 28.0, top = 16.0
        let weeks = (map.days.dayCount + 6) / 7
        let width = left + Double(weeks) * (cell + gap) + 2, height = top + 7 * (cell + gap) + 2
        let color = HTMLPalette.hex(map.colorName)
        let n = HTMLText.number
        var out = "<svg id=\"\(id)\" class=\"heatmap\" role=\"img\" viewBox=\"0 0 \(n(width)) \(n(height))\" width=\"\(n(width))\" height=\"\(n(height))\" xmlns=\"http://www.w3.org/2000/svg\"><title>\(HTMLText.escape(map.title)): \(map.days.first) to \(map.days.last)</title>"
        for row in [0, 2, 4] {
            let weekday = map.days.first.adding(days: row).weekday
            out += "<text x=\"0\" y=\"\(n(top + Double(row) * (cell + gap) + 9))\">\(weekday.shortName)</text>"
        }
        var lastMonth = 0
        for offset in 0..<map.days.dayCount {
            let date = map.days.first.adding(days: offset)
            let week = offset / 7, row = offset % 7
            let x = left + Double(week) * (cell + gap), y = top + Double(row) * (cell + gap)
            if row == 0, date.month != lastMonth {
                lastMonth = date.month
                out += "<text x=\"\(n(x))\" y=\"10\">\(ReportText.monthNames[date.month - 1])</text>"
            }
            guard date <= map.today else { continue }
            let level = map.levels[offset]
            let label: String
            let fill: String, opacity: String
            switch (map.mode, level) {
            case (_, nil):
                fill = "none"; opacity = "1"; label = date == map.today ? "not logged yet" : "nothing"
            case (.states, 4?): fill = color; opacity = "1"; label = "YES"
            case (.states, 2?): fill = color; opacity = ".55"; label = "KINDA"
            case (_, 0?): fill = "var(--faint)"; opacity = "1"; label = map.mode == .states ? "NO" : "none"
            case (_, let l?): fill = color; opacity = n(Double(l) / 4); label = map.mode == .score ? "score level \(l) of 4" : "level \(l) of 4"
            }
            let pending = level == nil && date == map.today
            let stroke = pending ? " stroke=\"var(--teal)\" stroke-dasharray=\"2 1\"" : level == nil ? " stroke=\"currentColor\" stroke-opacity=\".12\"" : ""
            out += "<rect x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(cell))\" height=\"\(n(cell))\" rx=\"2\" fill=\"\(fill)\" fill-opacity=\"\(opacity)\"\(stroke)><title>\(date): \(label)</title></rect>"
        }
        output.write(out + "</svg>")
    }
}
