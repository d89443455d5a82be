import UnitsKit

/// `units rename OLD NEW [--dry-run]`: renames a habit or group everywhere.
public enum RenameCommand: Command {
    public static let name = "rename"
    public static let summary = "Rename a habit or group in every line of the journal and its includes."
    public static let usage = "rename OLD NEW [--dry-run] [options]"
    static let dryRun = Flag("--dry-run", short: "n", help: "Show the change as a diff; write nothing.")
    public static let options: [OptionSpec] = [GlobalOptions.file.spec, dryRun.spec, GlobalOptions.json.spec]
    public static let discussion = """
        Every line that names OLD (its declaration, entries, unit, floor, archive
        and pause lines, task links, `group:` attributes) is rewritten; notes,
        comments, tags, titles and seasons are left alone; an aligned block is
        re-printed so it stays aligned. Every file is locked, then each is
        written to a temporary file, flushed and renamed over the old one
        (keeping its permissions); across includes all files change or none
        (a crash in between is finished by the next write). Refused: a journal
        with errors, an unknown OLD, a NEW that already exists or is not a valid
        name, a file that changed meanwhile or has other hard links.
        `units undo` takes the rename back.
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let tool = "units rename"
        guard arguments.positionals.count == 2 else {
            throw UsageError("expected OLD NEW, e.g. `units rename Reading Read`")
        }
        let old = arguments.positionals[0], new = arguments.positionals[1]
        if let problem = WriteValidation.nameProblem(new) { throw UsageError(problem) }
        let path = try WriteSupport.path(arguments, io: io, tool: tool)
        // The plan is made under the journal's lock, from exactly the
        // bytes that will be replaced.
        let settings = WriteSupport.settings(io, tool: tool, today: nil)
        let root: LockedFile
        do { root = try JournalWrite.open(path, settings: settings) } catch { return WriteSupport.report(.cannotWrite(error), io: io, tool: tool) }
        defer { root.close() }
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
        // With --json: the renamed lines, from every file.
        func said(_ message: String, warning: String?) {
            let lines = plan.files.flatMap { edit in
                zip(String(decoding: edit.before, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false),
                    String(decoding: edit.after, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false))
                    .filter { $0 != $1 }.map { String($1) }
            }
            WriteJSON(command: tool, file: path, message: message, lines: lines, appended: false, undoWarning: warning,
                      wouldWrite: arguments[dryRun] ? plan.files.map { ($0.path, $0.after) } : [])
                .say(asJSON: arguments[GlobalOptions.json], io: io, tool: tool)
        }
        if arguments[dryRun] {
            let message = "Would rename \(old) to \(new): \(summary). Nothing was written (--dry-run)."
            if arguments[GlobalOptions.json] { said(message, warning: nil); return .ok }
            io.outData(plan.diff())
            io.out(message + "\n")
            return .ok
        }
        let edits = plan.files.map { (path: $0.path, before: $0.before, after: $0.after) }
        var warning: String?
        switch JournalWrite.commitFiles(edits, root: root, summary: "Renamed \(old) to \(new)", settings: settings) {
        case .failure(let failure): return WriteSupport.report(failure, io: io, tool: tool)
        case .success(let undoError): warning = undoError.map { "renamed, but `units undo` will not be able to take it back: \($0)" }
        }
        said("Renamed \(old) to \(new): \(summary) • \(WriteSupport.undoHint)", warning: warning)
        return .ok
    }

    /// The renamed journal must read without errors and mean the same
    /// (as many habits and entries); otherwise the diagnostics.
    static func check(_ plan: RenamePlan, journal: Journal, path: String) -> [Diagnostic]? {
        var edited: [String: [UInt8]] = [:]
        for edit in plan.files { edited[FileReader.canonicalPath(edit.path)] = edit.after }
        let rootBytes = edited[FileReader.canonicalPath(path)] ?? journal.files[0].file.bytes
        let renamed = Journal(tree: Parser.parse(SourceFile(path: path, bytes: rootBytes)), loader: .fileSystem(overlay: edited))
        let errors = renamed.diagnostics.filter { $0.severity == .error }
        if !errors.isEmpty { return errors }
        if renamed.habits.count != journal.habits.count || renamed.entries.count != journal.entries.count
            || renamed.habit(named: plan.new) == nil || renamed.habit(named: plan.old) != nil {
            return [Diagnostic(.error, rule: "rename", "the renamed journal would not mean the same; nothing was written (please report this)", path: path)]
        }
        return nil
    }
}
