extension HabitReport {
    public func text(style: TerminalStyle = .plain, to output: ReportOutput) {
        let unit = habit.unit(on: today).name
        var out = style.bold(habit.displayName)
        if habit.title != nil { out += " (\(habit.name))" }
        if isArchived { out += style.dim("  archived") }
        out += "\n"
        if let note = habit.note { out += style.dim(note) + "\n" }
        if habit.isGroup {
            let list = members.map { "\($0.habit.displayName) \(ReportText.number($0.count))" }.joined(separator: ", ")
            out += "\(list.isEmpty ? "No members" : list) this month\n"
        } else if habit.kind == .count {
            out += "Today \(ReportText.number(todayUnits)) • Week \(ReportText.number(week)) • Lifetime \(ReportText.number(lifetime))\n"
            out += "Avg 7d \(ReportText.number(averages[0])) · 30d \(ReportText.number(averages[1])) · 90d \(ReportText.number(averages[2])) \(ReportText.plural(unit, Amount(2)))/day\n"
        } else {
            out += "Today \(todayState?.rawValue ?? "no check-in yet")\n"
            let yes = stateCounts[.yes] ?? 0, kinda = stateCounts[.kinda] ?? 0, no = stateCounts[.no] ?? 0, skip = stateCounts[.skip] ?? 0
            out += "Check-ins: yes \(yes) · kinda \(kinda) · no \(no)" + (skip > 0 ? " · skip \(skip)" : "") + "\n"
        }
        if let tally = consistency, tally.expected > 0 {
            out += "Consistency, last 30 days: \(ReportText.percent(tally.share)) (\(tally.done) of \(tally.expected))\n"
        }
        if unitTotals.count > 0 {
            out += "\n" + style.bold("Units") + "\n"
            for (k, t) in unitTotals.enumerated() {
                if k > 0 {
                    let previous = unitTotals[k - 1].version.name
                    out += "  Unit changed on \(ReportText.date(t.version.since)): \(previous) → \(t.version.name)\n"
                }
                var line = "  \(ReportText.count(t.units, t.version.name))"
                // "of 0.25 miles = 158.5 miles"; nothing for a unit that is its own measure (1 page).
                if let measure = t.version.measure, !(t.version.size == .one && measure == t.version.name) {
                    line += " of \(t.version.sizeDescription) = \(t.measureTotal) \(ReportText.plural(measure, t.measureTotal.narrow ?? .zero))"
                }
                out += line + "\n"
            }
        }
        if !weeks.isEmpty && weeks.contains(where: { $0.floor > .zero }) {
            out += "\n" + style.bold("Pace") + " (floor per week, scaled for paused days)\n"
            // Units as logged: a week before a unit change is in the old unit.
            let rows = weeks.map { p -> [String] in
                let mark = p.isUnderPace ? style.yellow("● Under pace") : ""
                let floor = p.scaledFloor > .zero ? "floor \(ReportText.number(p.scaledFloor))" : "no floor"
                return ["Week of \(ReportText.shortDate(p.week.first))", ReportText.number(p.units), floor, mark]
            }
            out += ReportText.table(rows, right: [1]).joined(separator: "\n") + "\n"
        }
        output.write(out)
    }

    /// The report's JSON, with `extra` fields at the end (the habit screen's).
    public func json(adding extra: (JSONWriter) -> Void = { _ in }, to output: ReportOutput) {
        JSONWriter.report("habit", to: output) { w in
            w.field("today", today.description)
            w.field("name", habit.name)
            w.field("title", habit.displayName)
            w.field("kind", habit.isGroup ? "group" : habit.kind.rawValue)
            w.field("archived", isArchived)
            w.field("todayUnits", todayUnits)
            w.field("todayState", todayState?.rawValue)
            w.field("week", week)
            w.field("lifetime", lifetime)
            w.object("averages") {
                for (n, a) in zip(StatsReport.windows, averages) { w.field("\(n)d", a.rounded(toPlaces: 2)) }
            }
            w.objects("units", unitTotals) { t in
                w.field("since", t.version.since.description)
                w.field("unit", t.version.name)
                w.field("size", t.version.size)
                w.field("measure", t.version.measure ?? t.version.name)
                w.field("units", t.units)
                w.field("measureTotal", t.measureTotal)
            }
            w.objects("weeks", weeks) { p in
                w.field("from", p.week.first.description)
                w.field("units", p.units)
                w.field("floor", p.floor)
                w.field("pausedDays", p.pausedDays)
                w.field("scaledFloor", p.scaledFloor)
                w.field("underPace", p.isUnderPace)
            }
            w.field("consistency30d", consistency)
            w.object("states") { for s in CheckState.allCases { w.field(s.rawValue, stateCounts[s] ?? 0) } }
            w.objects("membersThisMonth", members) { m in
                w.field("name", m.habit.name)
                w.field("count", m.count)
            }
            extra(w)
        }
    }
}

extension JSONWriter {
    /// A consistency tally, its ratio rounded once, half to even, to 4 places (definitions.md D1).
    func field(_ name: String, _ tally: Expectation.Tally?) {
        field(name, tally) { t in
            object {
                field("done", t.done)
                field("expected", t.expected)
                field("ratio", t.share?.rounded(toPlaces: 4))
            }
        }
    }
}
