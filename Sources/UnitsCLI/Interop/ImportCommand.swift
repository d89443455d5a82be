import UnitsKit

/// `units import --from FORMAT FILE`: append another tracker's data.
public enum ImportCommand: Command {
    public static let name = "import"
    public static let summary = "Append data from another tracker (units CSV, Loop, harsh, habitctl, timedot, todo.txt)."
    public static let usage = "import --from FORMAT [options] FILE|DIR   (- reads standard input)"
    static let from = Option<String>("--from", value: "FORMAT", help: "The input's format: " + ImportFormat.allCases.map(\.rawValue).joined(separator: ", ") + ".")
    static let dryRun = Flag("--dry-run", short: "n", help: "Print the lines that would be appended; change nothing.")
    static let partial = Flag("--partial", help: "Import what can be mapped even if some lines cannot.")
    public static let options: [OptionSpec] = [from.spec, GlobalOptions.file.spec, GlobalOptions.today.spec, dryRun.spec, partial.spec, GlobalOptions.json.spec]
    public static let discussion = "Formats:\n" + ImportFormat.allCases.map { "  \($0.rawValue.padded(toWidth: 9))  \($0.summary)" }.joined(separator: "\n") + """

        
        A DIR is a tracker's whole export: Loop's unzipped CSV export
        (Habits.csv and the per-habit folders), harsh's ~/.config/harsh or
        habitctl's ~/.habitctl (habits and log). --from loop also reads
        Loop's export zip as it is (`Loop Habits CSV 2025-01-01.zip`).

        Habits the journal does not know are declared on the day of their first
        entry. Lines that cannot be mapped are listed with their file and line
        numbers, and nothing is written unless --partial is given. Lines the
        journal already holds are left out, so importing again adds only what
        is new. The journal is created (with `units 1`) if it does not exist.
        With --json, what was imported (or, with --dry-run, would be) is one
        JSON object, as every write prints it (docs/commands.md).
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        guard let formatName = arguments[from] else {
            throw UsageError("which format? pass --from FORMAT (\(ImportFormat.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        guard let format = ImportFormat(rawValue: formatName) else {
            let hint = Suggestion.closest(to: formatName, in: ImportFormat.allCases.map(\.rawValue)).map { "; did you mean '\($0)'?" } ?? ""
            throw UsageError("unknown format '\(formatName)'\(hint) (formats: \(ImportFormat.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        guard arguments.positionals.count == 1, let input = arguments.positionals.first else {
            throw UsageError("expected one FILE or DIR to import")
        }
        let source = input == "-" ? "<stdin>" : input
        let today = try JournalLocator.today(arguments, io: io, tool: "units import")
        // A file, standard input, or a tracker's folder (Loop's unzipped
        // export, ~/.config/harsh, ~/.habitctl): every file it holds.
        var inputFiles: [ImportFile] = []
        if input == "-" {
            let bytes = io.readStandardInput()
            // Files past the limit are refused when read; standard input stops one byte past it.
            guard bytes.count <= Parser.maximumFileSize else {
                io.err("units import: cannot read <stdin>: too large (more than \(Parser.maximumFileSize) bytes); \(Parser.sizeLimitWords)\n")
                return .failure
            }
            inputFiles = [ImportFile(path: "<stdin>", bytes: bytes)]
        } else {
            var paths = [input]
            // A folder's files are read only when regular: a FIFO there
            // would block, a link to /dev/zero never end. (The FILE named
            // on the command line may be a pipe: `<(command)`.)
            let inFolder = ImportFolder.isDirectory(input)
            if inFolder {
                switch ImportFolder.paths(for: format, in: input) {
                case .success(let found): paths = found
                case .failure(let error): io.err("units import: \(error.message)\n"); return .usage
                }
            }
            for path in paths {
                do { inputFiles.append(ImportFile(path: path, bytes: try FileReader.readBytes(atPath: path, regularFileOnly: inFolder))) } catch {
                    io.err("units import: cannot read \(error)\n"); return .usage
                }
            }
        }
        // Loop's export as it comes: `Loop Habits CSV 2025-01-01.zip`.
        if inputFiles.count == 1, ZipArchive.looksLikeZip(inputFiles[0].bytes) {
            guard format == .loop else {
                io.err("units import: \(source) is a zip archive; only --from loop reads one (unzip it first)\n"); return .usage
            }
            do {
                switch LoopExportFiles.files(in: try ZipArchive(inputFiles[0].bytes, path: source), path: source) {
                case .success(let files): inputFiles = files
                case .failure(let error): io.err("units import: \(error.message)\n"); return .failure
                }
            } catch {
                io.err("units import: cannot read \(error)\n"); return .failure
            }
        }
        let dryRun = arguments[Self.dryRun], json = arguments[GlobalOptions.json]
        guard let journalPath = JournalLocator.path(arguments, io: io) ?? (dryRun ? "habits.units" : nil) else {
            io.err("units import: which journal? pass --file FILE (it is created if missing) or set UNITS_FILE\n")
            return .usage
        }
        if journalPath == "-" { io.err("units import: the journal must be a file, not standard input\n"); return .usage }
        if FileReader.exists(journalPath) { JournalLocator.noticeCopies(of: [journalPath], io: io) }

        var outcome: ExitCode = .ok
        /// Under the journal's lock: what to append, or nil.
        func prepare(_ existing: [UInt8]) -> [UInt8]? {
            let existingJournal = existing.isEmpty ? Journal() : Journal(tree: Parser.parse(SourceFile(path: journalPath, bytes: existing)))
            if existingJournal.hasErrors {
                io.err("units import: \(journalPath) has errors; fix them first (see `units-lint \(journalPath)`)\n")
                outcome = .failure; return nil
            }
            let result = format.importFiles(inputFiles, source: source, existing: existingJournal, today: today)
            for problem in result.problems { io.err("\(problem.file ?? source):\(problem.line): cannot import: \(problem.message)\n") }
            if !result.problems.isEmpty && !arguments[partial] {
                io.err("units import: nothing imported: \(result.problems.count) line\(result.problems.count == 1 ? "" : "s") of \(source) cannot be mapped (fix them, or pass --partial to import the rest)\n")
                outcome = .failure; return nil
            }
            let present = result.alreadyPresent == 0 ? "" : " (\(result.alreadyPresent) line\(result.alreadyPresent == 1 ? " is" : "s are") already in \(journalPath))"
            guard !result.isEmpty else {
                nothing = "Nothing to import in \(source)\(present)."
                if !json { io.err("units import: nothing to import in \(source)\(present)\n") }
                return nil
            }
            var prefix: [UInt8] = []
            if existing.isEmpty { prefix += Array("units 1\n".utf8) } else {
                if existing.last != 0x0A { prefix.append(0x0A) }
                prefix.append(0x0A)
            }
            // What is written is aligned as the printer aligns it (no
            // second parse to check it), written once after the prefix;
            // --dry-run shows the lines as mapped.
            let appended = dryRun ? prefix + result.bytes : result.laidOutBytes(prefix: prefix)
            summary = result.summary(format) + " into \(journalPath)" + present
            prepared = appended
            return appended
        }
        var summary = "", prepared: [UInt8] = [], nothing: String?
        /// With --json: what was (or would be) imported, as every write says it.
        func said(_ message: String, appended: Bool, undoWarning: String? = nil,
                  wouldWrite: [(path: String, bytes: [UInt8])] = []) {
            WriteJSON(command: "units import", file: journalPath, message: message, lines: WriteJSON.lines(of: prepared), appended: appended,
                      undoWarning: undoWarning, wouldWrite: wouldWrite).say(asJSON: true, io: io, tool: "units import")
        }
        /// The appended lines must make a valid journal with what is there
        /// (`tree`: the journal with them, parsed once for this check and
        /// the printer's layout).
        func check(_ tree: SyntaxTree, appendedFrom start: Int) -> Bool {
            let combined = Journal(tree: tree)
            let newErrors = combined.diagnostics.filter { $0.severity == .error && ($0.range?.start ?? 0) >= start }
            if !newErrors.isEmpty {
                var renderer = io.diagnosticRenderer(color: "never")
                io.err(renderer.render(newErrors.sortedByPosition()))
                io.err("units import: nothing imported: the imported lines would not be valid in \(journalPath)\n")
                outcome = .failure; return false
            }
            if !json { io.err((dryRun ? "Would have: " : "") + summary + "\n") }
            return true
        }

        if dryRun {
            let existing = FileReader.exists(journalPath) ? ((try? FileReader.readBytes(atPath: journalPath)) ?? []) : []
            guard let appended = prepare(existing) else {
                if json, outcome == .ok, let nothing { said(nothing, appended: false) }
                return outcome
            }
            if check(Parser.parse(SourceFile(path: journalPath, bytes: existing + appended)), appendedFrom: existing.count) {
                if json { said("Would have: \(summary). Nothing was written (--dry-run).", appended: false,
                                wouldWrite: [(journalPath, existing + appended)]) } else {
                    io.outData(String(decoding: appended, as: UTF8.self))
                }
            }
            return outcome
        }
        let written: AppendResult?
        do { written = try InteropFileWriter.append(atPath: journalPath, undoDirectory: WriteSupport.undoDirectory(io), summary: "Imported \(source)",
                                                       check: check) { existing in prepare(existing) } } catch {
            io.err("units import: cannot write \(error)\n"); return .failure
        }
        if let written {
            if json { said(summary, appended: written.wasAppend, undoWarning: written.undoWarning) }
            else if let warning = written.undoWarning { io.err("units import: warning: \(warning)\n") }
        } else if json, outcome == .ok, let nothing {
            said(nothing, appended: false)
        }
        return outcome
    }
}
