/// A GitHub-style year: a column a week, a row a weekday. Units shade by
/// quartile; a check habit shows YES bright, KINDA dull, NO empty; all habits
/// the day score (mean of 1 / 0.5 / 0 over check habits), or units without any.
public struct Heatmap: Sendable {
    public enum Mode: String, Sendable { case units, states, score }

    public let mode: Mode
    public let days: DayRange
    public let today: CivilDate
    public let weekStart: Weekday
    public let colorName: String
    /// One value per day of `days` (nil: nothing to show that day).
    public let values: [Double?]
    /// Shade 0...4 per day: 0 empty, 1-4 by quartile (or KINDA 2, YES 4).
    public let levels: [Int?]
    public let title: String

    /// `grid`, when given, is an unfiltered grid through `today` to read
    /// from instead of a pass of its own over the journal.
    public init(journal: Journal, habit: Habit?, days requested: DayRange, today: CivilDate, grid shared: DayGrid? = nil) {
        weekStart = journal.options.weekStart
        // Whole weeks, so every column is full.
        days = DayRange(first: requested.first.startOfWeek(weekStart), last: requested.last)
        self.today = today
        let ids: [Int]
        if let habit {
            ids = habit.isGroup ? habit.members : [habit.id]
            title = habit.displayName
            colorName = TerminalStyle.colorName(of: habit)
            mode = habit.kind == .check && !habit.isGroup ? .states : .units
        } else {
            // Ids by index, not filtered copies of (say) a million habits.
            let habits = journal.habits
            var checks: [Int] = [], nonGroups: [Int] = []
            for index in habits.indices where !habits[index].isGroup {
                nonGroups.append(habits[index].id)
                if habits[index].kind == .check && !habits[index].isBuiltIn { checks.append(habits[index].id) }
            }
            mode = checks.isEmpty ? .units : .score
            ids = mode == .score ? checks : nonGroups
            title = "All habits"
            colorName = "green"
        }
        let grid = shared?.restricted(to: days) ?? DayGrid(journal: journal, days: days)
        let existsFrom = ids.map { journal.habits[$0].declared }.min()
        var values: [Double?] = []
        for day in 0..<grid.dayCount {
            let date = days.first.adding(days: day)
            guard date <= today else { values.append(nil); continue }
            if mode == .units {
                // Count habits' units (a group's members'), or every habit's.
                guard let existsFrom, existsFrom <= date else { values.append(nil); continue }
                values.append(max(0, (habit.map { grid.units($0.id, on: date) } ?? grid.totalUnits(on: date)).doubleValue))
                continue
            }
            if mode == .states {
                guard journal.habits[ids[0]].declared <= date else { values.append(nil); continue }
                // An unlogged today is not a NO yet: no value, drawn ◌.
                values.append(grid.state(ids[0], on: date).map { $0 == .skip ? -1 : $0.score } ?? (date == today ? nil : 0))
                continue
            }
            // The day score: habits that exist, are not paused or archived, and are not skipped that day.
            var sum = 0.0, count = 0, answered = 0
            for id in ids {
                let h = journal.habits[id]
                guard h.declared <= date, !h.isPaused(on: date), !h.isArchived(on: date),
                      h.isScheduled(on: date.weekday) else { continue }
                let state = grid.state(id, on: date)
                if state == .skip { continue }
                if state != nil { answered += 1 }
                sum += state?.score ?? 0
                count += 1
            }
            values.append(count > 0 && (date < today || answered > 0) ? sum / Double(count) : nil)
        }
        self.values = values
        levels = Heatmap.levels(values, mode: mode)
    }

    /// Quartiles of the positive values for units; fixed steps for states and scores.
    static func levels(_ values: [Double?], mode: Mode) -> [Int?] {
        switch mode {
        case .states:
            return values.map { v in v.map { $0 < 0 ? -1 : $0 >= 1 ? 4 : $0 > 0 ? 2 : 0 } }
        case .score:
            return values.map { v in v.map { $0 <= 0 ? 0 : min(4, Int(($0 * 4).rounded(.up))) } }
        case .units:
            let positive = values.compactMap { $0 }.filter { $0 > 0 }.sorted()
            guard !positive.isEmpty else { return values.map { $0.map { _ in 0 } } }
            func quantile(_ q: Double) -> Double { positive[min(positive.count - 1, Int(Double(positive.count - 1) * q))] }
            let q1 = quantile(0.25), q2 = quantile(0.5), q3 = quantile(0.75)
            return values.map { v in
                guard let v else { return nil }
                if v <= 0 { return 0 }
                return v <= q1 ? 1 : v <= q2 ? 2 : v <= q3 ? 3 : 4
            }
        }
    }

