/// How the interop commands write a journal: through the one write path
/// (`Write/`), so that a crash, a full disk or a concurrent `units log` or
/// `units-fmt` can never leave half a file or lose the write. `replace`
/// (the merge driver) and `append` (import) both lock the file, re-open it
/// if it was replaced while they waited, and write through `LockedFile`.
public enum InteropFileWriter {
    /// Replaces the file's contents atomically under its lock, keeping its
    /// permissions and owner and writing through a symbolic link
    /// (`LockedFile.replace`: an `O_EXCL|O_NOFOLLOW` temporary, fsync, rename).
    public static func replace(atPath path: String, with bytes: [UInt8]) throws(FileReadError) {
        do {
            let file = try LockedFile.open(path)
            defer { file.close() }
            if file.bytes != bytes { try file.replace(with: bytes) }
        } catch {
            throw FileReadError(path: path, reason: error.reason)
        }
    }

    /// Appends under the journal's lock. `prepare` sees the bytes already
    /// there (read under the lock) and returns what to append, or nil to
    /// append nothing. The new lines are laid out by the formatter's printer
    /// (`WriteLayout`), appended with one `write` (cut back if it fails), and
    /// recorded for `units undo` when `undoDirectory` is given. A missing
    /// journal is created whole (never left empty or half written).
    /// `check` sees the journal with the appended lines, parsed (the same
    /// tree the printer lays out), and the offset where they start; false
    /// appends nothing.
    public static func append(atPath path: String, undoDirectory: String? = nil, summary: String = "Imported lines", today: CivilDate? = nil,
                              check: (SyntaxTree, _ appendedFrom: Int) -> Bool = { _, _ in true },
                              _ prepare: ([UInt8]) throws(FileReadError) -> [UInt8]?) throws(FileReadError) {
        if !FileReader.exists(path) {
            guard let bytes = try prepare([]) else { return }
            let tree = Parser.parse(SourceFile(path: path, bytes: bytes))
            guard check(tree, 0) else { return }
            do {
                try AtomicRewrite.create(path, bytes: laidOut(tree, existingCount: 0))
                return
            } catch {
                throw FileReadError(path: path, reason: error.reason)
            }
        }
        do {
            let file = try LockedFile.open(path)
            defer { file.close() }
            let existing = file.bytes
            guard let appended = try prepare(existing) else { return }
            let tree = Parser.parse(SourceFile(path: path, bytes: existing + appended))
            guard check(tree, existing.count) else { return }
            let after = laidOut(tree, existingCount: existing.count)
            let before = Journal(tree: Parser.parse(SourceFile(path: path, bytes: existing)))
            // Like every write: no lint error the journal did not have. (New
            // warnings are allowed for now: imported history older than the
            // journal's last lines is appended, not yet inserted in date order.)
            if let failure = JournalWrite.verify(after, before: before, path: path, settings: WriteSettings(today: today, checkWarnings: false)) {
                throw FileReadError(path: path, reason: failure.explanation)
            }
            switch JournalWrite.commit(after, to: file, before: before, summary: summary, settings: WriteSettings(undoDirectory: undoDirectory)) {
            case .success: return
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

    /// `existing` + `appended`, the appended lines printed by the canonical
    /// printer (the file's earlier lines untouched); as given if that would
    /// not parse or not mean the same.
    static func laidOut(existing: [UInt8], appended: [UInt8], path: String) -> [UInt8] {
        laidOut(Parser.parse(SourceFile(path: path, bytes: existing + appended)), existingCount: existing.count)
    }

    /// `laidOut` of the parsed journal whose bytes from `existingCount` on
    /// were appended.
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
