import UnitsKit

/// `units habit delete NAME [--yes]`: removes a habit and its history in one
/// atomic, undoable rewrite, after showing what goes (the minimal tracker
/// spec's "This will delete 90 days of history").
public enum HabitDeleteCommand: Command {
    public static let name = "delete"
    public static let summary = "Delete a habit and all its lines, after a preview of what goes (archive keeps the history)."
    public static let usage = "delete NAME [--yes] [options]"
    static let yes = Flag("--yes", short: "y", help: "Delete without asking (needed when standard input is not a terminal).")
    public static let options: [OptionSpec] = WriteOptions.undated + [yes.spec]
    public static let discussion = """
        Prints what would be removed ("This deletes Reading: its declaration,
        1 unit, floor or goal change and 412 entries over 90 days (...)") and
        asks; --yes deletes without asking. Without --yes and without a
        terminal to ask on, nothing is deleted (exit 2). Tasks linked to the
        habit keep their lines and log to General. `units archive NAME` is
        the recommended way to stop a habit: it keeps the history. A delete
        is one atomic rewrite; `units undo` brings every line back.
        Refused: an unknown name, a group that still has members, a habit
        with lines in an included file. Answering anything but y/yes exits 1.

        Example: units habit delete Reading --yes
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let tool = "units habit delete"
        let habitName = try arguments.onlyWord("give one habit name, e.g. `units habit delete Reading`")
        let write = try WriteFrontend(arguments, io: io, tool: tool)
        // The preview, from the journal as it is now (read without the lock;
        // the write re-checks it under the lock).
        let journal = Journal.load(path: write.path)
        let shown: String
        do {
            if journal.diagnostics.contains(where: { $0.severity == .error }) { throw WriteRefusal("") }
            shown = try HabitDeletion(habitName, in: journal).preview
        } catch {
            // The write path reports it the same way a write would.
            return perform(write, habitName: habitName, shown: nil)
        }
        if arguments[yes] {
            // With --json, standard output is for the JSON alone.
            if arguments[GlobalOptions.json] { io.err(shown + "\n") } else { io.out(shown + "\n") }
        } else {
            io.err(shown + "\n")
            guard io.inputIsTerminal else {
                io.err("\(tool): not deleted: standard input is not a terminal to ask on; add --yes to delete (or `units archive \(habitName)` to keep the history)\n")
                return .usage
            }
            io.err("Delete \(habitName)? `units archive \(habitName)` keeps the history instead. [y/N] ")
            let answer = TextLine.trimmed(io.readAnswer() ?? "").lowercased()
            guard answer == "y" || answer == "yes" else {
                io.err("Nothing was deleted.\n")
                return .failure
            }
        }
        return perform(write, habitName: habitName, shown: shown)
    }

    static func perform(_ write: WriteFrontend, habitName: String, shown: String?) -> ExitCode {
        write.edit(decide: { (journal, _) throws(WriteRefusal) in
            let plan = try HabitDeletion(habitName, in: journal)
            if let shown, plan.preview != shown {
                throw WriteRefusal("the journal changed while you were deciding; nothing was deleted. Now: \(plan.preview)")
            }
            return EditChange(edits: plan.edits, summary: "Deleted \(plan.name)")
        }, done: { _ in "Deleted \(habitName) • \(WriteSupport.undoHint)" })
    }
}
