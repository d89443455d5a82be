import UnitsKit

/// `units-fmt`: rewrite journals in the canonical layout of
/// `Grammar/formatting.md`, like gofmt.
public enum FormatCommand: Command {
    public static let name = "units-fmt"
    public static let summary = "Rewrite habits.units journals in canonical layout."
    public static let usage = "[options] [FILE...]   (no FILE or - reads standard input and writes standard output)"
    public static let options: [OptionSpec] = [
        OptionSpec("--check", help: "Change nothing; exit 1 and name the files that are not canonical."),
        OptionSpec("--diff", help: "Change nothing; print a unified diff of the changes and exit 1 if there are any."),
        OptionSpec("--stdin-filepath", value: "NAME", help: "The name standard input is reported under (default <stdin>)."),
    ]
    public static let discussion = """
        Files are rewritten in place: the new text goes to a temporary file in the
        same folder, which is renamed over the original (permissions kept, symbolic
        links written through). A file that is already canonical is not touched. A
        file that does not parse is never rewritten: its errors are printed instead.
        Line endings become LF, a byte-order mark is dropped.

        Exit status: 0 nothing to do (or every file rewritten), 1 files not canonical
        (with --check or --diff) or a file changed on disk while formatting,
        2 a usage error or a file that cannot be read or parsed.
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        let check = arguments.flag("--check"), showDiff = arguments.flag("--diff")
        let paths = arguments.positionals.isEmpty ? ["-"] : arguments.positionals
        if paths.filter({ $0 == "-" }).count > 1 {
            io.err("units-fmt: standard input (-) can be read only once\nTry 'units-fmt --help'.\n")
            return .usage
        }
        var renderer = DiagnosticRenderer(useColor: io.useColor(nil, terminal: io.errorIsTerminal))
        var unreadable = false, notCanonical = false, failed = false

        for path in paths {
            let name = path == "-" ? arguments.value("--stdin-filepath") ?? "<stdin>" : path
            let snapshot: AtomicRewrite.Snapshot?
            let original: [UInt8]
            if path == "-" {
                snapshot = nil
                original = io.readStandardInput()
            } else {
                do {
                    let read = try AtomicRewrite.read(path)
                    snapshot = read
                    original = read.bytes
                } catch {
                    io.err("units-fmt: \(error.description)\n")
                    unreadable = true
                    continue
                }
            }
            let formatted: [UInt8]
            switch Formatter.format(original, path: name) {
            case .formatted(let bytes): formatted = bytes
            case .refused(let errors):
                io.err(renderer.render(errors.sortedByPosition()))
                io.err("units-fmt: \(name): not formatted: \(errors.count) line\(errors.count == 1 ? "" : "s") that do not parse; fix \(errors.count == 1 ? "it" : "them") first\n")
                unreadable = true
                continue
            }
            let changed = formatted != original
            if showDiff {
                io.out(UnifiedDiff.diff(old: original, new: formatted, oldName: "a/\(name)", newName: "b/\(name)"))
            }
            if check || showDiff {
                if changed {
                    notCanonical = true
                    if check && !showDiff { io.out("\(name)\n") }
                }
                continue
            }
            guard let snapshot else {
                io.out(String(decoding: formatted, as: UTF8.self))
                continue
            }
            guard changed else { continue }
            do {
                try AtomicRewrite.replace(snapshot, with: formatted)
                io.out("\(name)\n")
            } catch {
                io.err("units-fmt: \(error.description)\n")
                failed = true
            }
        }
        if unreadable { return .usage }
        return notCanonical || failed ? .failure : .ok
    }
}
