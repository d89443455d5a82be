/// The register's JSON (schema in Grammar/reports.md, `entries`).
extension EntriesReport {
    /// The keys of a row, quoted once (a register has millions of rows).
    private static let jsonKeys = (date: JSONWriter.Key("date"), habit: JSONWriter.Key("habit"), value: JSONWriter.Key("value"),
                                   unit: JSONWriter.Key("unit"), state: JSONWriter.Key("state"), tags: JSONWriter.Key("tags"),
                                   note: JSONWriter.Key("note"), task: JSONWriter.Key("task"), file: JSONWriter.Key("file"),
                                   line: JSONWriter.Key("line"))

    /// The JSON written as it is made. A row's fields are `row(_:in:)`'s;
    /// the ones that repeat (dates, habit names, units, states, files) are
    /// quoted once (`JSONCells`), and a `Row` is made only for a line that
    /// may carry tags or a note, or comes from a task.
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
                let journal = rows.journal, entries = journal.entries
                var cells = JSONCells(journal: journal)
                let k = Self.jsonKeys
                for index in rows.picked {
                    let entry = entries[Int(index)]
                    let more = entry.isFromTask || Self.mayCarryTagsOrNote(entry, in: journal) ? EntriesReport.row(entry, in: journal) : nil
                    w.object {
                        w.key(k.date); w.value(json: cells.date(entry.date))
                        w.key(k.habit); w.value(json: cells.habit(Int(entry.habit)))
                        w.key(k.value); if case .units(let amount) = entry.value { w.value(amount) } else { w.null() }
                        w.key(k.unit); if let unit = cells.unit(entry) { w.value(json: unit) } else { w.null() }
                        w.key(k.state); if let state = cells.state(entry) { w.value(json: state) } else { w.null() }
                        w.key(k.tags); w.array { for tag in more?.tags ?? [] { w.value(tag) } }
                        w.key(k.note); w.value(more?.note)
                        w.key(k.task); w.value(more?.task)
                        w.key(k.file); w.value(json: cells.file(Int(entry.source.file)))
                        w.key(k.line); w.value(Int(entry.source.line) + 1)
                    }
                }
            }
            w.key("totals"); w.array {
                forEachTotal { habit, unit, amount in
                    w.object {
                        w.field("habit", habit)
                        w.field("unit", unit)
                        w.key("units"); w.value(amount)
                    }
                }
            }
        }
        w.close()
    }

    /// The register's JSON strings that repeat, quoted once: dates, habit
    /// names, unit names (by habit and unit version), check states and
    /// file paths, each as `row(_:in:)` gives them.
    struct JSONCells {
        let journal: Journal
        private let isCheck: [Bool]
        private var lastDate: (date: CivilDate, quoted: [UInt8])?
        private var names: [[UInt8]?]
        /// A count's unit name by habit and unit version (nil: none).
        private var units: [Int64: [UInt8]?] = [:]
        private let states: [CheckState: [UInt8]] = Dictionary(uniqueKeysWithValues: CheckState.allCases.map { ($0, JSONWriter.Quoted($0.rawValue).bytes) })
        private var files: [[UInt8]?]

        init(journal: Journal) {
            self.journal = journal
            isCheck = journal.habits.map { $0.kind == .check }
            names = Array(repeating: nil, count: journal.habits.count)
            files = Array(repeating: nil, count: journal.files.count)
        }

        mutating func date(_ date: CivilDate) -> ArraySlice<UInt8> {
            if let last = lastDate, last.date == date { return last.quoted[...] }
            var text: [UInt8] = [0x22]
            date.appendCanonical(to: &text)
            text.append(0x22)
            lastDate = (date, text)
            return text[...]
        }

        mutating func habit(_ id: Int) -> ArraySlice<UInt8> {
            if let known = names[id] { return known[...] }
            let made = JSONWriter.Quoted(journal.habits[id].name).bytes
            names[id] = made
            return made[...]
        }

        /// The unit name in force for a count habit's number, else nil.
        mutating func unit(_ entry: Entry) -> ArraySlice<UInt8>? {
            guard case .units = entry.value, !isCheck[Int(entry.habit)] else { return nil }
            if let known = units[entry.unitKey] { return known?[...] }
            let made = EntriesReport.counted(entry, journal.habits[Int(entry.habit)]).map { JSONWriter.Quoted($0.unit).bytes }
            units[entry.unitKey] = made
            return made?[...]
        }

        /// A check habit's state for the entry, else nil.
        mutating func state(_ entry: Entry) -> ArraySlice<UInt8>? {
            guard isCheck[Int(entry.habit)] else { return nil }
            return states[journal.checkState(of: entry)]![...]
        }

        mutating func file(_ index: Int) -> ArraySlice<UInt8> {
            if let known = files[index] { return known[...] }
            let quoted = JSONWriter.Quoted(journal.files[index].file.path).bytes
            files[index] = quoted
            return quoted[...]
        }
    }
}
