/// The foreign formats `units import --from FORMAT` reads.
public enum ImportFormat: String, CaseIterable, Sendable {
    /// `units export --csv` output (the round trip).
    case units
    /// Loop Habit Tracker's CSV export: its folder, `Habits.csv` or a `Checkmarks.csv`.
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
        case .loop: "Loop Habit Tracker CSV export (its zip, its folder, Habits.csv or a Checkmarks.csv)"
        case .harsh: "harsh's folder, its habits file or its log"
        case .habitctl: "habitctl's folder, its habits file or its log"
        case .timedot: "hledger timedot file"
        case .todotxt: "todo.txt (tasks)"
        }
    }

    /// The tracker's name as people say it ("from Loop").
    public var displayName: String {
        switch self {
        case .units: "units CSV"
        case .loop: "Loop"
        case .harsh: "harsh"
        case .habitctl: "habitctl"
        case .timedot: "timedot"
        case .todotxt: "todo.txt"
        }
    }

    /// Parses the files of one import (one file, or a tracker's folder as
    /// `ImportFolder` lists it) into journal lines; `source` names it.
    /// `existing` is the journal they will be appended to; `today` dates
    /// undated todo.txt tasks and habits a habit list names but no entry does.
    public func importFiles(_ files: [ImportFile], source: String, existing: Journal, today: CivilDate) -> ImportResult {
        let single = files.first ?? ImportFile(path: source, bytes: [])
        switch self {
        case .units: return UnitsCSVImporter.parse(single.bytes, path: source, existing: existing)
        case .loop: return LoopImporter.parse(files, source: source, existing: existing, today: today)
        case .harsh: return HarshImporter.parse(files, source: source, existing: existing, today: today)
        case .habitctl: return HabitctlImporter.parse(files, source: source, existing: existing, today: today)
        case .timedot: return TimedotImporter.parse(single.bytes, path: source, existing: existing)
        case .todotxt: return TodoTxtImporter.parse(single.bytes, path: source, existing: existing, today: today)
        }
    }
}

/// A line of the input that could not be turned into journal lines.
public struct ImportProblem: Sendable, Equatable, CustomStringConvertible {
    /// 1-based line number in the input file.
    public var line: Int
    public var message: String
    /// The input file, when an import reads several (a tracker's folder).
    public var file: String?
    public init(line: Int, message: String, file: String? = nil) { self.line = line; self.message = message; self.file = file }
    public var description: String { "\(file.map { $0 + ": " } ?? "")line \(line): \(message)" }
}

/// What an importer made: journal text to append, and what it could not map.
public struct ImportResult: Sendable {
    /// The lines to append, in date order, not yet written out.
    var lines = ImportLines()
    public var problems: [ImportProblem]
    public var entryCount: Int
    public var taskCount: Int
    /// Names of habits (and groups) the text declares.
    public var declaredHabits: [String]
    /// Lines of the input the journal already holds, left out (`ImportDedup`).
    public var alreadyPresent: Int = 0

    /// The lines as mapped (not aligned; what is appended is `laidOutBytes`).
    public var bytes: [UInt8] { lines.write(aligned: false) }
    public var text: String { String(decoding: bytes, as: UTF8.self) }
    public var isEmpty: Bool { lines.isEmpty }

    /// `prefix`, then the lines aligned as the printer aligns them (`EntryAlignment`).
    public func laidOutBytes(prefix: [UInt8] = []) -> [UInt8] { lines.write(prefix: prefix, aligned: true) }

    /// "Imported 3 habits, 412 entries, 2 tasks from Loop": what is appended.
    public func summary(_ format: ImportFormat) -> String {
        func counted(_ n: Int, _ word: String) -> String { "\(n) \(ReportText.plural(word, Amount(n)))" }
        return "Imported \(counted(declaredHabits.count, "habit")), \(counted(entryCount, "entry")), \(counted(taskCount, "task")) from \(format.displayName)"
    }
}
