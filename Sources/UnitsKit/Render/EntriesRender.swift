/// The register's three renderings, from one `EntriesReport`.
extension EntriesReport {

    /// `2025-12-14  Walk  6 laps  #park  ; evening loop`, one line per
    /// entry, columns aligned, then a count and the totals per habit,
    /// written line by line. Two passes over the entries, as
    /// `ReportText.table(count:)` makes them: the first measures the
    /// columns (the last, the note, is never padded, so it is not made),
    /// the second writes. Lines are made as bytes (no `String` per cell or
    /// row); a habit's name and a unit's shown form are made once, not once
    /// per row.
    public func text(style: TerminalStyle, to output: ReportOutput) {
        guard !rows.isEmpty else {
            output.write("No entries" + (period == .all ? "" : " in \(period)") + (query.isEmpty ? "" : " matching \(query.joined(separator: " "))") + ".\n")
            return
        }
        let journal = rows.journal, entries = journal.entries
        var cells = Cells(journal: journal)
        var widths = [Int](repeating: 0, count: 5)
        var value: [UInt8] = []
        for index in rows.picked {
            let entry = entries[Int(index)]
            value.removeAll(keepingCapacity: true)
            let unit = cells.valueAndUnit(entry, value: &value)
            widths[0] = max(widths[0], cells.date(entry.date).count)
            widths[1] = max(widths[1], cells.habit(Int(entry.habit)).width)
            widths[2] = max(widths[2], value.count)
            widths[3] = max(widths[3], unit.width)
            if entry.isFromTask || EntriesReport.mayCarryTagsOrNote(entry, in: journal) { widths[4] = max(widths[4], ReportText.width(cells.tags(entry))) }
        }
        var line = RegisterLine()
        for index in rows.picked {
            let entry = entries[Int(index)]
            value.removeAll(keepingCapacity: true)
            let unit = cells.valueAndUnit(entry, value: &value)
            let habit = cells.habit(Int(entry.habit))
            let row = entry.isFromTask || EntriesReport.mayCarryTagsOrNote(entry, in: journal) ? EntriesReport.row(entry, in: journal) : nil
            let tags = row.map { $0.tags.map { "#" + TerminalText.escaped($0) }.joined(separator: " ") } ?? ""
            var note = row?.note.map { "; " + TerminalText.escaped($0) } ?? ""
            if let task = row?.task { note = "task \"\(TerminalText.escaped(task))\"" + (note.isEmpty ? "" : "  " + note) }
            // As `ReportText.tableLine`: left-aligned cells padded, the value right-aligned, the last cell not padded.
            line.start()
            let date = cells.date(entry.date)
            line.cell(date, pad: widths[0] - date.count + 2)
            line.cell(habit.text, pad: widths[1] - habit.width + 2)
            line.pending += max(0, widths[2] - value.count)
            line.cell(value, pad: 2)
            line.cell(unit.text, pad: widths[3] - unit.width + 2)
            line.cell(tags.utf8, pad: widths[4] - (tags.isEmpty ? 0 : ReportText.width(tags)) + 2)
            line.cell(style.dim(note).utf8, pad: 0)
            line.end()
            if line.bytes.count >= 1 << 16 {
                output.write(String(decoding: line.bytes, as: UTF8.self))
                line.bytes.removeAll(keepingCapacity: true)
            }
        }
        output.write(String(decoding: line.bytes, as: UTF8.self))
        // The footer, one line dimmed as a whole, written in pieces (a total
        // per habit: half a million of them make a line of megabytes).
        var footer = rows.count == 1 ? "1 entry" : "\(rows.count) entries"
        let (dimOn, dimOff) = style.dimParts
        footer = dimOn + footer
        forEachTotal { habit, unit, amount in
            footer += " · \(habit) \(ReportText.count(amount, unit))"
            if footer.utf8.count >= 1 << 16 {
                output.write(footer)
                footer = ""
            }
        }
        output.write(footer + dimOff + "\n")
    }

    /// Register lines made as bytes, a chunk of them at a time, with the
    /// spacing `ReportText.tableLine` gives. Padding is held back until a
    /// cell follows it, so a line's trailing spaces are never written to be
    /// taken off again.
    struct RegisterLine {
        var bytes: [UInt8] = []
        /// Spaces owed before the next non-empty cell.
        var pending = 0
        private var lineStart = 0

        init() { bytes.reserveCapacity(1 << 17) }

        mutating func start() {
            lineStart = bytes.count
            pending = 0
        }

