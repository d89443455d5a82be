import UnitsKit

/// `units undo`: takes back the lines the last writing command appended.
public enum UndoCommand: Command {
    public static let name = "undo"
    public static let summary = "Take back what the last `units log` (or other writing command) appended."
    public static let usage = "undo [options]"
    public static let options: [OptionSpec] = [CommonOptions.file]
    public static let discussion = """
        Removes exactly the bytes the last write appended, a multi-unit add or a
        whole habit declaration included, leaving the file byte for byte as it
        was. It refuses, and says why, when the file changed since that write:
        the line was edited or removed, or lines were added after it. There is no
        undo of an undo. The record of the last write is kept next to the
        journal in `.NAME.undo` (for habits.units: .habits.units.undo).
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
        switch JournalUndo.perform(path: path) {
        case .failure(let failure):
            return WriteSupport.report(failure, io: io, tool: tool)
        case .success(let outcome):
            let what = outcome.record.summary.isEmpty ? "the last write" : outcome.record.summary
            io.out("Undone: \(what) (removed `\(outcome.record.appendedText)`)\n")
            return .ok
        }
    }
}
