extension StreaksReport {
    public func text(style: TerminalStyle = .plain, to output: ReportOutput) {
        var out = style.bold("Streaks") + "  " + style.dim("KINDA counts; pauses and skips never break a streak") + "\n"
        if habits.isEmpty && !hasMustDos {
            output.write(out + "No check habits yet: streaks are for yes / kinda / no habits.\n")
            return
        }
        var rows = [["", "current", "longest"]]
        for l in habits {
            rows.append([l.habit.displayName, ReportText.count(l.current, l.unit), ReportText.count(l.longest, l.unit)])
        }
        if hasMustDos {
            rows.append(["Good days (every must-do)", ReportText.count(goodDays.current, "day"),
                         ReportText.count(goodDays.longest, "day")])
        }
        out += ReportText.table(rows, right: [1, 2]).joined(separator: "\n") + "\n"
        output.write(out)
    }

    public func json(to output: ReportOutput) {
        JSONWriter.report("streaks", to: output) { w in
            w.field("today", today.description)
            w.objects("habits", habits) { l in
                w.field("name", l.habit.name)
                w.field("per", l.unit)
                w.field("current", l.current)
                w.field("longest", l.longest)
            }
            w.field("goodDays", hasMustDos ? goodDays : nil) { days in
                w.object {
                    w.field("current", days.current)
                    w.field("longest", days.longest)
                }
            }
        }
    }

    public func csv(to output: ReportOutput) {
        var c = CSVWriter(output: output)
        c.row(["habit", "per", "current", "longest"])
        for l in habits { c.row([l.habit.name, l.unit, String(l.current), String(l.longest)]) }
        if hasMustDos { c.row(["(good days)", "day", String(goodDays.current), String(goodDays.longest)]) }
        c.close()
    }
}