    /// Today has no answer yet but the picture would rate it (a check habit
    /// or day score): drawn ◌, like the history matrix, not as a NO.
    var isAwaitingToday: Bool {
        guard mode != .units, days.contains(today) else { return false }
        let k = days.first.days(to: today)
        return k < values.count && values[k] == nil
    }

    func glyph(_ level: Int?, style: TerminalStyle) -> String {
        guard let level else { return " " }
        let unicode = ["·", "░", "▒", "▓", "█"], ascii = [".", "-", "+", "*", "#"]
        if level < 0 { return style.ascii ? "~" : "-" }   // skipped
        let g = (style.ascii ? ascii : unicode)[level]
        if level == 0 { return style.dim(g) }
        return style.paint(g, colorName, dim: level <= 2)
    }

    public func render(width: Int, style: TerminalStyle, to output: ReportOutput) {
        let weeks = (days.dayCount + 6) / 7
        let labelWidth = 4
        let cell = width >= labelWidth + weeks * 2 ? 2 : 1
        let shown = min(weeks, max(1, (width - labelWidth) / cell))
        let firstWeek = weeks - shown
        var out = "\(title) · \(days.first.adding(days: firstWeek * 7)) to \(days.last)\n"
        // Month labels where a month's first day falls.
        var monthLine = String(repeating: " ", count: labelWidth)
        var column = 0
        for week in firstWeek..<weeks {
            let start = days.first.adding(days: week * 7)
            let target = labelWidth + column * cell
            if (0..<7).contains(where: { start.adding(days: $0).day == 1 }) || week == firstWeek {
                let month = start.adding(days: 6).day <= 7 ? start.adding(days: 6) : start
                let name = String(CivilDate.monthNames[month.month - 1].prefix(3))
                // A label needs a space before it and must fit the width.
                if monthLine.count < target || (week == firstWeek && monthLine.count == target), target + 3 <= width {
                    monthLine += String(repeating: " ", count: target - monthLine.count) + name
                }
            }
            column += 1
        }
        out += style.dim(monthLine.trimmingTrailingSpaces) + "\n"
        for row in 0..<7 {
            let weekday = Weekday(rawValue: (weekStart.rawValue - 1 + row) % 7 + 1)!
            var line = row % 2 == 0 ? weekday.shortName + " " : "    "
            for week in firstWeek..<weeks {
                let index = week * 7 + row
                let level = index < levels.count ? levels[index] : nil
                let pending = level == nil && days.first.adding(days: index) == today && isAwaitingToday
                line += (pending ? (style.ascii ? "?" : "◌") : glyph(level, style: style)) + (cell == 2 ? " " : "")
            }
            out += line.trimmingTrailingSpaces + "\n"
        }
        let legend = mode == .states
            ? zip([4, 2, 0, -1], ["yes", "kinda", "no", "skip"]).map { "\(glyph($0, style: style)) \($1)" }
            : ["Less " + (0...4).map { glyph($0, style: style) }.joined(separator: " ") + " More",
               mode == .score ? "(day score: yes 1, kinda 0.5, no 0)" : "(units per day, by quartile)"]
        let pending = isAwaitingToday ? ["\(style.ascii ? "?" : "◌") today, not yet"] : []
        out += TerminalStyle.wrap(legend + pending, width: width)
        if firstWeek > 0 {
            out += style.dim("(\(ReportText.count(firstWeek, "earlier week")) left out: too narrow)") + "\n"
        }
        output.write(FitWidth.lines(out, width: width, ascii: style.ascii))
    }

    public func json(to output: ReportOutput) {
        JSONWriter.report(nil, to: output) { w in
            w.field("title", title)
            w.field("mode", mode.rawValue)
            w.field("from", days.first.description)
            w.field("to", days.last.description)
            w.array("days") {
                for (index, value) in values.enumerated() {
                    guard let value else { continue }
                    w.object {
                        w.field("date", days.first.adding(days: index).description)
                        if mode == .states && value < 0 { w.field("value", "skip") } else { w.field("value", value) }
                        w.field("level", max(0, levels[index] ?? 0))
                    }
                }
            }
        }
    }
}
