/// How the merge driver (`replace`) and import (`append`) write a journal:
/// through the one write path (`Write/`), under the file's lock.
public enum InteropFileWriter {
    /// Replaces the file's contents atomically under its lock (`LockedFile.replace`).
    public static func replace(atPath path: String, with bytes: [UInt8]) throws(FileReadError) {
        do {
            let file = try LockedFile.open(path)
            defer { file.close() }
            if file.bytes != bytes { try file.replace(with: bytes) }
        } catch {
            throw FileReadError(path: path, reason: error.reason)
        }
    }

    /// Appends under the journal's lock what `prepare` returns for the bytes
    /// there (nil: nothing), laid out by the printer and recorded for undo;
    /// a missing journal is created whole. `check` sees the parsed result
    /// and where the new lines start (false: nothing). Returns what was written.
    @discardableResult
    public static func append(atPath path: String, undoDirectory: String?, summary: String, check: (SyntaxTree, _ appendedFrom: Int) -> Bool,
                              _ prepare: ([UInt8]) throws(FileReadError) -> [UInt8]?) throws(FileReadError) -> AppendResult? {
        if !FileReader.exists(path) {
            guard let bytes = try prepare([]) else { return nil }
            let tree = Parser.parse(SourceFile(path: path, bytes: bytes))
            guard check(tree, 0) else { return nil }
            do {
                let created = laidOut(tree, existingCount: 0)
                try FileCommit.create(path, bytes: created)
                return AppendResult(before: Journal(), appended: created, wasAppend: false, undoWarning: nil)
            } catch {
                throw FileReadError(path: path, reason: error.reason)
            }
        }
        do {
            let file = try LockedFile.open(path)
            defer { file.close() }
            let existing = file.bytes
            guard let appended = try prepare(existing) else { return nil }
            let tree = Parser.parse(SourceFile(path: path, bytes: existing + appended))
            guard check(tree, existing.count) else { return nil }
            let existingTree = Parser.parse(SourceFile(path: path, bytes: existing))
            let after = placedInDateOrder(tree, existing: existingTree) ?? laidOut(tree, existingCount: existing.count)
            let before = Journal(tree: existingTree)
            // No lint error the journal did not have; imported data may bring warnings.
            if let failure = JournalWrite.verify(after, before: before, path: path, settings: WriteSettings(checkWarnings: false)) {
                throw FileReadError(path: path, reason: failure.explanation)
            }
            switch JournalWrite.commit(after, to: file, before: before, summary: summary, settings: WriteSettings(undoDirectory: undoDirectory)) {
            case .success(let written): return written
            case .failure(.cannotWrite(let error)): throw FileReadError(path: path, reason: error.reason)
            case .failure(let other): throw FileReadError(path: path, reason: "\(other)")
            }
        } catch let error as FileReadError {
            throw error
        } catch let error as WriteError {
            throw FileReadError(path: path, reason: error.reason)
        } catch {
            throw FileReadError(path: path, reason: "\(error)")
        }
    }

    /// The journal with the appended lines (of `tree`, past `existing`) each
    /// placed where a single write puts a line of its date
    /// (`WriteLayout.DatePlaces`), with the lines under it; nil when they all
    /// go at the end anyway or would not parse. A canonical file is re-printed whole.
    static func placedInDateOrder(_ tree: SyntaxTree, existing: SyntaxTree) -> [UInt8]? {
        guard !tree.diagnostics.contains(where: { $0.severity == .error }) else { return nil }
        let existingCount = existing.file.bytes.count
        let places = WriteLayout.DatePlaces(existing)
        var blocks: [(date: CivilDate, lines: [String])] = []
        var leading: [String] = []
        for index in tree.lines.indices where Int(tree.lines[index].start) >= existingCount {
            let line = tree.lines[index]
            if line.kind == .blank { continue }
            let text = JournalLines.text(of: index, in: tree)
            if let date = WriteLayout.date(of: line, in: tree) {
                blocks.append((date, leading + [text]))
                leading = []
            } else if blocks.isEmpty {
                leading.append(text)
            } else {
                blocks[blocks.count - 1].lines.append(text)
            }
        }
        guard leading.isEmpty else { return nil }
        // In date order, a day's lines in the order written.
        let sorted = blocks.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map(\.element)
        var inserted: [Int: [String]] = [:]
        var atEnd: [String] = []
        for block in sorted {
            if let place = places.place(block.date) { inserted[place, default: []] += block.lines } else { atEnd += block.lines }
        }
        if inserted.isEmpty { return nil }
        var edits = inserted.sorted { $0.key < $1.key }.map { LineEdit(range: $0.key..<$0.key, lines: $0.value) }
        if !atEnd.isEmpty {
            let count = existing.lines.count
            if !AppendPlan.endsWithBlankLine(existing.file.bytes) { atEnd.insert("", at: 0) }
            edits.append(LineEdit(range: count..<count, lines: atEnd))
        }
        let applied = JournalEdits.apply(edits, to: existing)
        let edited = Parser.parse(SourceFile(path: tree.file.path, bytes: applied.bytes))
        guard !edited.diagnostics.contains(where: { $0.severity == .error }) else { return nil }
        guard JournalEdits.isCanonical(existing) else { return applied.bytes }
        var printer = CanonicalPrinter(tree: edited)
        let printed = WriteLayout.withEnding(printer.print(), AppendPlan.lineEnding(of: existing.file.bytes), keepFinal: true)
        return FormatCheck.problem(input: edited, output: printed) == nil ? printed : applied.bytes
    }

    /// The journal with the lines from `existingCount` on printed by the
    /// printer; as given if that would not parse or not mean the same.
    static func laidOut(_ tree: SyntaxTree, existingCount: Int) -> [UInt8] {
        let raw = tree.file.bytes
        guard !tree.diagnostics.contains(where: { $0.severity == .error }) else { return raw }
        let first = tree.lines.firstIndex {
            Int($0.start) >= existingCount && (existingCount == 0 || raw[existingCount - 1] == 0x0A || Int($0.start) > existingCount)
        } ?? tree.lines.count
        let after = WriteLayout.layOut(tree, added: first..<tree.lines.count)
        guard FormatCheck.problem(input: tree, output: after) == nil else { return raw }
        return after
    }
}
