/// The register's text, from one `EntriesReport` (its JSON and CSV beside it).
extension EntriesReport {

    /// `2025-12-14  Walk  6 laps  #park  ; evening loop`, one line per
    /// entry, columns aligned, then a count and the totals per habit.
    public func text(style: TerminalStyle, to output: ReportOutput) {
        guard !picked.isEmpty else {
            output.write("No entries" + (period == .all ? "" : " in \(period)") + (query.isEmpty ? "" : " matching \(query.joined(separator: " "))") + ".\n")
            return
        }
        let rows = self.rows
        ReportText.writeTable(count: rows.count, right: [2], indent: "", to: output) { i in
            let row = rows[i]
            let unit = row.state ?? row.unit.map { ReportText.plural($0, row.amount ?? .zero) } ?? ""
            var note = row.note.map { "; " + TerminalText.escaped($0) } ?? ""
            if let task = row.task { note = "task \"\(TerminalText.escaped(task))\"" + (note.isEmpty ? "" : "  " + note) }
            return [row.date.description, TerminalText.escaped(row.habit), row.amount?.description ?? "", TerminalText.escaped(unit),
                    row.tags.map { "#" + TerminalText.escaped($0) }.joined(separator: " "), style.dim(note)]
        }
        let footer = [rows.count == 1 ? "1 entry" : "\(rows.count) entries"] + totals.map { "\($0.habit) \(ReportText.count($0.amount, $0.unit))" }
        output.write(style.dim(footer.joined(separator: " · ")) + "\n")
    }

    /// The CSV columns, in order (a stable interface: add at the end only).
    public static let csvColumns = ["date", "habit", "value", "unit", "state", "tags", "note", "task", "file", "line"]

    /// The register as CSV (`units entries --csv`), a row per entry.
    public func csv(to output: ReportOutput) {
        var csv = CSVWriter(output: output)
        csv.row(Self.csvColumns)
        for row in rows {
            csv.field(row.date.description)
            csv.field(row.habit)
            csv.separate()
            if let amount = row.amount { csv.amount(amount) }
            csv.field(row.unit ?? "")
            csv.field(row.state ?? "")
            csv.field(row.tags.map { "#" + $0 }.joined(separator: " "))
            csv.field(row.note ?? "")
            csv.field(row.task ?? "")
            csv.field(row.file)
            csv.decimalField(row.line)
            csv.row([])
        }
        csv.close()
    }

    /// The register's JSON (schema in Grammar/reports.md, `entries`).
    public func json(to output: ReportOutput) {
        JSONWriter.report("entries", to: output) { w in
            w.object("period") {
                w.field("from", period.from?.description)
                w.field("to", period.to?.description)
            }
            w.field("query", query)
            w.objects("entries", rows) { row in
                w.field("date", row.date.description)
                w.field("habit", row.habit)
                w.field("value", row.amount)
                w.field("unit", row.unit)
                w.field("state", row.state)
                w.field("tags", row.tags)
                w.field("note", row.note)
                w.field("task", row.task)
                w.field("file", row.file)
                w.field("line", row.line)
            }
            w.objects("totals", totals) { total in
                w.field("habit", total.habit)
                w.field("unit", total.unit)
                w.field("units", total.amount)
            }
        }
    }
}
