import UnitsKit

/// `units undo`: takes back the last write; again, the one before.
public enum UndoCommand: Command {
    public static let name = "undo"
    public static let summary = "Take back the last write by units (again: the one before, up to 50)."
    public static let usage = "undo [--list] [options]"
    public static let options: [OptionSpec] = [
        CommonOptions.file,
        OptionSpec("--list", help: "Show the writes that can be undone, newest first; change nothing."),
    ]
    public static let discussion = """
        Each writing command (log, habit add, task, unit, floor, archive, rename,
        import, units-fmt, ...) records what it changed. `units undo` takes back
        the newest write byte for byte, a rewrite (a backfill, a corrected
        check-in, a re-aligned block) as exactly as an append; run it again to
        take back the write before, up to the last 50. It refuses, and says why,
        when the file changed since that write (edited by hand, written by
        another program). Records are kept outside your folder, in
        $XDG_STATE_HOME/units/undo/ (default ~/.local/state/units/undo/), one
        file per journal.
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        let tool = "units undo"
        guard arguments.positionals.isEmpty else {
            return WriteSupport.usage("undo takes no arguments; it takes back the last write", io: io, tool: tool)
        }
        let path: String
        switch WriteSupport.path(arguments, io: io, tool: tool) {
        case .success(let p): path = p
        case .failure(let code): return code
        }
        let directory = WriteSupport.undoDirectory(io)
        if arguments.flag("--list") {
            switch JournalUndo.list(path: path, directory: directory) {
            case .failure(let failure):
                return WriteSupport.report(failure, io: io, tool: tool)
            case .success(let records):
                if records.isEmpty { io.out("Nothing to undo for \(path).\n"); return .ok }
                for (index, record) in records.enumerated() {
                    let what = record.summary.isEmpty ? "a write" : record.summary
                    io.outData("\(index + 1). \(what) (`\(record.appendedText)`)\n")
                }
                return .ok
            }
        }
        switch JournalUndo.perform(path: path, directory: directory, wait: WriteSupport.lockWait(io, tool: tool), notice: WriteSupport.notice(io, tool: tool)) {
        case .failure(let failure):
            return WriteSupport.report(failure, io: io, tool: tool)
        case .success(let outcome):
            let what = outcome.record.summary.isEmpty ? "the last write" : outcome.record.summary
            let shown = outcome.record.appendedText
            let removed = shown.isEmpty ? "" : " (removed `\(shown)`)"
            let more = outcome.remaining == 0 ? "" : " • \(outcome.remaining) more can be undone"
            io.out("Undone: \(what)\(removed)\(more)\n")
            return .ok
        }
    }
}
