/// How a habit of the day reads: `units next` whole, and its line in `units today`.
extension HabitOfTheDay {
    /// The habit's name in bold and why it was picked.
    public func line(journal: Journal, today: CivilDate, style: TerminalStyle) -> String {
        let habit = journal.habits[self.habit]
        guard reason == .deficit else { return style.bold(habit.displayName) + " — most recently logged" }
        var why: [String] = []
        let unit = habit.unit(on: today).name
        if deficit > .zero { why.append("\(ReportText.count(deficit, unit)) to this week's floor") }
        if unitsLast7Days == .zero { why.append("none in the last 7 days") }
        return style.bold(habit.displayName) + " — " + why.joined(separator: ", ")
    }

    /// `units next`: the pick's line, or where to start when there is none.
    public static func text(_ pick: HabitOfTheDay?, journal: Journal, today: CivilDate, style: TerminalStyle,
                            to output: ReportOutput) {
        output.write(pick.map { $0.line(journal: journal, today: today, style: style) + "\n" }
                     ?? "No habit of the day yet. Start with one unit.\n")
    }

    /// `units next --json` (schema in Grammar/reports.md).
    public static func json(_ pick: HabitOfTheDay?, journal: Journal, today: CivilDate, to output: ReportOutput) {
        JSONWriter.report("next", to: output) { w in
            w.field("today", today.description)
            w.field("habit", pick) { $0.write(to: w, journal: journal) }
        }
    }

    /// The one JSON shape of a habit of the day (`today` and `next`).
    public func write(to w: JSONWriter, journal: Journal) {
        w.object {
            w.field("name", journal.habits[habit].name)
            w.field("score", score)
            w.field("deficit", deficit)
            w.field("unitsLast7Days", unitsLast7Days)
            w.field("reason", reason.rawValue)
        }
    }
}
