extension StatusReport {
    public func json(to output: ReportOutput) {
        let w = JSONWriter(output: output)
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
        w.close()
    }
}
