/// The one way commands change a journal file: under the file's lock, the
/// command's change placed and printed (`WriteLayout`), verified (no error,
/// no new lint finding), written (an append or an atomic replace) and
/// recorded for undo. Every refusal comes before the write.
public enum JournalWrite {
    public static func perform(path: String, settings: WriteSettings,
                               _ decide: (Journal) throws(WriteRefusal) -> JournalChange) -> Result<AppendResult, AppendFailure> {
        write(path: path, settings: settings, load: {
            let source = SourceFile(path: path, bytes: $0.bytes)
            return settings.memo?.journal(of: source) ?? Journal(file: source)
        }) { journal in
            let change: JournalChange
            do throws(WriteRefusal) { change = try decide(journal) } catch { return .failure(.refused(error.message)) }
            let tree = journal.files[0]
            return WriteLayout.build(WriteLayout.edit(for: change, in: tree), in: tree).map { ($0, change.summary) }
        }
    }

    /// The steps every `perform` shares: the file locked and read, a journal
    /// with errors refused, the bytes `change` makes refused when they change
    /// nothing, then verified and committed.
    static func write(path: String, settings: WriteSettings, load: (LockedFile) -> Journal,
                      _ change: (Journal) -> Result<(after: [UInt8], summary: String), AppendFailure>)
        -> Result<AppendResult, AppendFailure> {
        let file: LockedFile
        do { file = try open(path, settings: settings) } catch { return .failure(.cannotWrite(error)) }
        defer { file.close() }
        let journal = load(file)
        let errors = journal.diagnostics.filter { $0.severity == .error }
        if !errors.isEmpty { return .failure(.invalidJournal(errors)) }
        let made: (after: [UInt8], summary: String)
        switch change(journal) {
        case .success(let value): made = value
        case .failure(let failure): return .failure(failure)
        }
        if made.after == file.bytes { return .failure(.refused("nothing to change: the journal already says that")) }
        if let failure = verify(made.after, before: journal, path: path, settings: settings) {
            return .failure(failure)
        }
        return commit(made.after, to: file, before: journal, summary: made.summary, settings: settings)
    }

    /// The file locked and read, after multi-file changes a crash interrupted
    /// are finished or rolled back (`FileCommit.recover`); the temporaries a
    /// killed writer left beside it removed.
    public static func open(_ path: String, settings: WriteSettings) throws(WriteError) -> LockedFile {
        if let directory = settings.undoDirectory {
            FileCommit.recover(directory: directory, wait: settings.lockWait).forEach(settings.notice)
        }
        let file = try LockedFile.open(path, wait: settings.lockWait)
        FileCommit.removeStaleTemporaries(of: FileReader.canonicalPath(path))
        return file
    }

    /// Writes `after` (already verified) over the locked file and records the undo step.
    public static func commit(_ after: [UInt8], to file: LockedFile, before journal: Journal, summary: String,
                              settings: WriteSettings) -> Result<AppendResult, AppendFailure> {
        commit(after, to: file, summary: summary, settings: settings).map { change, warning in
            AppendResult(before: journal, appended: change.inserted, wasAppend: change.isAppend && !change.inserted.isEmpty,
                         undoWarning: warning)
        }
    }

    /// `commit` of a rewrite decided without the journal's model (`units-fmt`):
    /// the change written, and why undo cannot take it back if it cannot.
    public static func commit(_ after: [UInt8], to file: LockedFile, summary: String, settings: WriteSettings)
        -> Result<(change: UndoRecord.FileChange, undoWarning: String?), AppendFailure> {
        commitLocked([(file, after)], journal: file.path, summary: summary, settings: settings).map { changes, error in
            (changes[0], error.map {
                "the change was written, but `units undo` will not be able to take it back: \($0)"
            })
        }.mapError { .cannotWrite($0) }
    }

    /// Why the journal with `after` as its main file may not be written:
    /// an error, or a lint finding it did not have before. `EditVerification`
    /// clears most writes of entry lines without building the journal again.
    public static func verify(_ after: [UInt8], before journal: Journal, path: String, settings: WriteSettings) -> AppendFailure? {
        if EditVerification.addsNothing(after, before: journal, path: path, today: settings.today) { return nil }
        return fullVerify(after, before: journal, path: path, settings: settings)
    }

    /// `verify` by building and linting the whole journal with `after`.
    public static func fullVerify(_ after: [UInt8], before journal: Journal, path: String, settings: WriteSettings) -> AppendFailure? {
        let candidate = Journal(file: SourceFile(path: path, bytes: after))
        let errors = candidate.diagnostics.filter { $0.severity == .error }
        if !errors.isEmpty { return .wouldBreak(errors) }
        let added = newFindings(before: journal, after: candidate, today: settings.today)
        let refusing = added.filter { $0.severity == .error || (settings.checkWarnings && !settings.force) }
        if refusing.isEmpty { return nil }
        return .newFindings(refusing, forcible: settings.offersForce && refusing.allSatisfy { $0.severity != .error })
    }

    /// Lint findings of `after` that `before` did not have: per rule with more
    /// findings, those whose message is new (line numbers shift).
    public static func newFindings(before: Journal, after: Journal, today: CivilDate?) -> [Diagnostic] {
        let configuration = LintConfiguration(today: today ?? CivilDate.maximum)
        let found = Linter.lint(after, configuration: configuration).filter { $0.severity >= .warning }
        if found.isEmpty { return [] }
        let old = Linter.lint(before, configuration: configuration)
        var oldCount: [String: Int] = [:]
        var oldMessages: [String: Int] = [:]
        for d in old {
            oldCount[d.rule, default: 0] += 1
            oldMessages[d.rule + "\u{0}" + d.message, default: 0] += 1
        }
        var newCount: [String: Int] = [:]
        for d in found { newCount[d.rule, default: 0] += 1 }
        var result: [Diagnostic] = []
        // Rule by rule in a fixed order: findings at one place keep it.
        for (rule, count) in newCount.sorted(by: { $0.key < $1.key }) where count > oldCount[rule, default: 0] {
            let ofRule = found.filter { $0.rule == rule }
            var seen = oldMessages
            var fresh: [Diagnostic] = []
            for d in ofRule {
                let key = d.rule + "\u{0}" + d.message
                if let n = seen[key], n > 0 { seen[key] = n - 1 } else { fresh.append(d) }
            }
            result += fresh.isEmpty ? [ofRule.last!] : fresh
        }
        return result.sortedByPosition()
    }
}
