/// The page's sections after Today: a card per habit with its wall, the
/// year, the history matrix, the insight cards and the weekly receipt.
extension HTMLPage {
    /// Count habits shown on the page: selected, declared by today, not archived today.
    var countHabits: [Habit] { shownHabits(.count) }
    var checkHabits: [Habit] { shownHabits(.check) }

    private func shownHabits(_ kind: HabitKind) -> [Habit] {
        let selected = context.filter.habitMask(context.journal)
        return context.journal.habits.filter { habit in
            !habit.isBuiltIn && !habit.isGroup && habit.kind == kind && habit.declared <= context.today
                && !habit.isArchived(on: context.today) && selected[habit.id]
        }
    }

    func habitsSection(to output: ReportOutput) {
        var out = "<section id=\"habits\">\n<h2>Habits</h2>\n"
        let habits = countHabits
        if habits.isEmpty { out += "<p class=\"muted\">No count habits yet.</p>\n" }
        let days = DayRange(first: context.today.adding(days: 1 - wallDays), last: context.today)
        for habit in habits {
            let report = HabitReport(context, habit: habit.id, grids: reportGrids)
            // The unit in force today (a change dated later is not yet in force).
            let unit = habit.unit(on: context.today).name
            out += "<article class=\"card habit\" id=\"\(HTMLText.identifier("habit", habit.name))\">\n"
            out += "<h3>\(Self.swatch(habit))\(HTMLText.escape(habit.displayName))</h3>\n"
            // The habit screen's badges (`units habit NAME`), the same words.
            let badges = habit.badges(on: context.today)
            if !badges.isEmpty { out += "<p class=\"badges\">\(badges.map(HTMLText.escape).joined(separator: " · "))</p>\n" }
            out += "<div class=\"chips\">"
            let chips = [("Today", report.todayUnits), ("Week", report.week), ("Lifetime", report.lifetime)]
                + zip(StatsReport.windows, report.averages).map { ("Avg \($0)d", $1.rounded(toPlaces: 1)) }
            for (label, value) in chips { out += "<span class=\"chip\">\(label) <strong>\(value)</strong></span>" }
            out += "</div>\n"
            let wall = Wall(grid: pictureGrid.restricted(to: DayRange(first: max(days.first, habit.declared), last: days.last)), habits: [habit.id])
            output.write(out + "<figure class=\"wall-figure\">")
            SVGPictures.wall(wall, habit: habit, today: context.today, to: output)
            out = "<figcaption>\(HTMLText.escape(ReportText.count(report.week, unit))) this week"
            if let floor = habit.floors.last(where: { $0.since <= context.today }), floor.unitsPerWeek > .zero {
                out += " · floor \(floor.unitsPerWeek)/week (dashed)"
            }
            out += "</figcaption>\n"
            var rows: [[String]] = []
            for day in 0..<wall.grid.dayCount {
                let date = wall.date(day), units = wall.grid.units(habit.id, on: date)
                if units != .zero { rows.append([date.description, "\(units)"]) }
            }
            out += Self.dataTable("Units per day", ["Date", "Units"], rows, numeric: [1]) + "</figure>\n"
            // Unit history: each change going forward.
            for version in habit.units.dropFirst() where version.since <= context.today {
                out += "<p class=\"muted\">Unit changed on \(HTMLText.escape(ReportText.date(version.since))): \(HTMLText.escape(version.name))</p>\n"
            }
            out += "</article>\n"
        }
        output.write(out + "</section>\n")
    }

    func yearSection(to output: ReportOutput) {
        var out = "<section id=\"year\">\n<h2>The year</h2>\n"
        let days = DayRange(first: context.today.adding(days: -7 * (heatmapWeeks - 1) - 6), last: context.today)
        let maps = [(nil as Habit?, "heatmap-all")] + checkHabits.map { ($0 as Habit?, HTMLText.identifier("heatmap", $0.name)) }
        for (habit, id) in maps {
            let map = Heatmap(journal: context.journal, habit: habit, days: days, today: context.today, grid: pictureGrid)
            output.write(out + "<figure class=\"card\">\n<h3>\(HTMLText.escape(map.title))</h3>\n")
            SVGPictures.heatmap(map, id: id, to: output)
            out = "\n<figcaption>" + (map.mode == .states ? "YES bright, KINDA medium, NO faint; an unlogged today is outlined."
                : map.mode == .score ? "Each day's score over the check habits: YES 1, KINDA ½, NO 0." : "Units per day, by quartile.") + "</figcaption>\n"
            var rows: [[String]] = []
            for offset in 0..<map.days.dayCount {
                guard let level = map.levels[offset] else { continue }
                let date = map.days.first.adding(days: offset)
                guard date <= context.today else { continue }
                rows.append([date.description, "\(level)"])
            }
            out += Self.dataTable("Days as a table (level 0–4)", ["Date", "Level"], rows, numeric: [1]) + "</figure>\n"
        }
        output.write(out + "</section>\n")
    }

