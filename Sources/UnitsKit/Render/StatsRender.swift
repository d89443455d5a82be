extension StatsReport {
    public func text(style: TextStyle = .plain) -> String { ReportOutput.collect { text(style: style, to: $0) } }

    /// The text written in pieces; the per-habit table's rows are made on
    /// demand (a million habits are never held as cells, issue 14).
    public func text(style: TextStyle = .plain, to output: ReportOutput) {
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

    public func json() -> String { ReportOutput.collect(json(to:)) }

    /// The JSON written as it is made (issue 14).
    public func json(to output: ReportOutput) {
        let w = JSONWriter(output: output)
        func line(_ l: Line) {
            w.object {
                if let h = l.habit {
                    w.field("name", h.name)
                    w.field("unit", h.unit(on: today).name)
                    w.field("archived", l.isArchived)
                }
                w.field("week", l.week)
                w.key("averages")
                w.object { for (n, a) in zip(StatsReport.windows, l.averages) { w.field("\(n)d", a.rounded(toPlaces: 2)) } }
                w.field("lifetime", l.lifetime)
            }
        }
        w.object {
            w.field("schema", 1)
            w.field("report", "stats")
            w.field("today", today.description)
            w.key("week")
            w.object {
                w.field("from", week.first.description)
                w.field("through", week.last.description)
                w.field("units", weekUnits)
                w.field("averagePerDay", weekAveragePerDay.rounded(toPlaces: 2))
                w.field("topHabit", topHabit?.name)
            }
            w.key("total")
            line(total)
            w.field("activeHabits", activeHabits)
            w.key("topThisWeek")
            w.array { for l in topThisWeek { w.value(l.habit!.name) } }
            w.key("habits")
            w.array { for l in habits { line(l) } }
        }
        w.close()
    }

    public func csv() -> String { ReportOutput.collect(csv(to:)) }

    /// The CSV written in pieces, a row at a time.
    public func csv(to output: ReportOutput) {
        var c = CSVWriter(output: output)
        c.row(["habit", "unit", "week", "avg_7d", "avg_30d", "avg_90d", "lifetime", "archived"])
        // (Not `habits + [total]`: a copy of a million lines.)
        for k in 0...habits.count {
            let l = k < habits.count ? habits[k] : total
            c.row([l.habit?.name ?? "Total", l.habit?.unit(on: today).name ?? "", l.week.description]
                  + l.averages.map { $0.rounded(toPlaces: 2).description }
                  + [l.lifetime.description, l.isArchived ? "true" : "false"])
        }
        c.close()
    }
}

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

    public func text(style: TextStyle = .plain) -> String {
        var out = style.bold("Week of \(ReportText.range(week))") + "\n" + sentence + "\n"
        if let top = topHabit { out += "Most units: \(top.displayName), \(ReportText.count(topHabitUnits, top.unit(on: week.last).name)).\n" }
        for line in checks { out += line.sentence + "\n" }
        return out
    }

    public func json() -> String {
        let w = JSONWriter()
        w.object {
            w.field("schema", 1)
            w.field("report", "receipt")
            w.field("from", week.first.description)
            w.field("through", week.last.description)
            w.field("units", units)
            w.field("averagePerDay", averagePerDay.rounded(toPlaces: 2))
            w.field("priorUnits", priorUnits)
            w.key("changePercent")
            if let c = changePercent { w.value(c) } else { w.null() }
            w.field("topHabit", topHabit?.name)
            w.key("checks")
            w.array {
                for line in checks {
                    w.object {
                        w.field("name", line.habit.name)
                        w.field("doneDays", line.doneDays)
                        w.key("expectedDays")
                        if let n = line.expectedDays { w.value(n) } else { w.null() }
                        w.field("text", line.sentence)
                    }
                }
            }
            w.field("text", sentence)
        }
        return w.finish()
    }
}

extension ReceiptReport.CheckLine {
    /// "Meditate: showed up 6 of 7 days", or "Guitar: showed up 4 days (3/week)".
    public var sentence: String {
        let days = { (n: Int) in "\(n) day\(n == 1 ? "" : "s")" }
        switch habit.every {
        case .perWeek(let n): return "\(habit.displayName): showed up \(days(doneDays)) (\(n)/week)."
        case .perMonth(let n): return "\(habit.displayName): showed up \(days(doneDays)) (\(n)/month)."
        default: return "\(habit.displayName): showed up \(doneDays) of \(days(expectedDays ?? 0))."
        }
    }
}

extension StatusReport {
    public func json() -> String {
        let w = JSONWriter()
        w.object {
            w.field("schema", 1)
            w.field("report", "status")
            w.field("totalUnits", totalUnits)
            w.field("mustDone", mustDos.done)
            w.field("mustDue", mustDos.due)
            w.key("underPace")
            w.array { for name in underPace { w.value(name) } }
            w.key("checkIns")
            w.object {
                w.field("yes", answers.yes)
                w.field("kinda", answers.kinda)
                w.field("no", answers.no)
            }
            w.key("strip")
            w.array {
                for day in strip {
                    w.object {
                        w.field("date", day.date.description)
                        w.field("mark", day.mark.rawValue)
                    }
                }
            }
            w.field("text", line)
        }
        return w.finish()
    }
}
