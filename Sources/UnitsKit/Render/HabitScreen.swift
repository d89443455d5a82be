/// `units habit NAME`: the habit report with its badges, streak, 7-day
/// consistency and last 30 days, each figure from the report that owns it.
public struct HabitScreen {
    public var report: HabitReport
    public var badges: [String]
    /// Check habits and groups: the run of `units streaks`.
    public var streak: StreaksReport.Line?
    public var consistency7: Expectation.Tally?
    /// The history picture's one row for the habit, today first.
    public var history: HistoryMatrix

    public static let historyDays = 30

    public init(_ context: ReportContext, habit id: Int) {
        let habit = context.journal.habits[id]
        report = HabitReport(context, habit: id)
        badges = habit.badges(on: context.today)
        streak = habit.kind == .check || habit.isGroup ? StreaksReport(context).habits.first { $0.habit.id == id } : nil
        // A month before the window too, so its week or month is judged whole.
        let recent = Expectation(grid: context.grid(from: context.today.adding(days: -7 - 31)), today: context.today)
        consistency7 = recent.hasConsistency(id) ? recent.consistency(id, in: context.lastDays(7)) : nil
        var selected = Array(repeating: false, count: context.journal.habits.count)
        selected[id] = true
        history = HistoryMatrix(journal: context.journal, today: context.today, range: context.lastDays(Self.historyDays), selected: selected)
    }

    /// "Streak: 4 days (longest 9)".
    public var streakLine: String? {
        streak.map { "Streak: \(ReportText.count($0.current, $0.unit)) (longest \($0.longest))" }
    }

    /// The screen as terminal text; `style`'s ASCII choice draws the history.
    public func text(style: TerminalStyle, width: Int, to output: ReportOutput) {
        var lines = ReportOutput.collect { report.text(style: style, to: $0) }.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if !badges.isEmpty { lines[0] += "  " + style.dim(badges.joined(separator: " · ")) }
        var added: [String] = []
        if let line = streakLine { added.append(line) }
        if let tally = consistency7, tally.expected > 0 {
            added.append("Consistency, last 7 days: \(ReportText.percent(tally.share)) (\(tally.done) of \(tally.expected))")
        }
        // Beside the 30-day line, else at the end of the first block.
        let at = lines.firstIndex { $0.hasPrefix("Consistency, last 30 days") } ?? lines.firstIndex(of: "") ?? lines.count
        lines.insert(contentsOf: added, at: at)
        var out = lines.joined(separator: "\n")
        if !history.ids.isEmpty {
            out += "\n" + style.bold("Last \(Self.historyDays) days") + "\n"
                + ReportOutput.collect { history.render(width: width, style: style, to: $0) }
        }
        output.write(out)
    }

    public func json(to output: ReportOutput) {
        let habit = report.habit
        report.json(adding: { w in
            w.field("badges", badges)
            w.field("priority", habit.priority.rawValue)
            w.field("every", habit.kind == .check || habit.isGroup ? habit.every.description : nil)
            w.field("type", habit.type.rawValue)
            w.field("streak", streak) { streak in
                w.object {
                    w.field("current", streak.current)
                    w.field("longest", streak.longest)
                    w.field("unit", streak.unit)
                }
            }
            w.field("consistency7d", consistency7)
            let cells = history.cells.first ?? []
            w.objects("last30Days", zip(history.dates, cells).enumerated()) { k, day in
                w.field("date", day.0.description)
                w.field("cell", day.1.rawValue)
                if day.1 == .counted { w.field("units", history.units(0, k)) }
            }
        }, to: output)
    }
}
