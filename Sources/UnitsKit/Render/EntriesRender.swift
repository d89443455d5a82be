/// The register's three renderings, from one `EntriesReport`.
extension EntriesReport {
    /// `2025-12-14  Walk  6 laps  #park  ; evening loop`, one line per
    /// entry, columns aligned, then a count and the totals per habit.
    public func text(style: TextStyle) -> String {
        guard !rows.isEmpty else {
            return "No entries" + (period == .all ? "" : " in \(period)") + (query.isEmpty ? "" : " matching \(query.joined(separator: " "))") + ".\n"
        }
        let rows = self.rows
        func cells(_ i: Int) -> [String] {
            let row = rows[i]
            // The number right-aligned, its unit (or a check-in's state) beside it.
            let value = row.amount?.description ?? ""
            let unit = row.state ?? row.unit.map { ReportText.plural($0, row.amount ?? .zero) } ?? ""
            var note = row.note.map { "; " + TerminalText.escaped($0) } ?? ""
            if let task = row.task { note = "task \"\(TerminalText.escaped(task))\"" + (note.isEmpty ? "" : "  " + note) }
            return [row.date.description, TerminalText.escaped(row.habit), value, TerminalText.escaped(unit),
                    row.tags.map { "#" + TerminalText.escaped($0) }.joined(separator: " "), style.dim(note)]
        }
        var out = ReportText.table(count: rows.count, right: [2], indent: "", row: cells)
        var footer = [rows.count == 1 ? "1 entry" : "\(rows.count) entries"]
        footer += totals.map { "\($0.habit) \(ReportText.count($0.amount, $0.unit))" }
        out += style.dim(footer.joined(separator: " · ")) + "\n"
        return out
    }

    /// Schema in Grammar/reports.md (`entries`).
    public func json() -> String {
        let w = JSONWriter()
        w.object {
            w.field("schema", 1)
            w.field("report", "entries")
            w.key("period"); w.object {
                w.key("from"); if let from = period.from { w.value(from.description) } else { w.null() }
                w.key("to"); if let to = period.to { w.value(to.description) } else { w.null() }
            }
            w.key("query"); w.array { for term in query { w.value(term) } }
            w.key("entries"); w.array {
                for row in rows {
                    w.object {
                        w.field("date", row.date.description)
                        w.field("habit", row.habit)
                        w.key("value"); if let amount = row.amount { w.value(amount) } else { w.null() }
                        w.key("unit"); w.value(row.unit)
                        w.key("state"); w.value(row.state)
                        w.key("tags"); w.array { for tag in row.tags { w.value(tag) } }
                        w.key("note"); w.value(row.note)
                        w.key("task"); w.value(row.task)
                        w.field("file", row.file)
                        w.field("line", row.line)
                    }
                }
            }
            w.key("totals"); w.array {
                for total in totals {
                    w.object {
                        w.field("habit", total.habit)
                        w.field("unit", total.unit)
                        w.key("units"); w.value(total.amount)
                    }
                }
            }
        }
        return w.finish()
    }

    /// The CSV columns, in order (a stable interface: add at the end only).
    public static let csvColumns = ["date", "habit", "value", "unit", "state", "tags", "note", "task", "file", "line"]

    /// RFC 4180 CSV, header first.
    public func csv() -> String {
        var out = CSV.row(Self.csvColumns)
        for row in rows {
            out += CSV.row([row.date.description, row.habit, row.amount?.description ?? "", row.unit ?? "", row.state ?? "",
                            row.tags.map { "#" + $0 }.joined(separator: " "), row.note ?? "", row.task ?? "", row.file, String(row.line)])
        }
        return out
    }
}
