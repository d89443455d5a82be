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
    public func writeCSV(guardFormulas: Bool = true, chunkSize: Int = 1 << 20, _ write: ([UInt8]) -> Void) {
        let whole = journal.files.reduce(0) { $0 + $1.file.bytes.count } * 2
        var csv = CSVBytes(capacity: min(whole, chunkSize) + 4096, guardFormulas: guardFormulas)
        for column in Self.csvColumns { csv.field(column.utf8) }
        csv.endRow()
        // Fields that depend only on the habit, its unit version or the
        // file are escaped once, into one pool of bytes (no array per
        // habit to retain and release per row): `habit,group` per habit,
        // the unit name per unit version, the path per file.
        var pool: [UInt8] = []
        var habitFields: [Range<Int>] = [], unitFields: [Range<Int>] = [], pathFields: [Range<Int>] = []
        var firstUnit: [Int] = []
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
            for unit in habit.units { unitFields.append(escaped { $0.field(unit.name.utf8) }) }
        }
        for tree in journal.files { pathFields.append(escaped { $0.field(tree.file.path.utf8) }) }
        // A constant from here on (the pool is captured above: reading a
        // variable a closure captured is checked at run time, per access).
        let fields = pool
        let measures = journal.habits.map { habit in habit.units.map { Array(($0.measure ?? $0.name).utf8) } }
        let kinds = journal.habits.map(\.kind)
        let sizes = journal.habits.map { $0.units.map(\.size) }
        var scratch: [UInt8] = []
        // The current file's arrays, hoisted: entries come in file order, so
        // they change only at an include (copying a tree per entry costs).
        var fileIndex = -1
        var tree = SyntaxTree(file: SourceFile(path: "", bytes: []), byteOrderMarkLength: 0)
        var lines = LineList(), tokens: [Token] = [], source: [UInt8] = []
        var reparser = LineReparser(file: tree.file)
        // Consecutive entries mostly share their day: its spelling, once.
        var lastDate: CivilDate?
        var dateBytes: [UInt8] = []
        var lineTokens: [Token] = []
        for entry in journal.entries {
            let h = Int(entry.habit)
            let kind = kinds[h]
            let versions = sizes[h].count
            let version = Int(entry.unitVersion) < versions ? Int(entry.unitVersion) : versions - 1
            if entry.date != lastDate {
                lastDate = entry.date
                dateBytes.removeAll(keepingCapacity: true)
                entry.date.appendCanonical(to: &dateBytes)
            }
            csv.raw(dateBytes[...])
            csv.raw(fields[habitFields[h]])
            var amount: Amount?
            if case .units(let value) = entry.value { amount = value }
            csv.plainField { if let amount { amount.appendCanonical(to: &$0) } }
            if let amount, kind == .count, version >= 0 {
                csv.raw(fields[unitFields[firstUnit[h] + version]])
                scratch.removeAll(keepingCapacity: true)
                (amount * sizes[h][version]).appendCanonical(to: &scratch)
                scratch.append(0x20)
                scratch.append(contentsOf: measures[h][version])
                csv.field(scratch)
            } else if let amount, kind == .count {
                // No unit version (cannot happen for a declared habit): as csvFields does.
                let habit = journal.habits[h]
                csv.field(habit.currentUnit.name.utf8)
                csv.field("\(amount * habit.currentUnit.size) \(habit.currentUnit.measure ?? habit.currentUnit.name)".utf8)
            } else {
                csv.field(EmptyCollection())
                csv.field(EmptyCollection())
            }
            csv.field(kind == .check ? journal.checkState(of: entry).rawValue.utf8 : "".utf8)
            if Int(entry.source.file) != fileIndex {
                fileIndex = Int(entry.source.file)
                tree = journal.files[fileIndex]
                (lines, tokens, source) = (tree.lines, tree.tokens, tree.file.bytes)
                reparser = LineReparser(file: tree.file)
            }
            let line = lines[Int(entry.source.line)]
            // Tags and the note. An entry line whose tokens a block parse let
            // go is read again, only when it may hold a tag or a note. (The
            // tokens go through one reused array: a closure over the row's
            // state would cost a dynamic exclusivity check per access.)
            lineTokens.removeAll(keepingCapacity: true)
            if line.tokenCount > 0 || line.kind != .entry {
                lineTokens.append(contentsOf: tokens[line.tokenRange])
            } else if tree.mayHaveTagOrComment(line) {
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
                    scratch.append(contentsOf: source[token.range])
                }
            }
            csv.field(scratch)
            // The note: the trailing comment without `;` and surrounding spaces.
            if let last = lineTokens.last, last.kind == .comment {
                var note = source[last.range]
                if let first = note.first, first == ASCII.semicolon || first == ASCII.hash { note = note.dropFirst() }
                while let f = note.first, ASCII.isSpace(f) { note = note.dropFirst() }
                while let l = note.last, ASCII.isSpace(l) { note = note.dropLast() }
                csv.field(note)
            } else {
                csv.field(EmptyCollection())
            }
            csv.raw(fields[pathFields[Int(entry.source.file)]])
            csv.plainField { Self.appendDecimal(Int(entry.source.line) + 1, to: &$0) }
            csv.endRow()
            if csv.bytes.count >= chunkSize { csv.drain(write) }
        }
        if !csv.bytes.isEmpty { csv.drain(write) }
    }

    static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        var buffer: (UInt64, UInt64, UInt64) = (0, 0, 0)   // room for 20 digits
        withUnsafeMutableBytes(of: &buffer) { raw in
            var v = value.magnitude, k = raw.count
            repeat { k -= 1; raw[k] = UInt8(ascii: "0") + UInt8(v % 10); v /= 10 } while v > 0
            if value < 0 { bytes.append(UInt8(ascii: "-")) }
            bytes.append(contentsOf: raw[k...])
        }
    }
}
