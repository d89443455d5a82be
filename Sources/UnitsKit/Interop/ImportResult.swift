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

    /// Parses `bytes` (the file at `path`) into journal lines.
    /// `existing` is the journal they will be appended to; `today` dates
    /// undated todo.txt tasks and habits a habit list names but no entry does.
    public func importer(existing: Journal, today: CivilDate) -> (_ bytes: [UInt8], _ path: String) -> ImportResult {
        { bytes, path in importFiles([ImportFile(path: path, bytes: bytes)], source: path, existing: existing, today: today) }
    }

    /// Parses the files of one import (one file, or a tracker's folder as
    /// `ImportFolder` lists it) into journal lines; `source` names it.
    public func importFiles(_ files: [ImportFile], source: String, existing: Journal, today: CivilDate) -> ImportResult {
        let single = files.first ?? ImportFile(path: source, bytes: [])
        switch self {
        case .units: return UnitsCSVImporter.parse(single.bytes, path: source, existing: existing)
        case .loop: return LoopImporter.parse(files, source: source, existing: existing, today: today)
        case .harsh: return HarshImporter.parse(files, source: source, existing: existing, today: today)
        case .habitctl: return CheckLogImporter.parseHabitctl(files, source: source, existing: existing, today: today)
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
    /// The input file, when an import reads several (a tracker's folder);
    /// nil for the one file named on the command line.
    public var file: String?
    public init(line: Int, message: String, file: String? = nil) { self.line = line; self.message = message; self.file = file }
    public var description: String { "\(file.map { $0 + ": " } ?? "")line \(line): \(message)" }
}

/// What an importer made: journal text to append, and what it could not map.
public struct ImportResult: Sendable {
    /// Journal lines as mapped (not aligned), each ending in LF, in date
    /// order; empty when nothing mapped. What is appended is
    /// `laidOutBytes`, the same lines aligned.
    public var bytes: [UInt8] {
        get { lines?.write(aligned: false) ?? storedBytes }
        set { storedBytes = newValue; lines = nil }
    }
    private var storedBytes: [UInt8]
    /// The lines not yet written out (`ImportBuilder.result`), or nil for a
    /// result made from bytes.
    var lines: ImportLines?
    /// `bytes` as text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }
    /// Whether there are no lines to append.
    public var isEmpty: Bool { lines?.isEmpty ?? storedBytes.isEmpty }
    public var problems: [ImportProblem]
    public var entryCount: Int
    public var taskCount: Int
    /// Names of habits (and groups) the text declares.
    public var declaredHabits: [String]
    /// Lines of the input the journal already holds, left out (an import
    /// of the same file again adds nothing; see `ImportDedup`).
    public var alreadyPresent: Int = 0

    public init(bytes: [UInt8], problems: [ImportProblem], entryCount: Int, taskCount: Int, declaredHabits: [String], alreadyPresent: Int = 0) {
        self.storedBytes = bytes; self.problems = problems; self.entryCount = entryCount; self.taskCount = taskCount
        self.declaredHabits = declaredHabits; self.alreadyPresent = alreadyPresent
    }

    /// `prefix`, then the lines with each run of entry lines and each
    /// declaration's attribute lines aligned as the printer aligns them
    /// (`EntryAlignment`): what the import appends, written once into the
    /// bytes returned. The printer still lays out every appended block
    /// (`WriteLayout.layOut`); lines already in its layout need no second
    /// parse to check. A result made from bytes is appended as it is.
    public func laidOutBytes(prefix: [UInt8] = []) -> [UInt8] {
        if let lines { return lines.write(prefix: prefix, aligned: true) }
        return prefix + storedBytes
    }

    /// "Imported 3 habits, 412 entries, 2 tasks from Loop": habits
    /// declared, entries and tasks appended (what is already in the journal
    /// is not counted).
    public func summary(_ format: ImportFormat) -> String {
        func counted(_ n: Int, _ word: String) -> String { "\(n) \(ReportText.plural(word, Amount(n)))" }
        return "Imported \(counted(declaredHabits.count, "habit")), \(counted(entryCount, "entry")), \(counted(taskCount, "task")) from \(format.displayName)"
    }
}