    func historySection(to output: ReportOutput) {
        let matrix = HistoryMatrix(journal: context.journal, today: context.today, days: historyDays)
        var out = "<section id=\"history\">\n<h2>History</h2>\n<div class=\"card\"><table class=\"matrix\">\n"
        out += "<caption class=\"muted\">● done · ◐ kinda · ○ missed · · not expected · ◌ not logged yet</caption>\n<tr><th></th>"
        // Today first, as the terminal and the documents have it.
        for date in matrix.dates {
            out += "<th class=\"day\" scope=\"col\">\(date.weekday.shortName)<br>\(date.day)</th>"
        }
        out += "</tr>\n"
        let glyphs = ["done": "●", "kinda": "◐", "missed": "○", "not-expected": "·", "pending": "◌", "none": ""]
        for (row, name) in matrix.names.enumerated() {
            out += "<tr><th scope=\"row\">\(HTMLText.escape(name))</th>"
            for (column, cell) in matrix.cells[row].enumerated() {
                let key = cell.rawValue
                let units = matrix.units(row, column)
                let glyph = cell == .counted ? (units == .zero ? "·" : "\(units)") : glyphs[key] ?? ""
                let title = cell == .counted ? "\(units) \(ReportText.plural("unit", units))" : key
                out += "<td class=\"cell-\(key)\" title=\"\(title)\" style=\"color:\(HTMLPalette.hex(matrix.color(row)))\">\(glyph)</td>"
            }
            out += "</tr>\n"
        }
        if matrix.tallies.contains(where: { $0.expected > 0 }) {
            out += "<tr class=\"tally\"><th scope=\"row\">done of due</th>"
            for tally in matrix.tallies { out += "<td>" + (tally.expected > 0 ? "\(tally.done)/\(tally.expected)" : "") + "</td>" }
            out += "</tr>\n"
        }
        output.write(out + "</table></div>\n</section>\n")
    }

    func insightsSection(to output: ReportOutput) {
        let report = InsightsReport(context)
        let today = context.today
        var out = "<section id=\"insights\">\n<h2>Insights</h2>\n<div class=\"cards\">\n"
        if let sentence = report.overallSentence(today: today) {
            out += "<div class=\"card\"><h3>Overall consistency</h3><p><strong>\(ReportText.percent(report.overall.share))</strong></p><p>\(HTMLText.escape(sentence))</p></div>\n"
            out += "<div class=\"card\"><h3>By habit</h3><table>\n"
            for line in report.habits {
                let percent = Int(((line.tally.ratio ?? 0) * 100).rounded())
                out += "<tr><td>\(HTMLText.escape(line.habit.displayName))</td><td><div class=\"bar\" role=\"img\" aria-label=\"\(percent)%\"><span style=\"width:\(percent)%\"></span></div></td><td class=\"num\">\(percent)%</td></tr>\n"
            }
            out += "</table></div>\n"
        }
        if let best = report.mostConsistent {
            out += "<div class=\"card\"><h3>Most consistent</h3><p>\(HTMLText.escape(best.habit.displayName)) at \(ReportText.percent(best.tally.share)).</p></div>\n"
        }
        if let growth = report.roomForGrowth {
            out += "<div class=\"card\"><h3>Room for growth</h3><p>\(HTMLText.escape(growth.habit.displayName)) at \(ReportText.percent(growth.tally.share)).</p></div>\n"
        }
        if let sentence = report.weekdaySentence ?? report.weekdayUnitsSentence {
            out += "<div class=\"card\"><h3>Weekday trends</h3><p>\(HTMLText.escape(sentence))</p></div>\n"
        }
        if !report.countHabits.isEmpty {
            out += "<div class=\"card\"><h3>Days with units \(HTMLText.escape(report.windowPhrase(today: today)))</h3><table>\n"
            for line in report.countHabits {
                out += "<tr><td>\(HTMLText.escape(line.habit.displayName))</td><td class=\"num\">\(line.activeDays) of \(line.days) days</td></tr>\n"
            }
            out += "</table></div>\n"
        }
        output.write(out + "</div>\n</section>\n")
    }

    func receiptSection(to output: ReportOutput) {
        let receipt = ReceiptReport(context)
        var out = "<section id=\"receipt\">\n<h2>Weekly receipt</h2>\n<div class=\"card\">"
        for line in ReportOutput.collect({ receipt.text(to: $0) }).split(separator: "\n") { out += "<p>\(HTMLText.escape(String(line)))</p>" }
        output.write(out + "</div>\n</section>\n")
    }
}
