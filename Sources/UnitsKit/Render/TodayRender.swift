extension TodayReport {

    /// The today view, with the `pile` under the total and the good-day
    /// `streak` when given; a row wider than `width` shows the under-pace mark short.
    public func text(style: TerminalStyle = .plain, pile: ((ReportOutput) -> Void)? = nil, streak: StreaksReport? = nil, width: Int? = nil, to output: ReportOutput) {
        var out = style.bold("Today") + "  " + style.dim(today.weekday.name + ", " + ReportText.date(today)) + "\n"
        if let line = progressLine { out += style.dim(line) + "\n" }
        if let streak { out += Self.streakLine(streak) + "\n" }
        if countsUnits { out += "Total Units: \(ReportText.number(totalUnits))\n" }
        if let pile, !isEmpty, countsUnits {
            output.write(out)
            out = ""
            pile(output)
        }
        if !counts.isEmpty {
            output.write(out + "\n")
            out = ""
            // A row too wide for the terminal shows the short mark, with a key.
            // The rows are made on demand, never all held: a journal may have a million habits.
            let numbers = ReportText.columnWidths(count: counts.count) { countNumbers(counts[$0]) }
            var mark = "● Under pace"
            if let width {
                let row = { countRow(counts[$0], mark: mark, numbers: numbers, style: style) }
                let widths = ReportText.columnWidths(count: counts.count, row: row)
                let line = { ReportText.tableLine(row($0), widths: widths, right: [], indent: "  ") }
                if counts.indices.contains(where: { ReportText.width(line($0)) > width }) { mark = "●" }
            }
            ReportText.writeTable(count: counts.count, to: output) { countRow(counts[$0], mark: mark, numbers: numbers, style: style) }
            if mark == "●", counts.contains(where: \.isUnderPace) { out += "  " + style.yellow("●") + " under pace\n" }
        }
        out += checkInSections(style: style)
        out += taskSection(style: style)
        let done = sections.done
        if !done.isEmpty {
            out += "\n" + style.bold("Done ✓") + "\n"
            out += ReportText.table(done.map(checkRow)).map(style.doneLine).joined(separator: "\n") + "\n"
        }
        if let pick = habitOfTheDay {
            out += "\nHabit of the day: " + pick.line(journal: journal, today: today, style: style) + "\n"
        }
        if isEmpty && (countsUnits || !journal.habits.contains { !$0.isBuiltIn }) { out += "\nStart with one unit.\n" }
        output.write(out)
    }

    /// A count habit's today, week and lifetime units as printed.
    func countNumbers(_ row: CountRow) -> [String] {
        [ReportText.number(row.today), ReportText.number(row.week), ReportText.number(row.lifetime)]
    }

    /// A count habit's row: the numbers right-aligned inside "Today x • Week y"
    /// and "Lifetime z" to the `numbers` widths so the columns line up, `mark` on a habit under pace.
    func countRow(_ row: CountRow, mark: String, numbers widths: [Int], style: TerminalStyle) -> [String] {
        let n = countNumbers(row)
        let habit = journal.habits[row.id]
        return [habit.displayName, habit.unit(on: today).name,
                "Today \(n[0].leftPadded(toWidth: widths[0])) • Week \(n[1].leftPadded(toWidth: widths[1]))",
                "Lifetime \(n[2].leftPadded(toWidth: widths[2]))", row.isUnderPace ? style.yellow(mark) : ""]
    }

    /// The today view as JSON (schema in Grammar/reports.md), written as it is made.
    public func json(to output: ReportOutput) {
        JSONWriter.report("today", to: output) { w in
            w.field("today", today.description)
            w.field("totalUnits", totalUnits)
            w.field("empty", isEmpty)
            w.field("activeHabits", hasActiveHabits)
            w.object("progress") {
                w.field("completed", completion.completed)
                w.field("total", completion.total)
                w.field("thingsLeft", thingsLeft)
            }
            w.objects("habits", counts) { row in
                w.field("name", row.habit.name)
                w.field("title", row.habit.displayName)
                w.field("unit", row.habit.unit(on: today).name)
                w.field("today", row.today)
                w.field("week", row.week)
                w.field("lifetime", row.lifetime)
                w.field("floor", row.pace?.scaledFloor ?? .zero)
                w.field("underPace", row.isUnderPace)
            }
            // The pile the terminal draws above the rows (null where the
            // text view has none: a journal of check-ins only).
            w.field("pile", countsUnits ? Pile(grid: grid, day: today) : nil) { $0.write(to: w) }
            w.objects("checks", checks) { row in
                w.field("name", row.habit.name)
                w.field("kind", row.habit.isGroup ? "group" : "check")
                w.field("priority", row.habit.priority.rawValue)
                w.field("state", row.state?.rawValue)
                w.field("done", row.isDone)
                w.field("due", row.isDue)
                w.field("quotaMet", row.quotaMet)
                w.field("completed", row.isCompleted)
                w.field("quantitative", row.habit.isQuantitative)
                w.field("satisfiedBy", row.satisfiedBy.map(\.name))
                w.field("options", row.options.map(\.name))
            }
            w.object("mustDos") {
                w.field("done", mustDos.done)
                w.field("due", mustDos.due)
            }
            w.objects("tasks", tasks) { row in
                w.field("title", row.task.title)
                w.field("estimate", row.task.estimate)
                w.field("habit", row.habitName)
                w.field("opened", row.task.opened.description)
                w.field("daysOpen", row.daysOpen)
                w.field("pinned", row.isPinned)
            }
            w.field("pinnedToday", pinnedToday)
            w.field("tasksDoneToday", tasksDoneToday.map(\.title))
            w.field("habitOfTheDay", habitOfTheDay) { $0.write(to: w, journal: journal) }
        }
    }

    /// The CSV written in pieces, a row at a time.
    public func csv(to output: ReportOutput) {
        var c = CSVWriter(output: output)
        c.row(["section", "name", "unit", "today", "week", "lifetime", "under_pace", "state", "done"])
        for row in counts {
            c.row(["habit", row.habit.name, row.habit.unit(on: today).name, row.today.description, row.week.description,
                   row.lifetime.description, row.isUnderPace ? "true" : "false", "", ""])
        }
        for row in checks {
            c.row(["check", row.habit.name, "", "", "", "", "", row.state?.rawValue ?? "", row.isDone ? "true" : "false"])
        }
        for row in tasks {
            c.row(["task", row.task.title, "unit", String(row.task.estimate), "", "", "", "open", "false"])
        }
        c.close()
    }
}
