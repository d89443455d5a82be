/// A command's refusal to write, decided from the journal: an unknown or
/// archived habit, a task that is not open. Nothing was written.
public struct WriteRefusal: Error, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// What a writing command wants appended, decided from the journal.
public struct AppendChange: Sendable {
    /// The lines, without line endings (`CanonicalLine` builds them).
    public var lines: [String]
    /// Put a blank line first unless the file already ends with one.
    public var separated: Bool
    /// What the change does, in words ("Added 1 unit to Reading"); kept for `units undo`.
    public var summary: String

    public init(lines: [String], separated: Bool = false, summary: String) {
        self.lines = lines
        self.separated = separated
        self.summary = summary
    }
}

/// Why an append did not happen. In every case the file is unchanged.
public enum AppendFailure: Error, Sendable {
    /// The file could not be opened, locked, read or written.
    case cannotWrite(WriteError)
    /// The journal has errors; a broken file is never written to.
    case invalidJournal([Diagnostic])
    /// The command refused (unknown habit, 0 units, ...).
    case refused(String)
    /// The new lines would have made the journal invalid (a bug in a
    /// command's own checks, caught before writing).
    case wouldBreak([Diagnostic])
}

/// An append that happened.
public struct AppendResult: Sendable {
    /// The journal as it was before the append (the new lines come after
    /// everything in it).
    public var before: Journal
    /// The bytes appended, line endings included.
    public var appended: [UInt8]
    /// Set when the append worked but the undo record could not be saved.
    public var undoWarning: String?
}

/// The one way writing commands append to a journal:
///
/// 1. open the file and take its exclusive `flock` (waiting for other writers);
/// 2. read it and build the journal model; refuse if it has any error;
/// 3. let the command decide the lines from the model (or refuse);
/// 4. check the new lines parse (and with `.full`, that the whole journal
///    with them has no error);
/// 5. append them with one `write`, in the file's line-ending style, after
///    a line ending if the file lacked a final one; flush to disk;
/// 6. save the undo record, then release the lock.
///
/// Steps 1-4 write nothing, so every refusal leaves the file as it was.
public enum JournalAppend {
    public enum Verification: Sendable {
        /// The new lines parse without diagnostics on their own (cheap:
        /// for `units log`, whose own checks cover the meaning).
        case syntax
        /// The whole journal with the new lines has no error (reads the
        /// journal twice; for the rarer commands).
        case full
    }

    public static func perform(path: String, verification: Verification = .full,
                               _ decide: (Journal) throws(WriteRefusal) -> AppendChange) -> Result<AppendResult, AppendFailure> {
        let file: LockedFile
        do { file = try LockedFile.open(path) } catch { return .failure(.cannotWrite(error)) }
        defer { file.close() }
        let journal = Journal(tree: Parser.parse(SourceFile(path: path, bytes: file.bytes)))
        let errors = journal.diagnostics.filter { $0.severity == .error }
        if !errors.isEmpty { return .failure(.invalidJournal(errors)) }
        let change: AppendChange
        do { change = try decide(journal) } catch { return .failure(.refused(error.message)) }
        let appended = AppendPlan.bytes(appending: change.lines, to: file.bytes, separated: change.separated)
        if let problems = verify(appended, after: file.bytes, path: path, verification) {
            return .failure(.wouldBreak(problems))
        }
        do { try file.append(appended) } catch { return .failure(.cannotWrite(error)) }
        let record = UndoRecord(after: file.bytes, appended: appended, summary: change.summary)
        var warning: String?
        do {
            try AtomicRewrite.overwrite(UndoRecord.location(for: path), bytes: record.serialized())
        } catch {
            warning = "the change was written, but `units undo` will not be able to take it back: \(error)"
        }
        return .success(AppendResult(before: journal, appended: appended, undoWarning: warning))
    }

    /// Diagnostics that appending `appended` would cause, or `nil` if none.
    static func verify(_ appended: [UInt8], after existing: [UInt8], path: String, _ level: Verification) -> [Diagnostic]? {
        switch level {
        case .syntax:
            let tree = Parser.parse(SourceFile(path: path + " (new lines)", bytes: appended))
            let bad = tree.diagnostics.filter { $0.severity == .error }
            return bad.isEmpty ? nil : bad
        case .full:
            let candidate = Journal(tree: Parser.parse(SourceFile(path: path, bytes: existing + appended)))
            let bad = candidate.diagnostics.filter { $0.severity == .error }
            return bad.isEmpty ? nil : bad
        }
    }
}

/// `units undo`: takes back what the last writing command appended.
public enum JournalUndo {
    /// What was undone.
    public struct Outcome: Sendable {
        public var record: UndoRecord
    }

    /// Takes back the last recorded append to `path`, if the file is still
    /// exactly as that append left it; otherwise refuses and says why.
    public static func perform(path: String) -> Result<Outcome, AppendFailure> {
        let file: LockedFile
        do { file = try LockedFile.open(path) } catch { return .failure(.cannotWrite(error)) }
        defer { file.close() }
        let location = UndoRecord.location(for: path)
        guard let bytes = try? FileReader.readBytes(atPath: location) else {
            return .failure(.refused("nothing to undo: no write by units is recorded for \(path)"))
        }
        guard let record = UndoRecord.parse(bytes) else {
            return .failure(.refused("nothing to undo: the undo record \(location) is damaged; delete it"))
        }
        if let reason = record.refusal(against: file.bytes, path: path) {
            return .failure(.refused("cannot undo: \(reason)"))
        }
        do { try file.truncate(to: record.sizeBefore) } catch { return .failure(.cannotWrite(error)) }
        _ = unlinkFile(location)
        return .success(Outcome(record: record))
    }
}
