import UnitsKit

/// `units-fmt`: rewrite journals in the canonical layout of
/// `Grammar/formatting.md`, like gofmt.
public enum FormatCommand: Command {
    public static let name = "units-fmt"
    public static let summary = "Rewrite habits.units journals in canonical layout."
    public static let usage = "[options] [FILE...]   (FILE: --file, else piped standard input, else $UNITS_FILE, ./habits.units, ~/habits.units; - is standard input, written to standard output)"
    static let check = Flag("--check", help: "Change nothing; exit 1 and name the files that are not canonical.")
    static let diff = Flag("--diff", help: "Change nothing; print a unified diff of the changes and exit 1 if there are any.")
    static let sort = Flag("--sort", help: "Also put the lines in date order (stable; nothing lost; `units undo` takes it back).")
    static let stdinFilepath = Option<String>("--stdin-filepath", value: "NAME", help: "The name standard input is reported under (default <stdin>).")
    public static let options: [OptionSpec] = [GlobalOptions.file.spec, check.spec, diff.spec, sort.spec, stdinFilepath.spec, GlobalOptions.json.spec]
    public static let discussion = """
        Files are rewritten in place, under the journal's lock: the new text goes to
        a temporary file in the same folder, which is renamed over the original
        (permissions kept, symbolic links written through). The new text is first
        checked to parse and mean the same as the old. A file that is already
        canonical is not touched. A file that does not parse is never rewritten:
        its errors are printed instead. A file with other hard links or without
        write permission is refused. Line endings become LF, a byte-order mark is
        dropped. `units undo` takes a formatting back. With --json, each file
        named gives one JSON object, as every write prints it (docs/commands.md):
        the lines the rewrite wrote, none for a file already canonical.

        --sort also moves lines into date order: each dated line with its
        attribute lines and the comments just above it, lines of one date in
        their order (which is time order), the lines before the first date
        first, records sorted on each side of an `include` or `option` line.
        The sorted text must hold exactly the lines of the old one. Use it when
        lines were appended out of order, or to put plans (pauses, seasons
        written ahead) in their place.

        Exit status: 0 nothing to do (or every file rewritten), 1 files not canonical
        (with --check or --diff) or a file changed on disk while formatting,
        2 a usage error or a file that cannot be read or parsed.
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let check = arguments[Self.check], showDiff = arguments[diff], sort = arguments[Self.sort]
        let paths = try JournalLocator.inputPaths(arguments, io: io)
        if paths.filter({ $0 == "-" }).count > 1 { throw UsageError("standard input (-) can be read only once") }
        var renderer = io.diagnosticRenderer()
        var unreadable = false, notCanonical = false, failed = false

        let writing = !check && !showDiff
        let json = arguments[GlobalOptions.json]
        if json && !writing { throw UsageError("--json tells what a rewrite wrote; --check and --diff write nothing") }
        if json && paths.contains("-") { throw UsageError("--json tells what a rewrite wrote; standard input is formatted to standard output, so name the file") }
        /// With --json: what was written to `path` (nothing when it was canonical).
        func said(_ path: String, _ message: String, lines: [String] = [], undoWarning: String? = nil) {
            WriteJSON(command: "units-fmt", file: path, message: message, lines: lines, appended: false, undoWarning: undoWarning)
                .say(asJSON: true, io: io, tool: "units-fmt")
        }
        let canonical = "is canonical already; nothing was written."
        let settings = WriteSupport.settings(io, tool: "units-fmt", today: nil)
        for path in paths {
            let name = path == "-" ? arguments[stdinFilepath] ?? "<stdin>" : path
            if path != "-" { JournalLocator.noticeCopies(of: [path], io: io) }
            // A file to rewrite is read under its lock, so the rewrite and a
            // `units log` never cross (the log waits, then appends to the new file).
            var locked: LockedFile?
            defer { locked?.close() }
            let original: [UInt8]
            if path == "-" {
                original = io.readStandardInput()
            } else if writing {
                do {
                    let file = try JournalWrite.open(path, settings: settings)
                    locked = file
                    original = file.bytes
                } catch {
                    // A file that cannot be written (a read-only mount or
                    // file) but is canonical already needs no write.
                    let bytes = try? FileReader.readBytes(atPath: path)
                    if let bytes, CanonicalCheck.isCanonical(SourceFile(path: name, bytes: bytes)) == true {
                        if json { said(path, "\(name) \(canonical)") }
                        continue
                    }
                    io.err("units-fmt: \(error.description)\n")
                    if bytes == nil { unreadable = true } else { failed = true }
                    continue
                }
            } else {
                do { original = try FileReader.readBytes(atPath: path) } catch {
                    io.err("units-fmt: \(path): \(error.reason)\n")
                    unreadable = true
                    continue
                }
            }
            // `--check` alone asks only whether formatting would change a byte
            // (one streaming parse); a file with errors goes on below, which words them.
            if check && !showDiff && !sort, let canonical = CanonicalCheck.isCanonical(SourceFile(path: name, bytes: original)) {
                if !canonical {
                    notCanonical = true
                    io.out("\(name)\n")
                }
                continue
            }
            var tree = Parser.parse(SourceFile(path: name, bytes: original))
            if sort, !tree.diagnostics.contains(where: { $0.severity == .error }), let moved = DateSort.sorted(tree) {
                guard DateSort.sameLines(original, moved) else {
                    io.err("units-fmt: \(name): not sorted: the sorted text would not hold the same lines; the file is untouched (please report this)\n")
                    failed = true
                    continue
                }
                tree = Parser.parse(SourceFile(path: name, bytes: moved))
            }
            let formatted: [UInt8]
            switch Formatter.format(tree) {
            case .formatted(let bytes): formatted = bytes
            case .refused(let errors):
                io.err(renderer.render(errors.sortedByPosition()))
                io.err("units-fmt: \(name): not formatted: \(errors.count == 1 ? "1 line that does not parse" : "\(errors.count) lines that do not parse"); fix \(errors.count == 1 ? "it" : "them") first\n")
                unreadable = true
                continue
            }
            let changed = formatted != original
            let sorted = tree.file.bytes != original
            // Never write (or print) a layout that does not read back as the same journal.
            if formatted != tree.file.bytes, let problem = FormatCheck.problem(input: tree, output: formatted) {
                io.err("units-fmt: \(name): not formatted: \(problem); the file is untouched (please report this)\n")
                failed = true
                continue
            }
            if showDiff {
                io.outData(UnifiedDiff.diff(old: original, new: formatted, path: name))
            }
            if check || showDiff {
                if changed {
                    notCanonical = true
                    if check && !showDiff { io.out("\(name)\n") }
                }
                continue
            }
            guard let file = locked else {
                io.outData(String(decoding: formatted, as: UTF8.self))
                continue
            }
            guard changed else {
                if json { said(path, "\(name) \(canonical)") }
                continue
            }
            let summary = sorted ? "Sorted and formatted \(name)" : "Formatted \(name)"
            let warning: String?
            switch JournalWrite.commit(formatted, to: file, summary: summary, settings: settings) {
            case .success(let written): warning = written.undoWarning
            case .failure(let failure):
                _ = WriteSupport.report(failure, io: io, tool: "units-fmt")
                failed = true
                continue
            }
            if json {
                said(path, "\(summary) • \(WriteSupport.undoHint)", lines: UnifiedDiff.insertedLines(old: original, new: formatted), undoWarning: warning)
            } else {
                io.out("\(name)\n")
                if let warning { io.err("units-fmt: warning: \(warning)\n") }
            }
        }
        if unreadable { return .usage }
        return notCanonical || failed ? .failure : .ok
    }
}
