/// `units html`: the journal as one self-contained page (inline CSS and SVG,
/// no script, no request), laid out from the report models the terminal
/// prints; no clock and no random ids, so it can be kept and diffed.
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

    public func render(to output: ReportOutput) {
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
        output.write(out)
        for section in [todaySection, habitsSection, yearSection, historySection, insightsSection, receiptSection] { section(output) }
        output.write("</main>\n<footer>Written by units from \(HTMLText.escape(journalName)): plain text you own. No server, no script, no network.</footer>\n</body>\n</html>\n")
    }

    // MARK: Today

    /// Today in the terminal day view's words, from the same `TodayReport`.
    func todaySection(to output: ReportOutput) {
        let report = TodayReport(context)
        let journal = context.journal
        var out = "<section id=\"today\">\n<h2>Today</h2>\n"
        if let line = report.progressLine { out += "<p class=\"muted\">\(HTMLText.escape(line))</p>\n" }
        if report.countsUnits {
            let pile = Pile(grid: report.grid, day: context.today)
            output.write(out + "<figure class=\"card\">\n")
            SVGPictures.pile(pile, journal: journal, to: output)
            out = "\n<figcaption>Total Units Today: <strong>\(pile.total)</strong></figcaption>\n"
            out += Self.dataTable("The pile as a table", ["Habit", "Units"], pile.layers.map { [$0.name, "\($0.units)"] }, numeric: [1])
            out += "</figure>\n"
        }
        if report.isEmpty && report.counts.isEmpty && report.checks.isEmpty {
            out += "<p class=\"muted\">\(report.countsUnits || !journal.habits.contains { !$0.isBuiltIn } ? "Start with one unit." : "You have no active habits.")</p>\n"
        }
        if !report.counts.isEmpty {
            out += "<table class=\"rows card\"><caption class=\"muted\">Today • Week • Lifetime</caption>\n"
            out += "<tr><th>Habit</th><th class=\"num\">Today</th><th class=\"num\">Week</th><th class=\"num\">Lifetime</th><th>Pace</th></tr>\n"
            for row in report.counts {
                let pace = row.isUnderPace ? "<span class=\"pace\" title=\"under pace\"></span> under pace" : ""
                out += "<tr data-name=\"\(HTMLText.escape(row.habit.name))\"><td>\(Self.swatch(row.habit))\(HTMLText.escape(row.habit.displayName))</td><td class=\"num\">\(row.today)</td>"
                out += "<td class=\"num\">\(row.week)</td><td class=\"num\">\(row.lifetime)</td><td>\(pace)</td></tr>\n"
            }
            out += "</table>\n"
        }
        let sections = report.sections
        func list(_ title: String, _ rows: [TodayReport.CheckRow], banner: String? = nil) {
            guard !rows.isEmpty || banner != nil else { return }
            out += "<h3>\(HTMLText.escape(title))\(banner.map { " <span class=\"must\">\(HTMLText.escape($0))</span>" } ?? "")</h3>\n"
            guard !rows.isEmpty else { return }
            out += "<ul class=\"card checks\">\n"
            for row in rows {
                let cells = report.checkRow(row)
                let cls = row.isCompleted ? "done" : "muted"
                out += "<li data-name=\"\(HTMLText.escape(row.habit.name))\" data-completed=\"\(row.isCompleted)\">\(Self.swatch(row.habit))"
                out += "\(HTMLText.escape(cells[0])) <span class=\"\(cls)\">\(HTMLText.escape(cells[1]))</span>"
                if !row.isCompleted && !row.options.isEmpty {
                    out += " <span class=\"muted\">" + row.options.map { HTMLText.escape($0.displayName) }.joined(separator: " · ") + "</span>"
                }
                out += "</li>\n"
            }
            out += "</ul>\n"
        }
        list("★ Must do", sections.mustDo, banner: report.mustDoLine)
        list("Nice to do", sections.niceToDo)
        list("Not today", sections.notToday)
        if !report.tasks.isEmpty {
            out += "<h3 class=\"task\">◇ Today only</h3>\n<ul class=\"tasks\">\n"
            for row in report.tasks {
                out += "<li class=\"task\" data-name=\"\(HTMLText.escape(row.task.title))\">\(row.isPinned ? TodayReport.pinMark + " " : "")\(HTMLText.escape(row.task.title)) <span class=\"muted\">\(HTMLText.escape(report.taskWorth(row))), \(HTMLText.escape(report.taskSince(row)))</span></li>\n"
            }
            out += "</ul>\n"
        }
        list("Done ✓", sections.done)
        if let pick = report.habitOfTheDay {
            let habit = journal.habits[pick.habit]
            let why = pick.reason == .deficit ? "\(ReportText.number(pick.deficit)) under this week's floor" : "most recently logged"
            out += "<p class=\"card\">Habit of the day: \(Self.swatch(habit))<strong>\(HTMLText.escape(habit.displayName))</strong> <span class=\"muted\">(\(HTMLText.escape(why)))</span></p>\n"
        }
        output.write(out + "</section>\n")
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
