/// `units export --csv` at a million entries: the rows of
/// `JournalExport.csvFields`, written straight into bytes from the source
/// text (names, tags and notes are slices of the file; numbers and dates
/// are spelled into the buffer). `csvFields` stays the readable definition
/// of each column; a test checks that both give the same file.
extension JournalExport {
    /// The whole CSV file as bytes: header and one row per entry, in file order.
    public func csvBytes(guardFormulas: Bool = true) -> [UInt8] {
        var out: [UInt8] = []
        writeCSV(guardFormulas: guardFormulas, chunkSize: .max) { out = $0 }
        return out
    }

    /// The same CSV file handed to `write` in pieces of about `chunkSize`
    /// bytes, in order, so a million rows are never all in memory at once.
    ///
    /// A hot path (a million rows): the rows are written through a pointer
    /// (`CSVSink`); everything that depends only on the habit, its unit
    /// version or the file is escaped once; a day's date is spelled once;
    /// the tags and note of an entry line are the tokens the load kept
    /// (`Journal.load(keepingTagsAndNotes:)`, as `units export` loads); in
    /// a journal loaded without them, an entry line is read again when it
    /// holds a `#` or a `;`.
    public func writeCSV(guardFormulas: Bool = true, chunkSize: Int = 1 << 20, _ write: ([UInt8]) -> Void) {
        let whole = journal.files.reduce(0) { $0 + $1.file.count } * 2
        var sink = CSVSink(capacity: min(whole, chunkSize) + 4096, guardFormulas: guardFormulas)
        defer { sink.deallocate() }
        for column in Self.csvColumns { Array(column.utf8).withUnsafeBufferPointer { sink.field($0) } }
        sink.endRow()
        // Fields that depend only on the habit, its unit version or the
        // file are escaped once, into one pool of bytes: `habit,group` per
        // habit, the unit name per unit version, the path per file; and
        // each unit version's measure name as it is (for the measure
        // column, `AMOUNT MEASURE`, written straight when it needs no quotes).
        var pool: [UInt8] = []
        var habitFields: [Range<Int>] = [], unitFields: [Range<Int>] = [], pathFields: [Range<Int>] = []
        var measureNames: [Range<Int>] = [], measurePlain: [Bool] = [], sizes: [Amount] = []
        var firstUnit: [Int] = [], versionCounts: [Int] = []
        func escaped(_ write: (inout CSVBytes) -> Void) -> Range<Int> {
            var piece = CSVBytes(guardFormulas: guardFormulas)
            write(&piece)
            let start = pool.count
            pool.append(contentsOf: piece.bytes)
            return start..<pool.count
        }
        for habit in journal.habits {
            habitFields.append(escaped { piece in
                piece.field(habit.name.utf8)
                piece.field(habit.group.map { journal.habits[$0].name.utf8 } ?? "".utf8)
            })
            firstUnit.append(unitFields.count)
            versionCounts.append(habit.units.count)
            for unit in habit.units {
                unitFields.append(escaped { $0.field(unit.name.utf8) })
                let measure = Array((unit.measure ?? unit.name).utf8)
                measureNames.append(pool.count..<(pool.count + measure.count))
                pool.append(contentsOf: measure)
                measurePlain.append(!CSVBytes.needsQuotes(measure))
                sizes.append(unit.size)
            }
        }
        for tree in journal.files { pathFields.append(escaped { $0.field(tree.file.path.utf8) }) }
        let kinds = journal.habits.map(\.kind)
        let entries = journal.entries
        var scratch: [UInt8] = []
        var chunk: [UInt8] = []
        var lineTokens: [Token] = []
        // Consecutive entries mostly share their day: its spelling, once.
        var lastDay: Int32?
        var dateBytes: [UInt8] = []
        let date = UnsafeMutablePointer<UInt8>.allocate(capacity: 32)
        defer { date.deallocate() }
        var dateCount = 0
        var valueFields = CSVValueFieldsCache(), lineNumber = LineNumberSpelling()
        defer { valueFields.deallocate(); lineNumber.deallocate() }
        pool.withUnsafeBufferPointer { pool in
            func slice(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: pool[range]) }
            var i = 0
            while i < entries.count {
                // One run of entries of one file (entries come in file
                // order; the file changes only at an include).
                let fileIndex = Int(entries[i].source.file)
                let tree = journal.files[fileIndex]
                let lines = tree.lines, tokens = tree.tokens
                var reparser = LineReparser(file: tree.file)
                let path = slice(pathFields[fileIndex])
                tree.file.withBytes { source in
                    while i < entries.count {
                        let entry = entries[i]
                        if Int(entry.source.file) != fileIndex { break }
                        i += 1
                        let h = Int(entry.habit)
                        let kind = kinds[h]
                        if entry.date.dayNumber != lastDay {
                            lastDay = entry.date.dayNumber
                            dateBytes.removeAll(keepingCapacity: true)
                            entry.date.appendCanonical(to: &dateBytes)
                            dateCount = min(dateBytes.count, 32)
                            dateBytes.withUnsafeBufferPointer { date.update(from: $0.baseAddress!, count: dateCount) }
                        }
                        sink.raw(UnsafeBufferPointer(start: date, count: dateCount))
                        sink.raw(slice(habitFields[h]))
                        // value, unit, measure, state: spelled once per key (JournalExportCache.swift).
                        var key = CSVValueFieldsCache.Key(habit: entry.habit, unitVersion: kind == .count ? entry.unitVersion : 0,
                                                          goalVersion: kind == .check ? entry.goalVersion : 0, value: 0, isState: false)
                        switch entry.value {
                        case .units(let value): key.value = value.billionths
                        case .state(let state):
                            key.value = switch state { case .yes: 0; case .kinda: 1; case .no: 2; case .skip: 3 }
                            key.isState = true
                        }
                        let slot = CSVValueFieldsCache.slot(key)
                        if let spelled = valueFields.spelling(key, slot: slot) {
                            sink.put(spelled)
                        } else {
                            let spellingStart = sink.count
                            var amount: Amount?
                            sink.separate()
                            if case .units(let value) = entry.value { amount = value; sink.amount(value) }
                            let versions = versionCounts[h]
                            let version = Int(entry.unitVersion) < versions ? Int(entry.unitVersion) : versions - 1
                            if let amount, kind == .count, version >= 0 {
                                let u = firstUnit[h] + version
                                sink.raw(slice(unitFields[u]))
                                let measure = amount * sizes[u]
                                if measurePlain[u] && (!guardFormulas || !measure.isNegative) {
                                    // Digits, a space and a plain name: no guard, no quotes.
                                    sink.separate()
                                    sink.amount(measure)
                                    sink.byte(0x20)
                                    sink.put(slice(measureNames[u]))
                                } else {
                                    scratch.removeAll(keepingCapacity: true)
                                    measure.appendCanonical(to: &scratch)
                                    scratch.append(0x20)
                                    scratch.append(contentsOf: pool[measureNames[u]])
                                    scratch.withUnsafeBufferPointer { sink.field($0) }
                                }
                            } else if let amount, kind == .count {
                                // No unit version (cannot happen for a declared habit): as csvFields does.
                                let habit = journal.habits[h]
                                Array(habit.currentUnit.name.utf8).withUnsafeBufferPointer { sink.field($0) }
                                Array("\(amount * habit.currentUnit.size) \(habit.currentUnit.measure ?? habit.currentUnit.name)".utf8)
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
                            valueFields.keep(UnsafeBufferPointer(start: sink.base + spellingStart, count: sink.count - spellingStart), for: key, slot: slot)
                        }
                        // Tags and the note: the line's tokens. An entry line
                        // without them has neither when the load kept them
                        // (`keepsTagsAndNotes`); else it is read again when it
                        // may hold a tag or a note (a `#` or a `;`).
                        let line = lines[Int(entry.source.line)]
                        lineTokens.removeAll(keepingCapacity: true)
                        if line.tokenCount > 0 || line.kind != .entry {
                            lineTokens.append(contentsOf: tokens[line.tokenRange])
                        } else if !tree.keepsTagsAndNotes, Self.mayHaveTagOrComment(source, from: Int(line.start), to: Int(line.contentEnd)) {
                            reparser.tokens(of: line, into: &lineTokens)
                        }
                        // Tags: `#a #b` as written (a task's units carry the task's tags).
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
                        // The note: the trailing comment without `;` and surrounding spaces.
                        if let last = lineTokens.last, last.kind == .comment {
                            var note = source[last.range]
                            if let first = note.first, first == ASCII.semicolon || first == ASCII.hash { note = note.dropFirst() }
                            while let f = note.first, ASCII.isSpace(f) { note = note.dropFirst() }
                            while let l = note.last, ASCII.isSpace(l) { note = note.dropLast() }
                            sink.field(UnsafeBufferPointer(rebasing: note))
                        } else {
                            sink.emptyField()
                        }
                        sink.raw(path)
                        sink.raw(lineNumber.spell(Int(entry.source.line) + 1))
                        sink.endRow()
                        if sink.count >= chunkSize {
                            // Through one reused array (a fresh megabyte per
                            // chunk would be page-faulted in every time).
                            chunk.removeAll(keepingCapacity: true)
                            chunk.append(contentsOf: sink.bytes)
                            write(chunk)
                            sink.removeAll()
                        }
                    }
                }
            }
        }
        if sink.count > 0 { write(Array(sink.bytes)) }
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
