/// The register's three renderings, from one `EntriesReport`.
extension EntriesReport {
    /// `2025-12-14  Walk  6 laps  #park  ; evening loop`, one line per
    /// entry, columns aligned, then a count and the totals per habit.
    public func text(style: TextStyle) -> String { ReportOutput.collect { text(style: style, to: $0) } }

    /// The text register written line by line (issue 14: five million rows
    /// are never one string). Two passes over the entries, as
    /// `ReportText.table(count:)` makes them: the first measures the
    /// columns (the last, the note, is never padded, so it is not made),
    /// the second writes; a habit's name and a unit's shown form are made
    /// once, not once per row.
    public func text(style: TextStyle, to output: ReportOutput) {
        guard !rows.isEmpty else {
            output.write("No entries" + (period == .all ? "" : " in \(period)") + (query.isEmpty ? "" : " matching \(query.joined(separator: " "))") + ".\n")
            return
        }
        var cells = Cells(journal: rows.journal)
        var widths = [Int](repeating: 0, count: 5)
        for index in rows.picked {
            let entry = rows.journal.entries[Int(index)]
            let (value, unit) = cells.valueAndUnit(entry)
            widths[0] = max(widths[0], cells.date(entry.date).utf8.count)
            widths[1] = max(widths[1], cells.habit(Int(entry.habit)).width)
            widths[2] = max(widths[2], value.utf8.count)
            widths[3] = max(widths[3], unit.width)
            if entry.isFromTask || cells.mayHaveTags(entry) { widths[4] = max(widths[4], ReportText.width(cells.tags(entry))) }
        }
        // Lines are made in a chunk handed on every 64 KB. Padding is held
        // back until a cell follows it, so a line's trailing spaces are
        // never written to be taken off again.
        var chunk = ""
        chunk.reserveCapacity(1 << 17)
        var pending = 0
        func cell(_ text: String, pad: Int) {
            if !text.isEmpty {
                Self.pad(&chunk, pending)
                pending = 0
                chunk += text
            }
            pending += max(0, pad)
        }
        for index in rows.picked {
            let entry = rows.journal.entries[Int(index)]
            let (value, unit) = cells.valueAndUnit(entry)
            let habit = cells.habit(Int(entry.habit))
            let row = entry.isFromTask || cells.mayHaveTags(entry) ? EntriesReport.row(entry, in: rows.journal) : nil
            let tags = row.map { $0.tags.map { "#" + TerminalText.escaped($0) }.joined(separator: " ") } ?? ""
            var note = row?.note.map { "; " + TerminalText.escaped($0) } ?? ""
            if let task = row?.task { note = "task \"\(TerminalText.escaped(task))\"" + (note.isEmpty ? "" : "  " + note) }
            let lineStart = chunk.utf8.count
            // As `ReportText.tableLine`: left-aligned cells padded, the value right-aligned, the last cell not padded.
            let date = cells.date(entry.date)
            pending = 0
            cell(date, pad: widths[0] - date.utf8.count + 2)
            cell(habit.text, pad: widths[1] - habit.width + 2)
            pending += max(0, widths[2] - value.utf8.count)
            cell(value, pad: 2)
            cell(unit.text, pad: widths[3] - unit.width + 2)
            cell(tags, pad: widths[4] - (tags.isEmpty ? 0 : ReportText.width(tags)) + 2)
            cell(style.dim(note), pad: 0)
            if pending > 0, let last = chunk.utf8.last, last >= 0x80, chunk.utf8.count > lineStart {
                // After a non-ASCII cell the spaces may belong to its last
                // character (a prepended mark): take them off as `tableLine` does.
                Self.pad(&chunk, pending)
                while chunk.hasSuffix(" ") && chunk.utf8.count > lineStart { chunk.removeLast() }
            }
            // A cell's own trailing spaces go too, as in `tableLine`.
            while chunk.utf8.last == 0x20 && chunk.utf8.count > lineStart && chunk.hasSuffix(" ") { chunk.removeLast() }
            chunk += "\n"
            if chunk.utf8.count >= 1 << 16 {
                output.write(chunk)
                chunk.removeAll(keepingCapacity: true)
            }
        }
        output.write(chunk)
        var footer = [rows.count == 1 ? "1 entry" : "\(rows.count) entries"]
        footer += totals.map { "\($0.habit) \(ReportText.count($0.amount, $0.unit))" }
        output.write(style.dim(footer.joined(separator: " · ")) + "\n")
    }

