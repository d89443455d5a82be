extension StatusReport {
    public func json(to output: ReportOutput) {
        JSONWriter.report("status", to: output) { w in
            w.field("totalUnits", totalUnits)
            w.field("mustDone", mustDos.done)
            w.field("mustDue", mustDos.due)
            w.field("underPace", underPace)
            w.object("checkIns") {
                w.field("yes", answers.yes)
                w.field("kinda", answers.kinda)
                w.field("no", answers.no)
            }
            w.objects("strip", strip) { day in
                w.field("date", day.date.description)
                w.field("mark", day.mark.rawValue)
            }
            w.field("text", line)
        }
    }
}
