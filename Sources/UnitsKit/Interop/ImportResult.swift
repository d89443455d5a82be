/// The foreign formats `units import --from FORMAT` reads.
public enum ImportFormat: String, CaseIterable, Sendable {
    /// `units export --csv` output (the round trip).
    case units
    /// Loop Habit Tracker's `Checkmarks.csv` (all habits, or one habit's).
    case loop
    /// harsh's `log` file: `DATE : Habit : y|n|s [: comment [: amount]]`.
    case harsh
    /// habitctl's `log` file: `DATE<TAB>Habit<TAB>y|n|s`.
    case habitctl
    /// hledger's timedot format: a date line, then `account  ....` lines.
    case timedot
    /// todo.txt tasks: `x 2025-12-01 2025-11-30 Call mom +Family @phone`.
    case todotxt

    /// One line for `--help` and completions.
    public var summary: String {
        switch self {
        case .units: "CSV written by `units export --csv`"
        case .loop: "Loop Habit Tracker Checkmarks.csv"
        case .harsh: "harsh log file"
        case .habitctl: "habitctl log file"
        case .timedot: "hledger timedot file"
        case .todotxt: "todo.txt (tasks)"
        }
    }

    /// Parses `bytes` (the file at `path`) into journal lines.
    /// `existing` is the journal they will be appended to; `today` dates
    /// undated todo.txt tasks.
    public func importer(existing: Journal, today: CivilDate) -> (_ bytes: [UInt8], _ path: String) -> ImportResult {
        switch self {
        case .units: { UnitsCSVImporter.parse($0, path: $1, existing: existing) }
        case .loop: { LoopImporter.parse($0, path: $1, existing: existing) }
        case .harsh: { HarshImporter.parse($0, path: $1, existing: existing) }
        case .habitctl: { CheckLogImporter.parseHabitctl($0, path: $1, existing: existing) }
        case .timedot: { TimedotImporter.parse($0, path: $1, existing: existing) }
        case .todotxt: { TodoTxtImporter.parse($0, path: $1, existing: existing, today: today) }
        }
    }
}

/// A line of the input that could not be turned into journal lines.
public struct ImportProblem: Sendable, Equatable, CustomStringConvertible {
    /// 1-based line number in the input file.
    public var line: Int
    public var message: String
    public init(line: Int, message: String) { self.line = line; self.message = message }
    public var description: String { "line \(line): \(message)" }
}

/// What an importer made: journal text to append, and what it could not map.
public struct ImportResult: Sendable {
    /// Journal lines, each ending in LF, in date order; empty when nothing mapped.
    public var text: String
    public var problems: [ImportProblem]
    public var entryCount: Int
    public var taskCount: Int
    /// Names of habits (and groups) the text declares.
    public var declaredHabits: [String]
    /// Lines of the input the journal already holds, left out (an import
    /// of the same file again adds nothing; see `ImportDedup`).
    public var alreadyPresent: Int = 0
}
