import UnitsKit

/// Finds and loads the journal a `units` command works on.
public enum JournalLocator {
    /// `--file`, else `$UNITS_FILE`, else `./habits.units`, else `~/habits.units`.
    public static func path(_ arguments: ParsedArguments, io: CommandIO) -> String? {
        if let file = arguments[GlobalOptions.file] { return file }
        if let env = io.environment["UNITS_FILE"], !env.isEmpty { return env }
        if FileReader.exists("habits.units") { return "habits.units" }
        if let home = io.environment["HOME"], FileReader.exists(home + "/habits.units") { return home + "/habits.units" }
        return nil
    }

    /// The files `units-fmt` and `units-lint` work on: FILE arguments, else
    /// `--file`, else piped standard input, else the journal `units` would
    /// use; with none, a usage error, never a silent wait on the terminal.
    public static func inputPaths(_ arguments: ParsedArguments, io: CommandIO) throws(UsageError) -> [String] {
        let file = arguments[GlobalOptions.file]
        if !arguments.positionals.isEmpty {
            if let file { throw UsageError("both --file \(file) and FILE arguments given; use one") }
            return arguments.positionals
        }
        if let file { return [file] }
        if io.inputIsData { return ["-"] }
        if let found = path(arguments, io: io) { return [found] }
        throw UsageError("no FILE given and no journal found ($UNITS_FILE, ./habits.units, ~/habits.units); pass FILE, or - to read standard input")
    }

    /// Loads the journal, or says why not and throws the exit code.
    /// A journal with errors is refused: reports on a broken file would lie.
    public static func load(_ arguments: ParsedArguments, io: CommandIO, tool: String) throws(ExitCode) -> Journal {
        let path = try existingPath(arguments, io: io, tool: tool)
        let journal = path == "-"
            ? Journal(tree: Parser.parse(SourceFile(path: "<stdin>", bytes: io.readStandardInput())))
            : Journal.load(path: path, memo: io.journalMemo)
        if path != "-" { noticeCopies(of: journal.files.map(\.file.path), io: io) }
        let errors = journal.diagnostics.filter { $0.severity == .error }
        if !errors.isEmpty {
            io.errDiagnostics(errors.sortedByPosition())
            io.err("\(tool): \(errors.count) error\(errors.count == 1 ? "" : "s") in the journal; fix \(errors.count == 1 ? "it" : "them") (see `units-lint`) and try again\n")
            throw .failure
        }
        // A base for a later conflict copy's merge (`SeenVersions`).
        if path != "-" { SeenVersions(journal: path, undoDirectory: WriteSupport.undoDirectory(io)).remember(path) }
        return journal
    }

    /// The journal's path (`-` for standard input), or exit 1 saying that
    /// none was found or that the file named is not there.
    static func existingPath(_ arguments: ParsedArguments, io: CommandIO, tool: String) throws(ExitCode) -> String {
        guard let path = path(arguments, io: io) else {
            io.err("\(tool): no journal found: pass --file FILE, set UNITS_FILE, or create one with `units init`\n")
            throw .failure
        }
        if path != "-", let absence = FileReader.journalAbsence(path) {
            io.err("\(tool): \(absence)\n")
            throw .failure
        }
        return path
    }

    /// Says once, on standard error, that a sync service left conflict
    /// copies beside the journal or its includes (one listing per folder);
    /// the command goes on with the journal.
    static func noticeCopies(of files: [String], io: CommandIO) {
        guard !io.saidOnce.said.contains("copies") else { return }
        if let notice = ConflictCopies.notice(ConflictCopies.find(for: files)) {
            io.saidOnce.said.insert("copies")
            io.err("units: \(notice)\n")
        }
    }

    /// Today: `--today` (any day form: 2025-12-14, yesterday, -3, mon),
    /// else the clock's journal day, shifted by the journal's `option
    /// day-start` when there is a journal (see `CommandDates`).
    public static func today(_ arguments: ParsedArguments, io: CommandIO, tool: String, journal: Journal? = nil) throws(ExitCode) -> CivilDate {
        let dates = try CommandDates.read(arguments, io: io, tool: tool)
        guard let journal else { return dates.today(dayStartMinutes: 0) }
        return dates.today(journal)
    }
}
