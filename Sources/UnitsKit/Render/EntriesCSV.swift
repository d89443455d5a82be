/// The register as CSV (`units entries --csv`), from the same `EntriesReport`
/// as its text and JSON.
extension EntriesReport {
    /// The CSV columns, in order (a stable interface: add at the end only).
    public static let csvColumns = ["date", "habit", "value", "unit", "state", "tags", "note", "task", "file", "line"]

    /// The CSV written row by row by `CSVWriter`, a chunk at a time. A row with no tag,
    /// note or task (most rows) is made from fields escaped once per habit,
    /// unit and file; the others from their `Row`.
    public func csv(to output: ReportOutput) {
        let journal = rows.journal, entries = journal.entries
        var csv = CSVWriter(capacity: 1 << 17)
        for column in Self.csvColumns { csv.field(column) }
        csv.endRow()
        var fields = CSVFields(journal: journal)
        var scratch: [UInt8] = []
        for index in rows.picked {
            let entry = entries[Int(index)]
            if entry.isFromTask || Self.mayCarryTagsOrNote(entry, in: journal) {
                csvRow(EntriesReport.row(entry, in: journal), to: &csv, scratch: &scratch)
            } else {
                // date, habit, value, unit, state; tags, note and task empty; file, line.
                scratch.removeAll(keepingCapacity: true)
                entry.date.appendCanonical(to: &scratch)
                csv.field(scratch)
                csv.raw(fields.habit(Int(entry.habit)))
                csv.separate()
                if case .units(let amount) = entry.value { csv.amount(amount) }
                csv.raw(fields.unitAndState(entry)[...])
                csv.raw(fields.emptyTagsNoteTask[...])
                csv.raw(fields.file(Int(entry.source.file))[...])
                csv.decimalField(Int(entry.source.line) + 1)
                csv.endRow()
            }
            if csv.count >= 1 << 16 { csv.drain { output.write(utf8: $0) } }
        }
        csv.drain { output.write(utf8: $0) }
    }

    private func csvRow(_ row: Row, to csv: inout CSVWriter, scratch: inout [UInt8]) {
        scratch.removeAll(keepingCapacity: true)
        row.date.appendCanonical(to: &scratch)
        csv.field(scratch)
        csv.field(row.habit.utf8)
        csv.separate()
        if let amount = row.amount { csv.amount(amount) }
        csv.field((row.unit ?? "").utf8)
        csv.field((row.state ?? "").utf8)
        scratch.removeAll(keepingCapacity: true)
        for (k, tag) in row.tags.enumerated() {
            if k > 0 { scratch.append(0x20) }
            scratch.append(UInt8(ascii: "#"))
            scratch.append(contentsOf: tag.utf8)
        }
        csv.field(scratch)
        csv.field((row.note ?? "").utf8)
        csv.field((row.task ?? "").utf8)
        csv.field(row.file.utf8)
        csv.decimalField(row.line)
        csv.endRow()
    }

    /// The register CSV's fields that repeat, each escaped once (by a
    /// `CSVWriter` with the same formula guard, as `CSVWriter.raw` wants):
    /// a habit's name, a unit and state pair, a file's path.
    struct CSVFields {
        let journal: Journal
        private let isCheck: [Bool]
        /// Habit names as CSV fields, made once each.
        private var names: [[UInt8]?]
        private var files: [[UInt8]?]
        private var units: [Int64: [UInt8]] = [:]
        private let states: [CheckState: [UInt8]] = Dictionary(uniqueKeysWithValues: CheckState.allCases.map { ($0, escaped("", $0.rawValue)) })
        /// The three empty fields of a row with no tags, note or task.
        let emptyTagsNoteTask: [UInt8] = Array(",,".utf8)

        init(journal: Journal) {
            self.journal = journal
            isCheck = journal.habits.map { $0.kind == .check }
            names = Array(repeating: nil, count: journal.habits.count)
            files = Array(repeating: nil, count: journal.files.count)
        }

        private static func escaped(_ texts: String...) -> [UInt8] {
            var csv = CSVWriter()
            for text in texts { csv.field(text) }
            return Array(csv.bytes)
        }

        mutating func habit(_ id: Int) -> [UInt8] {
            if let known = names[id] { return known }
            let made = Self.escaped(journal.habits[id].name)
            names[id] = made
            return made
        }

        mutating func file(_ id: Int) -> [UInt8] {
            if let known = files[id] { return known }
            let made = Self.escaped(journal.files[id].file.path)
            files[id] = made
            return made
        }

        /// The unit field (a count's unit name in force) and the state field (a check-in's state).
        mutating func unitAndState(_ entry: Entry) -> [UInt8] {
            let id = Int(entry.habit)
            if isCheck[id] { return states[journal.checkState(of: entry)]! }
            guard case .units = entry.value else { return Self.escaped("", "") }
            if let known = units[entry.unitKey] { return known }
            let made = Self.escaped(EntriesReport.counted(entry, journal.habits[id])?.unit ?? "", "")
            units[entry.unitKey] = made
            return made
        }
    }
}
