import UnitsKit

/// `units undo`: takes back the last write; again, the one before.
public enum UndoCommand: Command {
    public static let name = "undo"
    public static let summary = "Take back the last write by units (again: the one before, up to 50)."
    public static let usage = "undo [--list] [options]"
    static let list = Flag("--list", help: "Show the writes that can be undone, newest first; change nothing.")
    public static let options: [OptionSpec] = [GlobalOptions.file.spec, list.spec, GlobalOptions.json.spec]
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

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let tool = "units undo"
        guard arguments.positionals.isEmpty else {
            throw UsageError("undo takes no arguments; it takes back the last write")
        }
        let path = try WriteSupport.path(arguments, io: io, tool: tool)
        let directory = WriteSupport.undoDirectory(io)
        if arguments[list] {
            switch JournalUndo.list(path: path, directory: directory) {
            case .failure(let failure):
                return WriteSupport.report(failure, io: io, tool: tool)
            case .success(let records):
                if arguments[GlobalOptions.json] {
                    let w = JSONWriter()
                    w.object {
                        w.field("schema", 1)
                        w.field("file", path)
                        w.key("writes")
                        w.array {
                            for record in records {
                                w.object { w.field("summary", record.summary); w.field("text", record.appendedText) }
                            }
                        }
                    }
                    io.outData(w.finish())
                    return .ok
                }
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
            let message = "Undone: \(what)\(removed)\(more)"
            guard arguments[GlobalOptions.json] else { io.out(message + "\n"); return .ok }
            var json = WriteJSON(command: tool, file: path, message: message, lines: shown.isEmpty ? [] : shown.split(separator: "\n").map(String.init),
                                 appended: false, undoWarning: nil)
            json.linesKey = "removed"
            io.outData(json.json(totals: nil))
            return .ok
        }
    }
}
