extension StatsReport {

    /// The stats as terminal text, written in pieces.
    public func text(style: TerminalStyle = .plain, to output: ReportOutput) {
        var out = style.bold("This week") + "  " + style.dim(ReportText.range(week)) + "\n"
        out += "  Units \(ReportText.number(weekUnits)) · Avg/day \(ReportText.number(weekAveragePerDay))"
        if let top = topHabit { out += " · Top habit \(top.displayName)" }
        out += "\n\n" + style.bold("Rolling averages") + " (units per day)\n"
        out += "  7 days \(ReportText.number(total.averages[0])) · 30 days \(ReportText.number(total.averages[1])) · 90 days \(ReportText.number(total.averages[2]))\n"
        out += "\n" + style.bold("All time") + "\n"
        out += "  Lifetime units \(ReportText.number(total.lifetime)) · Active habits \(activeHabits)\n"
        if !topThisWeek.isEmpty {
            out += "\n" + style.bold("Top habits this week") + "\n"
            out += ReportText.table(topThisWeek.enumerated().map { k, line in
                ["\(k + 1).", line.habit!.displayName, ReportText.count(line.week, line.habit!.unit(on: today).name)]
            }).joined(separator: "\n") + "\n"
        }
        if !habits.isEmpty {
            out += "\n" + style.bold("Per habit") + "\n"
            output.write(out)
            out = ""
            let habits = self.habits, total = self.total
            ReportText.writeTable(count: habits.count + 2, right: [1, 2, 3, 4, 5], to: output) { k in
                if k == 0 { return ["", "week", "avg 7d", "avg 30d", "avg 90d", "lifetime", ""] }
                let line = k <= habits.count ? habits[k - 1] : total
                let averages = line.averages
                return [line.habit?.displayName ?? "Total", ReportText.number(line.week),
                        ReportText.number(averages[0]), ReportText.number(averages[1]), ReportText.number(averages[2]),
                        ReportText.number(line.lifetime), line.isArchived ? style.dim("archived") : ""]
            }
        }
        output.write(out)
    }

    /// The stats as JSON (schema in Grammar/reports.md), written as it is made.
    public func json(to output: ReportOutput) {
        JSONWriter.report("stats", to: output) { w in
            func line(_ l: Line) {
                w.object {
                    if let h = l.habit {
                        w.field("name", h.name)
                        w.field("unit", h.unit(on: today).name)
                        w.field("archived", l.isArchived)
                    }
                    w.field("week", l.week)
                    w.object("averages") {
                        for (n, a) in zip(StatsReport.windows, l.averages) { w.field("\(n)d", a.rounded(toPlaces: 2)) }
                    }
                    w.field("lifetime", l.lifetime)
                }
            }
            w.field("today", today.description)
            w.object("week") {
                w.field("from", week.first.description)
                w.field("through", week.last.description)
                w.field("units", weekUnits)
                w.field("averagePerDay", weekAveragePerDay.rounded(toPlaces: 2))
                w.field("topHabit", topHabit?.name)
            }
            w.key("total")
            line(total)
            w.field("activeHabits", activeHabits)
            w.field("topThisWeek", topThisWeek.map { $0.habit!.name })
            w.array("habits") { for l in habits { line(l) } }
        }
    }

    /// The CSV written in pieces, a row at a time.
    public func csv(to output: ReportOutput) {
        var c = CSVWriter(output: output)
        c.row(["habit", "unit", "week", "avg_7d", "avg_30d", "avg_90d", "lifetime", "archived"])
        for l in habits + [total] {
            c.row([l.habit?.name ?? "Total", l.habit?.unit(on: today).name ?? "", l.week.description]
                  + l.averages.map { $0.rounded(toPlaces: 2).description }
                  + [l.lifetime.description, l.isArchived ? "true" : "false"])
        }
        c.close()
    }
}
