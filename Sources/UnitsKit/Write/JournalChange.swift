/// A command's refusal to write, decided from the journal: an unknown or
/// archived habit, a task that is not open. Nothing was written.
public struct WriteRefusal: Error, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// What a writing command wants written, decided from the journal: lines
/// appended, inserted in date order, or replacing lines.
public struct JournalChange: Sendable {
    /// Where the lines go.
    public enum Placement: Sendable, Equatable {
        /// In date order (by the first line's date): appended unless a line
        /// of a later date is there, then inserted before it.
        case dateOrder
        /// At the end of the file, whatever its dates.
        case end
        /// Instead of these lines of the main file (indexes into its
        /// syntax tree's `lines`; `Entry.source.line` is one).
        case replace(Range<Int>)
    }

    /// The lines, without line endings; the write path lays them out with
    /// the formatter's printer (`CanonicalLine` builds their words).
    public var lines: [String]
    /// Put a blank line before them (and after, when inserted in the middle).
    public var separated: Bool
    /// What the change does, in words ("Added 1 unit to Reading"); kept for `units undo`.
    public var summary: String
    public var placement: Placement

    public init(lines: [String], separated: Bool = false, summary: String, placement: Placement = .dateOrder) {
        self.lines = lines
        self.separated = separated
        self.summary = summary
        self.placement = placement
    }
}

/// Why a write did not happen. In every case the file is unchanged.
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
    /// The journal with the change has lint findings it did not have before
    /// (errors always refuse; warnings unless the command was forced).
    case newFindings([Diagnostic], forcible: Bool)
}

extension AppendFailure {
    /// The failure in words, findings with their place and rule.
    public var explanation: String {
        func list(_ diagnostics: [Diagnostic]) -> String {
            diagnostics.prefix(5).map { d in
                let place = d.range.map { LineTable($0.file).location(of: $0.start).description + ": " } ?? ""
                return "\n  \(place)\(d.severity.rawValue): \(d.message) [\(d.rule)]"
            }.joined() + (diagnostics.count > 5 ? "\n  … and \(diagnostics.count - 5) more" : "")
        }
        switch self {
        case .cannotWrite(let error): return error.reason
        case .refused(let message): return message
        case .invalidJournal(let errors): return "the journal has errors; nothing was written:" + list(errors)
        case .wouldBreak(let errors): return "the new lines would not be valid; nothing was written:" + list(errors)
        case .newFindings(let findings, _): return "refused: the journal would have new lint findings; nothing was written:" + list(findings)
        }
    }
}

/// A write that happened.
public struct AppendResult: Sendable {
    /// The journal as it was before the write.
    public var before: Journal
    /// The bytes the write added (for an append, exactly what was appended).
    public var appended: [UInt8]
    /// Whether the file was extended at its end (else rewritten whole).
    public var wasAppend: Bool
    /// Set when the write worked but the undo record could not be saved.
    public var undoWarning: String?
}

/// How a write is carried out (everything but the change itself).
public struct WriteSettings {
    /// Where undo stacks are kept (`UndoStack.directory(environment:)`); nil: no undo record.
    public var undoDirectory: String?
    public var lockWait: LockedFile.LockWait
    /// The day lint's `future-date` compares with; nil: no future-date check.
    public var today: CivilDate?
    /// Write even when the change adds lint warnings (`--force`).
    public var force: Bool
    /// Whether the command offers `--force` (then the refusal says so).
    public var offersForce: Bool
    /// Whether new lint warnings refuse the write (import of old data may allow them).
    public var checkWarnings: Bool
    /// Told what the user must know beside the outcome (an interrupted change it could not finish).
    public var notice: (String) -> Void
    /// The model of the file as last read, kept by a long-running process; nil: built afresh.
    public var memo: JournalMemo?

    public init(undoDirectory: String? = nil, lockWait: LockedFile.LockWait = .standard, today: CivilDate? = nil,
                force: Bool = false, offersForce: Bool = false, checkWarnings: Bool = true, notice: @escaping (String) -> Void = { _ in }) {
        self.notice = notice
        self.undoDirectory = undoDirectory
        self.lockWait = lockWait
        self.today = today
        self.force = force
        self.offersForce = offersForce
        self.checkWarnings = checkWarnings
    }
}
