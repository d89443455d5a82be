/// `units export --csv`: one row per entry in file order, the columns of
/// `csvColumns` (Grammar/export.md): date, habit, its group, the value, a
/// count's unit in force and the value in its measure (`AMOUNT MEASURE`),
/// a check-in's state, the tags (`#a #b`; a task's units carry the task's
/// tags), the note (the trailing comment without `;`), the file and line.
/// Written by `CSVWriter` straight from the source text: names, tags and
/// notes are slices of the file; numbers and dates are spelled into the
/// buffer. Tests/ keeps a field-by-field oracle of each column.
extension JournalExport {
    /// The whole CSV file as text.
    public func csv(guardFormulas: Bool = true) -> String { String(decoding: csvBytes(guardFormulas: guardFormulas), as: UTF8.self) }

    /// The whole CSV file as bytes: header and one row per entry, in file order.
    public func csvBytes(guardFormulas: Bool = true) -> [UInt8] {
        var out: [UInt8] = []
        writeCSV(guardFormulas: guardFormulas, chunkSize: .max) { out.append(contentsOf: $0) }
        return out
    }

    /// The same CSV file handed to `write` in pieces of about `chunkSize`
    /// bytes, in order, so a million rows are never all in memory at once.
    ///
    /// A hot path (a million rows): everything that depends only on the
    /// habit, its unit version or the file is escaped once
    /// (`ExportFieldPool`); a day's date is spelled once; the habit-to-state
    /// fields of a row are copied from the last row with the same key
    /// (`ExportValueFields`); the
    /// tags and note of a plain entry line are read again from its bytes
    /// only when it holds a `#` or a `;` (keeping every such line's tokens
    /// through the load cost more memory than reading them again costs
    /// time). `write` gets each chunk in the writer's own buffer: it must
    /// use or copy it before returning.
    public func writeCSV(guardFormulas: Bool = true, chunkSize: Int = 1 << 18, _ write: (UnsafeBufferPointer<UInt8>) -> Void) {
        let whole = journal.files.reduce(0) { $0 + $1.file.count } * 2
        var sink = CSVWriter(capacity: min(whole, chunkSize) + 4096, guardFormulas: guardFormulas)
        for column in Self.csvColumns { Array(column.utf8).withUnsafeBufferPointer { sink.field($0) } }
        sink.endRow()
        let fields = ExportFieldPool(journal, guardFormulas: guardFormulas)
        let kinds = journal.habits.map(\.kind)
        let entries = journal.entries
        var scratch: [UInt8] = []
        var lineTokens: [Token] = []
        // Consecutive entries mostly share their day: its spelling, once.
        var lastDay: Int32?
        var dateBytes: [UInt8] = []
        let date = UnsafeMutablePointer<UInt8>.allocate(capacity: 32)
        defer { date.deallocate() }
        var dateCount = 0
        var valueFields = ExportValueFields(), lineNumber = LineNumberSpelling()
        defer { valueFields.deallocate(); lineNumber.deallocate() }
        fields.pool.withUnsafeBufferPointer { pool in
            func slice(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: pool[range]) }
            var i = 0
            while i < entries.count {
                // One run of entries of one file (entries come in file
                // order; the file changes only at an include).
                let fileIndex = Int(entries[i].source.file)
                let tree = journal.files[fileIndex]
                let lines = tree.lines, tokens = tree.tokens
                var reparser = tree.lineReader()
                let path = slice(fields.pathFields[fileIndex]), plainTail = slice(fields.plainTails[fileIndex])
                tree.file.withBytes { source in
                    while i < entries.count {
                        let entry = entries[i]
                        if Int(entry.source.file) != fileIndex { break }
                        i += 1
                        if entry.date.dayNumber != lastDay {
                            lastDay = entry.date.dayNumber
                            dateBytes.removeAll(keepingCapacity: true)
                            entry.date.appendCanonical(to: &dateBytes)
                            dateCount = min(dateBytes.count, 32)
                            dateBytes.withUnsafeBufferPointer { date.update(from: $0.baseAddress!, count: dateCount) }
                        }
                        sink.raw(UnsafeBufferPointer(start: date, count: dateCount))
                        // habit, group, value, unit, measure, state: spelled
                        // once per key (ExportRowCache.swift).
                        let kind = kinds[Int(entry.habit)]
                        var key = ExportValueFields.Key(habit: entry.habit, unitVersion: kind == .count ? entry.unitVersion : 0,
                                                          goalVersion: kind == .check ? entry.goalVersion : 0, value: 0, isState: false)
                        switch entry.value {
                        case .units(let value): key.value = value.billionths
                        case .state(let state):
                            key.value = switch state { case .yes: 0; case .kinda: 1; case .no: 2; case .skip: 3 }
                            key.isState = true
                        }
                        let slot = ExportValueFields.slot(key)
                        if let spelled = valueFields.spelling(key, slot: slot) {
                            sink.put(spelled)
                        } else {
                            let spellingStart = sink.count
                            spellHabitAndValue(entry, kind: kind, fields: fields, pool: pool, into: &sink, scratch: &scratch)
                            valueFields.keep(UnsafeBufferPointer(start: sink.base + spellingStart, count: sink.count - spellingStart), for: key, slot: slot)
                        }
                        // Tags and the note: the line's tokens. A plain entry
                        // line kept none; it is read again when it may hold a
                        // tag or a note (a `#` or a `;`).
                        let line = lines[Int(entry.source.line)]
                        // Only the lines being read stay resident (as in `Parser.parse`).
                        if i % JournalBuilder.blockLines == 0 { tree.file.releaseResidentPages(before: Int(line.start)) }
                        if !lineTokens.isEmpty { lineTokens.removeAll(keepingCapacity: true) }
                        if line.tokenCount > 0 || line.kind != .entry {
                            lineTokens.append(contentsOf: tokens[line.tokenRange])
                        } else if Self.mayHaveTagOrComment(source, from: Int(line.start), to: Int(line.contentEnd)) {
                            reparser.tokens(of: line, into: &lineTokens)
                        }
                        if entry.isFromTask || lineTokens.contains(where: { $0.kind == .tag || $0.kind == .comment }) {
                            writeTagsAndNote(entry, lineTokens, source, into: &sink, scratch: &scratch)
                            sink.raw(path)
                            sink.separate()
                        } else {
                            sink.put(plainTail)
                        }
                        sink.put(lineNumber.spell(Int(entry.source.line) + 1))
                        sink.endRow()
                        if sink.count >= chunkSize { sink.drain(write) }
                    }
                }
            }
        }
        sink.drain(write)
    }

    /// The `,habit,group,value,unit,measure,state` of an entry, into `sink`.
    private func spellHabitAndValue(_ entry: Entry, kind: HabitKind, fields: ExportFieldPool, pool: UnsafeBufferPointer<UInt8>,
                                    into sink: inout CSVWriter, scratch: inout [UInt8]) {
        func slice(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: pool[range]) }
        let h = Int(entry.habit)
        sink.put(slice(fields.habitFields[h]))
        var amount: Amount?
        sink.separate()
        if case .units(let value) = entry.value { amount = value; sink.amount(value) }
        let versions = Int(fields.versionCounts[h])
        let version = Int(entry.unitVersion) < versions ? Int(entry.unitVersion) : versions - 1
        if let amount, kind == .count, version >= 0 {
            let u = Int(fields.firstUnit[h]) + version
            sink.raw(slice(fields.unitFields[u]))
            let measure = WideAmount(amount, times: fields.sizes[u])
            if let narrow = measure.narrow, fields.measurePlain[u] && (!sink.guardFormulas || !narrow.isNegative) {
                // Digits, a space and a plain name: no guard, no quotes.
                sink.separate()
                sink.amount(narrow)
                sink.byte(0x20)
                sink.put(slice(fields.measureNames[u]))
            } else {
                scratch.removeAll(keepingCapacity: true)
                measure.appendCanonical(to: &scratch)
                scratch.append(0x20)
                scratch.append(contentsOf: pool[fields.measureNames[u]])
                scratch.withUnsafeBufferPointer { sink.field($0) }
            }
        } else if let amount, kind == .count {
            // No unit version (cannot happen for a declared habit): the current unit.
            let habit = journal.habits[h]
            Array(habit.currentUnit.name.utf8).withUnsafeBufferPointer { sink.field($0) }
            Array("\(WideAmount(amount, times: habit.currentUnit.size)) \(habit.currentUnit.measure ?? habit.currentUnit.name)".utf8)
                .withUnsafeBufferPointer { sink.field($0) }
        } else {
            sink.emptyField()
            sink.emptyField()
        }
        if kind == .check {
            let state: StaticString = switch journal.checkState(of: entry) {
            case .yes: "yes"
            case .kinda: "kinda"
            case .no: "no"
            case .skip: "skip"
            }
            sink.raw(UnsafeBufferPointer(start: state.utf8Start, count: state.utf8CodeUnitCount))
        } else {
            sink.emptyField()
        }
    }

    /// The tags field (`#a #b` as written; a task's units carry the task's
    /// tags) and the note field (the trailing comment without `;` and the
    /// spaces around it) of an entry whose line's tokens are `lineTokens`.
    private func writeTagsAndNote(_ entry: Entry, _ lineTokens: [Token], _ source: UnsafeBufferPointer<UInt8>,
                                  into sink: inout CSVWriter, scratch: inout [UInt8]) {
        scratch.removeAll(keepingCapacity: true)
        if entry.isFromTask {
            for tag in journal.tasks[Int(entry.task)].tags {
                if !scratch.isEmpty { scratch.append(0x20) }
                scratch.append(UInt8(ascii: "#")); scratch.append(contentsOf: tag.utf8)
            }
        } else {
            for token in lineTokens where token.kind == .tag {
                if !scratch.isEmpty { scratch.append(0x20) }
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: source[token.range]))
            }
        }
        if scratch.isEmpty { sink.emptyField() } else { scratch.withUnsafeBufferPointer { sink.field($0) } }
        if let last = lineTokens.last, last.kind == .comment {
            var note = source[last.range]
            if let first = note.first, first == ASCII.semicolon || first == ASCII.hash { note = note.dropFirst() }
            while let f = note.first, ASCII.isSpace(f) { note = note.dropFirst() }
            while let l = note.last, ASCII.isSpace(l) { note = note.dropLast() }
            sink.field(UnsafeBufferPointer(rebasing: note))
        } else {
            sink.emptyField()
        }
    }

    /// Whether the entry line `start..<end` of `source` may have a tag or a
    /// comment: an entry line has one only if it holds a `#` or a `;` (a
    /// quick test before reading its tokens again).
    @inline(__always)
    static func mayHaveTagOrComment(_ source: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        guard let base = source.baseAddress, start < end, end <= source.count else { return start < end }
        var p = UnsafeRawPointer(base + start)
        let stop = UnsafeRawPointer(base + end)
        // Eight bytes at a time: a byte of `x ^ 0x23…` is zero where `x`
        // holds a `#` (of `x ^ 0x3B…`, a `;`), and `(v - 0x01…) & ~v & 0x80…`
        // is non-zero exactly when `v` has a zero byte.
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        while stop - p >= 8 {
            let x = p.loadUnaligned(as: UInt64.self)
            let hash = x ^ (ones &* UInt64(ASCII.hash)), semicolon = x ^ (ones &* UInt64(ASCII.semicolon))
            if ((hash &- ones) & ~hash | (semicolon &- ones) & ~semicolon) & highs != 0 { return true }
            p += 8
        }
        while p < stop {
            let b = p.load(as: UInt8.self)
            if b == ASCII.hash || b == ASCII.semicolon { return true }
            p += 1
        }
        return false
    }
}
