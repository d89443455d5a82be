/// The count habits' table of `units today`: a row per count habit, its
/// numbers right-aligned inside "Today x • Week y" so the columns line up.
struct TodayCountTable {
    /// The under-pace mark, and the short one for a narrow terminal.
    static let fullMark = "● Under pace", shortMark = "●"

    let counts: [TodayReport.CountRow]
    let habits: [Habit]
    let today: CivilDate
    let style: TerminalStyle
    /// The widest today, week and lifetime number.
    private var todayWidth = 0, weekWidth = 0, lifetimeWidth = 0

    init(_ report: TodayReport, style: TerminalStyle) {
        counts = report.counts
        habits = report.journal.habits
        today = report.today
        self.style = style
        for row in counts {
            todayWidth = max(todayWidth, ReportText.number(row.today).count)
            weekWidth = max(weekWidth, ReportText.number(row.week).count)
            lifetimeWidth = max(lifetimeWidth, ReportText.number(row.lifetime).count)
        }
    }

    /// Row `k`'s cells, with `mark` for a habit under pace.
    func cells(_ k: Int, mark: String) -> [String] {
        let row = counts[k], habit = habits[row.id]
        return [habit.displayName, habit.unit(on: today).name,
                "Today \(ReportText.number(row.today).leftPadded(toWidth: todayWidth)) • Week \(ReportText.number(row.week).leftPadded(toWidth: weekWidth))",
                "Lifetime \(ReportText.number(row.lifetime).leftPadded(toWidth: lifetimeWidth))",
                row.isUnderPace ? style.yellow(mark) : ""]
    }

    /// What `ReportText.columnWidths` measures of `cells(_:mark:)`, without
    /// making every row twice. The two number columns are padded alike on every row, so
    /// the first row tells their widths; the names and units are measured.
    func widths(mark: String) -> [Int] {
        guard !counts.isEmpty else { return [] }
        var widths = ReportText.columnWidths(count: 1) { cells($0, mark: mark) }
        var anyUnderPace = false
        for row in counts {
            let habit = habits[row.id]
            widths[0] = max(widths[0], ReportText.width(habit.displayName))
            widths[1] = max(widths[1], ReportText.width(habit.unit(on: today).name))
            anyUnderPace = anyUnderPace || row.isUnderPace
        }
        widths[4] = anyUnderPace ? ReportText.width(style.yellow(mark)) : 0
        return widths
    }
}
