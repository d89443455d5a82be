/// `units html`: the journal as one self-contained HTML page: inline CSS
/// and SVG, no script, no external request. Every figure comes from the
/// report models the terminal and `--json` print (`TodayReport`,
/// `HabitReport`, `Pile`, `Wall`, `Heatmap`, `HistoryMatrix`,
/// `InsightsReport`, `ReceiptReport`); this file only lays them out.
///
/// The output depends only on the journal, today, the period and the
/// query: no clock, no random ids, so it can be kept next to the journal
/// and diffed.
public struct HTMLPage {
    public let context: ReportContext
    /// The journal's name for the title (its file name).
    public var journalName: String
    /// Days in the history matrix.
    public var historyDays = 14
    /// Weeks of the year heatmaps.
    public var heatmapWeeks = 53
    /// Days of each habit's wall.
    public var wallDays = 56

    /// One unfiltered pass over the journal, through today, that every wall
    /// and heatmap on the page reads (as their own grids would be, unfiltered).
    let pictureGrid: DayGrid
    /// The grids every habit card's report reads (with the period and query).
    let reportGrids: HabitReport.Grids

    public init(_ context: ReportContext, journalName: String) {
        self.context = context
        self.journalName = journalName
        pictureGrid = DayGrid(journal: context.journal, days: DayRange(first: context.earliestDay, last: context.today))
        reportGrids = HabitReport.Grids(context)
    }

    public func render() -> String {
        let today = context.today
        var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        out += "<meta name=\"generator\" content=\"units\">\n"
        out += "<title>\(HTMLText.escape(journalName)) · \(today)</title>\n"
        out += "<style>\n\(HTMLStyleSheet.css)\n</style>\n</head>\n<body>\n"
        out += "<header>\n<h1>\(HTMLText.escape(journalName))</h1>\n"
        out += "<p class=\"sub\">As of \(today.weekday.name), \(HTMLText.escape(ReportText.date(today)))</p>\n"
        out += "<nav><a href=\"#today\">Today</a><a href=\"#habits\">Habits</a><a href=\"#year\">Year</a>"
        out += "<a href=\"#history\">History</a><a href=\"#insights\">Insights</a><a href=\"#receipt\">Receipt</a></nav>\n</header>\n<main>\n"
        out += todaySection()
        out += habitsSection()
        out += yearSection()
        out += historySection()
        out += insightsSection()
        out += receiptSection()
        out += "</main>\n<footer>Written by units from \(HTMLText.escape(journalName)): plain text you own. No server, no script, no network.</footer>\n"
        out += "</body>\n</html>\n"
        return out
    }

    // MARK: Today

    func todaySection() -> String {
        let report = TodayReport(context)
        let journal = context.journal
        var out = "<section id=\"today\">\n<h2>Today</h2>\n"
        let pile = Pile(journal: journal, day: context.today)
        out += "<figure class=\"card\">\n" + SVGPictures.pile(pile, journal: journal) + "\n"
        out += "<figcaption>Total Units Today: <strong>\(pile.total)</strong></figcaption>\n"
        out += Self.dataTable("The pile as a table", ["Habit", "Units"], pile.layers.map { [$0.name, "\($0.units)"] }, numeric: [1])
        out += "</figure>\n"
        if report.isEmpty && report.counts.isEmpty && report.checks.isEmpty {
            out += "<p class=\"muted\">Start with one unit.</p>\n"
        }
        if !report.counts.isEmpty {
            out += "<table class=\"rows card\"><caption class=\"muted\">Today • Week • Lifetime</caption>\n"
            out += "<tr><th>Habit</th><th class=\"num\">Today</th><th class=\"num\">Week</th><th class=\"num\">Lifetime</th><th>Pace</th></tr>\n"
            for row in report.counts {
                let pace = row.isUnderPace ? "<span class=\"pace\" title=\"under pace\"></span> under pace" : ""
                out += "<tr><td>\(Self.swatch(row.habit))\(HTMLText.escape(row.habit.displayName))</td><td class=\"num\">\(row.today)</td>"
                out += "<td class=\"num\">\(row.week)</td><td class=\"num\">\(row.lifetime)</td><td>\(pace)</td></tr>\n"
            }
            out += "</table>\n"
        }
        if !report.checks.isEmpty {
            out += "<ul class=\"card checks\">\n"
            for row in report.checks {
                let must = row.habit.priority == .must ? " <span class=\"must\">must</span>" : ""
                let state: String
                if row.habit.isGroup {
                    state = row.isDone ? "done — " + row.satisfiedBy.map { HTMLText.escape($0.name) }.joined(separator: ", ")
                        : "not yet (\(row.habit.members.count) options: " + row.habit.members.map { HTMLText.escape(journal.habits[$0].name) }.joined(separator: ", ") + ")"
                } else {
                    state = row.state.map { $0.rawValue.uppercased() } ?? (row.isDue ? "not yet" : "not due")
                }
                let cls = row.isDone ? "done" : "muted"
                out += "<li>\(Self.swatch(row.habit))\(HTMLText.escape(row.habit.displayName))\(must) <span class=\"\(cls)\">\(state)</span></li>\n"
            }
            out += "</ul>\n"
            if report.mustDos.due > 0 {
                out += "<p><span class=\"must\">\(report.mustDos.done)/\(report.mustDos.due) must-dos done</span></p>\n"
            }
        }
        if !report.tasks.isEmpty {
            out += "<h3 class=\"task\">Open tasks</h3>\n<ul class=\"tasks\">\n"
            for row in report.tasks {
                let units = row.task.estimate == 1 ? "1 unit" : "\(row.task.estimate) units"
                out += "<li class=\"task\">\(HTMLText.escape(row.task.title)) <span class=\"muted\">\(units) → \(HTMLText.escape(row.habitName))\(row.daysOpen > 0 ? ", open \(row.daysOpen) day\(row.daysOpen == 1 ? "" : "s")" : "")</span></li>\n"
            }
            out += "</ul>\n"
        }
        if let pick = report.habitOfTheDay {
            let habit = journal.habits[pick.habit]
            let why = pick.reason == .deficit ? "\(ReportText.number(pick.deficit)) under this week's floor" : "most recently logged"
            out += "<p class=\"card\">Habit of the day: \(Self.swatch(habit))<strong>\(HTMLText.escape(habit.displayName))</strong> <span class=\"muted\">(\(HTMLText.escape(why)))</span></p>\n"
        }
        return out + "</section>\n"
    }

    // MARK: Helpers

    static func swatch(_ habit: Habit) -> String {
        "<span class=\"swatch\" style=\"background:\(HTMLPalette.hex(TerminalStyle.colorName(of: habit)))\"></span>"
    }

    /// The table behind a picture, folded away, for screen readers and copying.
    static func dataTable(_ summary: String, _ header: [String], _ rows: [[String]], numeric: Set<Int> = []) -> String {
        guard !rows.isEmpty else { return "" }
        var out = "<details><summary>\(HTMLText.escape(summary))</summary><table>\n<tr>"
        for (k, h) in header.enumerated() { out += "<th\(numeric.contains(k) ? " class=\"num\"" : "")>\(HTMLText.escape(h))</th>" }
        out += "</tr>\n"
        for row in rows {
            out += "<tr>"
            for (k, cell) in row.enumerated() { out += "<td\(numeric.contains(k) ? " class=\"num\"" : "")>\(HTMLText.escape(cell))</td>" }
            out += "</tr>\n"
        }
        return out + "</table></details>\n"
    }
}