    private static func pad(_ line: inout String, _ count: Int) {
        for _ in 0..<max(0, count) { line += " " }
    }

    /// The register's cells that repeat, made once: dates, habit names,
    /// units as shown (plural or not) and check-in states.
    struct Cells {
        let journal: Journal
        private var lastDate: (CivilDate, String)?
        private var habits: [Int: (text: String, width: Int)] = [:]
        private var units: [Int64: (text: String, width: Int)] = [:]

        init(journal: Journal) { self.journal = journal }

        mutating func date(_ date: CivilDate) -> String {
            if let (last, text) = lastDate, last == date { return text }
            let text = date.description
            lastDate = (date, text)
            return text
        }

        mutating func habit(_ id: Int) -> (text: String, width: Int) {
            if let known = habits[id] { return known }
            let text = TerminalText.escaped(journal.habits[id].name)
            let made = (text, ReportText.width(text))
            habits[id] = made
            return made
        }

        /// The value cell and the unit cell (a count's unit, plural as the
        /// number says, or a check-in's state), as `EntriesReport.row` makes them.
        mutating func valueAndUnit(_ entry: Entry) -> (value: String, unit: (text: String, width: Int)) {
            let habit = journal.habits[Int(entry.habit)]
            var amount: Amount?
            if case .units(let value) = entry.value { amount = value }
            let value = amount?.description ?? ""
            if habit.kind == .check {
                let state = journal.checkState(of: entry).rawValue
                return (value, (state, state.utf8.count))
            }
            guard let (_, name) = EntriesReport.counted(entry, habit) else { return (value, ("", 0)) }
            let one = amount == .one || amount == -.one
            let key = Int64(entry.habit) << 33 | Int64(UInt32(bitPattern: entry.unitVersion)) << 1 | (one ? 1 : 0)
            if let known = units[key] { return (value, known) }
            let text = TerminalText.escaped(ReportText.plural(name, amount ?? .zero))
            let made = (text, ReportText.width(text))
            if units.count > 100_000 { units.removeAll() }
            units[key] = made
            return (value, made)
        }

        /// Whether the entry's line may carry tags or a note (most lines carry neither).
        func mayHaveTags(_ entry: Entry) -> Bool {
            let (tree, line) = journal.line(entry.source)
            return line.tokenCount > 0 || tree.mayHaveTagOrComment(line)
        }

        func tags(_ entry: Entry) -> String {
            journal.tags(of: entry).map { "#" + TerminalText.escaped($0) }.joined(separator: " ")
        }
    }

    /// Schema in Grammar/reports.md (`entries`).
    public func json() -> String { ReportOutput.collect(json(to:)) }

    /// The JSON written as it is made.
    public func json(to output: ReportOutput) {
        let w = JSONWriter(output: output)
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
        w.close()
    }

    /// The CSV columns, in order (a stable interface: add at the end only).
    public static let csvColumns = ["date", "habit", "value", "unit", "state", "tags", "note", "task", "file", "line"]

    /// RFC 4180 CSV, header first.
    public func csv() -> String { ReportOutput.collect(csv(to:)) }

    /// The CSV written row by row.
    public func csv(to output: ReportOutput) {
        output.write(CSV.row(Self.csvColumns))
        for row in rows {
            output.write(CSV.row([row.date.description, row.habit, row.amount?.description ?? "", row.unit ?? "", row.state ?? "",
                            row.tags.map { "#" + $0 }.joined(separator: " "), row.note ?? "", row.task ?? "", row.file, String(row.line)]))
        }
    }
}
