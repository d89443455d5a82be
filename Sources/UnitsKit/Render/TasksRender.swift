/// `units tasks` as text and JSON.
extension TasksReport {
    public func text(to output: ReportOutput) {
        guard !open.isEmpty else {
            output.write("No open tasks. `units task add \"TITLE\"` opens one.\n")
            return
        }
        let rows = open.enumerated().map { index, task -> [String] in
            let days = task.opened.days(to: today)
            let age = days == 0 ? "today" : ReportText.count(days, "day")
            // Journal text is escaped before the columns are measured.
            let mark = task.isPinned(on: today) ? TodayReport.pinMark + " " : ""
            return ["\(index + 1).", mark + "\"\(TerminalText.escaped(task.title))\"",
                    task.estimate == 0 ? "reminder" : ReportText.count(task.estimate, "unit"),
                    task.estimate == 0 ? "" : "→ " + TerminalText.escaped(task.habitName ?? Journal.generalHabitName),
                    "since \(task.opened) (\(age))", TerminalText.escaped(task.tags.map { "#\($0)" }.joined(separator: " "))]
        }
        output.write("Open tasks (\(open.count)); `units task done N` finishes one:\n")
        for line in ReportText.table(rows) { output.write(line + "\n") }
    }

    public func json(to output: ReportOutput) {
        let w = JSONWriter(output: output)
        w.object {
            w.field("today", "\(today)")
            w.objects("tasks", open.enumerated()) { index, task in
                w.field("number", index + 1)
                w.field("title", task.title)
                w.field("units", task.estimate)
                w.field("habit", task.habitName)
                w.field("tags", task.tags)
                w.field("opened", "\(task.opened)")
                w.field("days_open", task.opened.days(to: today))
                w.field("pinned", task.isPinned(on: today))
            }
        }
        w.close()
    }
}
