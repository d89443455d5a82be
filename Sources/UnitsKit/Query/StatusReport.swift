/// `units status`: one short line for a shell prompt or a status bar
/// (`12u · 3/5 must · yes 3 kinda 1 no 1 · Reading under pace`, with
/// `--strip` the last seven days as `●●◐○●●◌`); empty parts are left out.
public struct StatusReport: Sendable {
    /// One day of the strip: every expected check-in done, some, none,
    /// nothing expected, or today not answered yet.
    public enum DayMark: String, Sendable {
        case all, some, none, rest, pending

        public var glyph: String {
            switch self { case .all: "●"; case .some: "◐"; case .none: "○"; case .rest: "·"; case .pending: "◌" }
        }
    }

    public var totalUnits: Amount
    public var mustDos: (done: Int, due: Int)
    /// Names of the count habits under their week's pace, in listing order.
    public var underPace: [String]
    /// Today's check-ins of check habits, by state.
    public var answers: (yes: Int, kinda: Int, no: Int)
    /// Check habits and groups due or completed today, and how many are
    /// completed: the today view's "3 of 7 completed", the widget's "3/7 habits today".
    public var completion: (completed: Int, total: Int)
    /// The journal counts units (`TodayReport.countsUnits`).
    public var countsUnits: Bool
    /// The last seven days, oldest first, ending today.
    public var strip: [(date: CivilDate, mark: DayMark)]

    /// The today view's figures (`TodayReport`, read from it), without its
    /// rows, tasks and habit of the day.
    public init(_ context: ReportContext) {
        let report = TodayReport(context)
        totalUnits = report.totalUnits
        mustDos = report.mustDos
        underPace = report.counts.filter(\.isUnderPace).map(\.habit.name)
        func answered(_ state: CheckState) -> Int { report.checks.filter { $0.state == state }.count }
        answers = (answered(.yes), answered(.kinda), answered(.no))
        completion = report.completion
        countsUnits = report.countsUnits
        strip = StatusReport.strip(context)
    }

    /// Each day rated as consistency rates it (format.md 18.3): the
    /// day-by-day check habits and groups expected that day, plus any
    /// `N/week` or `N/month` habit done that day; options never count.
    static func strip(_ context: ReportContext) -> [(date: CivilDate, mark: DayMark)] {
        let today = context.today
        let grid = context.grid(from: today.adding(days: -6))
        let e = Expectation(grid: grid, today: today)
        let rated = context.journal.habits.filter { grid.selected[$0.id] && e.hasConsistency($0.id) }
        return (0..<7).reversed().map { back in
            let day = today.adding(days: -back)
            var expected = 0, done = 0, awaiting = false
            for habit in rated {
                let isDone = grid.isDone(habit.id, on: day)
                // Only an eligible day counts, as in consistency (definitions.md D8):
                // active, not skipped; an unanswered today is awaited, not expected.
                guard e.isActive(habit.id, on: day), grid.state(habit.id, on: day) != .skip else { continue }
                switch habit.every {
                case .daily, .weekdays:
                    guard habit.isScheduled(on: day.weekday) else { continue }
                    if day == today && !isDone && grid.state(habit.id, on: day) == nil { awaiting = true; continue }
                    expected += 1
                    if isDone { done += 1 }
                case .perWeek, .perMonth:
                    if isDone { expected += 1; done += 1 }
                }
            }
            let mark: DayMark = expected == 0 ? (awaiting ? .pending : .rest) : done == expected ? .all : done == 0 ? .none : .some
            return (day, mark)
        }
    }

    public var line: String { line(strip: false) }

    public func line(strip withStrip: Bool) -> String {
        // A journal of check-ins only leads with its habits (the widget's
        // "3/5 habits today"), not "0u".
        var parts = [countsUnits ? "\(ReportText.number(totalUnits))u"
                     : completion.total > 0 ? "\(completion.completed)/\(completion.total) habits today" : "no habits today"]
        if mustDos.due > 0 { parts.append("\(mustDos.done)/\(mustDos.due) must") }
        if answers.yes + answers.kinda + answers.no > 0 {
            parts.append("yes \(answers.yes) kinda \(answers.kinda) no \(answers.no)")
        }
        if let first = underPace.first {
            parts.append(underPace.count == 1 ? "\(first) under pace" : "\(first) +\(underPace.count - 1) under pace")
        }
        if withStrip { parts.append(strip.map(\.mark.glyph).joined()) }
        return parts.joined(separator: " · ")
    }
}
