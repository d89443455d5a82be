import UnitsKit

/// `units rename OLD NEW [--dry-run]`: renames a habit or group everywhere.
public enum RenameCommand: Command {
    public static let name = "rename"
    public static let summary = "Rename a habit or group in every line of the journal and its includes."
    public static let usage = "rename OLD NEW [--dry-run] [options]"
    public static let options: [OptionSpec] = [
        CommonOptions.file,
        OptionSpec("--dry-run", short: "n", help: "Show the change as a diff; write nothing."),
    ]
    public static let discussion = """
        Every line that names OLD (its declaration, entries, unit, floor, archive
        and pause lines, task links, `group:` attributes) is rewritten; notes,
        comments, tags, titles and seasons are left alone. Each file is written
        to a temporary file, flushed and renamed over the old one, keeping its
        permissions. Refused: a journal with errors, an unknown OLD, a NEW that
        already exists or is not a valid name, and a file that changed meanwhile.
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        let tool = "units rename"
        guard arguments.positionals.count == 2 else {
            return WriteSupport.usage("expected OLD NEW, e.g. `units rename Reading Read`", io: io, tool: tool)
        }
        let old = arguments.positionals[0], new = arguments.positionals[1]
        if let problem = WriteValidation.nameProblem(new) { return WriteSupport.usage(problem, io: io, tool: tool) }
        let path: String
        switch WriteSupport.path(arguments, io: io, tool: tool) {
        case .success(let p): path = p
        case .failure(let code): return code
        }
        // Snapshots first, so the plan is made from exactly the bytes that
        // the commit will check are still there.
        let root: AtomicRewrite.Snapshot
        do { root = try AtomicRewrite.read(path) } catch { return WriteSupport.report(.cannotWrite(error), io: io, tool: tool) }
        let journal = Journal(tree: Parser.parse(SourceFile(path: path, bytes: root.bytes)))
        let errors = journal.diagnostics.filter { $0.severity == .error }
        if !errors.isEmpty { return WriteSupport.report(.invalidJournal(errors), io: io, tool: tool) }
        do throws(WriteRefusal) {
            _ = try WriteSupport.habit(old, in: journal, allowGroup: true)
            if let problem = RenamePlan.refusal(journal: journal, renaming: old, to: new) { throw WriteRefusal(problem) }
        } catch {
            return WriteSupport.report(.refused(error.message), io: io, tool: tool)
        }
        let plan = RenamePlan(journal: journal, renaming: old, to: new)
        let files = plan.files.count
        let summary = "\(plan.references) reference\(plan.references == 1 ? "" : "s") in \(files) file\(files == 1 ? "" : "s")"
        if let problems = check(plan, journal: journal, path: path) {
            return WriteSupport.report(.wouldBreak(problems), io: io, tool: tool)
        }
        if arguments.flag("--dry-run") {
            io.out(plan.diff())
            io.out("Would rename \(old) to \(new): \(summary). Nothing was written (--dry-run).\n")
            return .ok
        }
        // Prepare every file, then commit: a failure while preparing leaves
        // all files untouched.
        var pending: [AtomicRewrite.Pending] = []
        do throws(WriteError) {
            for edit in plan.files {
                let snapshot = edit.path == path ? root : try AtomicRewrite.read(edit.path)
                guard snapshot.bytes == edit.before else {
                    throw WriteError(path: edit.path, reason: "the file changed while it was read; nothing was rewritten, run the command again")
                }
                pending.append(try AtomicRewrite.prepare(snapshot, bytes: edit.after))
            }
            for rewrite in pending { try AtomicRewrite.commit(rewrite) }
        } catch {
            pending.forEach { $0.discard() }
            return WriteSupport.report(.cannotWrite(error), io: io, tool: tool)
        }
        io.out("Renamed \(old) to \(new): \(summary).\n")
        return .ok
    }

    /// The renamed journal must read without errors and mean the same
    /// (as many habits and entries); otherwise the diagnostics.
    static func check(_ plan: RenamePlan, journal: Journal, path: String) -> [Diagnostic]? {
        var edited: [String: [UInt8]] = [:]
        for edit in plan.files { edited[FileReader.canonicalPath(edit.path)] = edit.after }
        let replaced = edited
        let loader = JournalLoader { file in
            if let bytes = replaced[FileReader.canonicalPath(file)] { return bytes }
            return try FileReader.readBytes(atPath: file)
        }
        let rootBytes = replaced[FileReader.canonicalPath(path)] ?? journal.files[0].file.bytes
        let renamed = Journal(tree: Parser.parse(SourceFile(path: path, bytes: rootBytes)), loader: loader)
        let errors = renamed.diagnostics.filter { $0.severity == .error }
        if !errors.isEmpty { return errors }
        if renamed.habits.count != journal.habits.count || renamed.entries.count != journal.entries.count
            || renamed.habit(named: plan.new) == nil || renamed.habit(named: plan.old) != nil {
            return [Diagnostic(.error, rule: "rename", "the renamed journal would not mean the same; nothing was written (please report this)", path: path)]
        }
        return nil
    }
}