        mutating func cell(_ text: some Collection<UInt8>, pad: Int) {
            if !text.isEmpty {
                appendSpaces(pending)
                pending = 0
                bytes.append(contentsOf: text)
            }
            pending += max(0, pad)
        }

        /// Ends the line without trailing spaces, as `tableLine` takes them
        /// off: a `Character` at a time. A space is a `Character` of its own
        /// except after a prepended mark (a non-ASCII scalar), so a space
        /// after ASCII goes by the byte; after non-ASCII, the line is
        /// trimmed as a `String`, exactly as before.
        mutating func end() {
            if pending > 0, let last = bytes.last, last >= 0x80, bytes.count > lineStart {
                appendSpaces(pending)
                trimAsString()
            }
            while bytes.count > lineStart, bytes[bytes.count - 1] == 0x20 {
                if bytes.count - 1 > lineStart, bytes[bytes.count - 2] >= 0x80 { trimAsString(); break }
                bytes.removeLast()
            }
            bytes.append(0x0A)
        }

        private mutating func trimAsString() {
            var text = String(decoding: bytes[lineStart...], as: UTF8.self)
            while text.hasSuffix(" ") && !text.isEmpty { text.removeLast() }
            bytes.removeSubrange(lineStart...)
            bytes.append(contentsOf: text.utf8)
        }

        private static let spaces = [UInt8](repeating: 0x20, count: 64)

        private mutating func appendSpaces(_ count: Int) {
            var left = count
            while left > 0 {
                let n = min(left, Self.spaces.count)
                bytes.append(contentsOf: Self.spaces[0..<n])
                left -= n
            }
        }
    }

    /// The register's cells that repeat, made once as bytes: dates, habit
    /// names, units as shown (plural or not) and check-in states.
    struct Cells {
        typealias Cell = (text: [UInt8], width: Int)
        let journal: Journal
        private let isCheck: [Bool]
        private var lastDate: (CivilDate, [UInt8])?
        /// Habit names as shown (escaped), made once each, and their widths.
        private var names: [Cell?]
        /// A count's unit as shown, by habit, unit version and plural.
        private var units: [Int64: Cell] = [:]
        private let states: [CheckState: Cell] = Dictionary(uniqueKeysWithValues: CheckState.allCases.map {
            ($0, (Array($0.rawValue.utf8), $0.rawValue.utf8.count))
        })

        init(journal: Journal) {
            self.journal = journal
            isCheck = journal.habits.map { $0.kind == .check }
            names = Array(repeating: nil, count: journal.habits.count)
        }

        mutating func date(_ date: CivilDate) -> [UInt8] {
            if let (last, text) = lastDate, last == date { return text }
            var text: [UInt8] = []
            date.appendCanonical(to: &text)
            lastDate = (date, text)
            return text
        }

        /// Habit `id`'s name as shown (escaped) and its width.
        mutating func habit(_ id: Int) -> Cell {
            if let known = names[id] { return known }
            let text = TerminalText.escaped(journal.habits[id].name)
            let made = (Array(text.utf8), ReportText.width(text))
            names[id] = made
            return made
        }

        /// Appends the value cell (the number, as `Amount.description`
        /// spells it) to `value` and returns the unit cell (a count's unit,
        /// plural as the number says, or a check-in's state), as
        /// `EntriesReport.row` makes them.
        mutating func valueAndUnit(_ entry: Entry, value: inout [UInt8]) -> Cell {
            let id = Int(entry.habit)
            var amount: Amount?
            if case .units(let number) = entry.value {
                amount = number
                number.appendCanonical(to: &value)
            }
            if isCheck[id] { return states[journal.checkState(of: entry)]! }
            guard let amount else { return ([], 0) }
            // Singular and plural are two cells of one unit: the key's lowest bit.
            let one = amount == .one || amount == -.one
            let key = entry.unitKey << 1 | (one ? 1 : 0)
            if let known = units[key] { return known }
            var made: Cell = ([], 0)
            if let (_, name) = EntriesReport.counted(entry, journal.habits[id]) {
                let text = TerminalText.escaped(ReportText.plural(name, amount))
                made = (Array(text.utf8), ReportText.width(text))
            }
            units[key] = made
            return made
        }

        func tags(_ entry: Entry) -> String {
            journal.tags(of: entry).map { "#" + TerminalText.escaped($0) }.joined(separator: " ")
        }
    }
}

extension Entry {
    /// The register's key of a count entry's unit: its habit and unit
    /// version (a unit renamed mid-journal has two).
    var unitKey: Int64 { Int64(habit) << 32 | Int64(UInt32(bitPattern: unitVersion)) }
}
