extension ReceiptReport {
    /// "You logged 63 units last week. Avg/day: 9. +12% vs prior week."
    public var sentence: String {
        if !countsUnits {
            // Check-ins only: the week across habits, in the per-habit lines' words.
            let rated = checks.filter { $0.expectedDays != nil }
            let done = rated.reduce(0) { $0 + $1.doneDays }, expected = rated.reduce(0) { $0 + ($1.expectedDays ?? 0) }
            return expected == 0 ? "No check-ins were due last week." : "Across your habits: showed up \(done) of \(expected) days."
        }
        var s = "You logged \(ReportText.count(units, "unit")) last week. Avg/day: \(ReportText.number(averagePerDay))."
        if let change = changePercent { s += " \(change >= 0 ? "+" : "")\(change)% vs prior week." }
        return s
    }

    public func text(style: TerminalStyle = .plain, to output: ReportOutput) {
        var out = style.bold("Week of \(ReportText.range(week))") + "\n" + sentence + "\n"
        if let top = topHabit { out += "Most units: \(top.displayName), \(ReportText.count(topHabitUnits, top.unit(on: week.last).name)).\n" }
        for line in checks { out += line.sentence + "\n" }
        output.write(out)
    }

    public func json(to output: ReportOutput) {
        JSONWriter.report("receipt", to: output) { w in
            w.field("from", week.first.description)
            w.field("through", week.last.description)
            w.field("units", units)
            w.field("averagePerDay", averagePerDay.rounded(toPlaces: 2))
            w.field("priorUnits", priorUnits)
            w.field("changePercent", changePercent)
            w.field("topHabit", topHabit?.name)
            w.objects("checks", checks) { line in
                w.field("name", line.habit.name)
                w.field("doneDays", line.doneDays)
                w.field("expectedDays", line.expectedDays)
                w.field("text", line.sentence)
            }
            w.field("text", sentence)
        }
    }
}

extension ReceiptReport.CheckLine {
    /// "Meditate: showed up 6 of 7 days", or "Guitar: showed up 4 days (3/week)".
    public var sentence: String {
        let days = ReportText.count(doneDays, "day")
        switch habit.every {
        case .perWeek(let n): return "\(habit.displayName): showed up \(days) (\(n)/week)."
        case .perMonth(let n): return "\(habit.displayName): showed up \(days) (\(n)/month)."
        default: return "\(habit.displayName): showed up \(doneDays) of \(ReportText.count(expectedDays ?? 0, "day"))."
        }
    }
}
