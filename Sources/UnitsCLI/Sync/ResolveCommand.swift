import UnitsKit

/// `units resolve`: folds the conflict copies a sync service left beside the
/// journal (Syncthing, Dropbox, Nextcloud, iCloud Drive, ...) into it.
public enum ResolveCommand: Command {
    public static let name = "resolve"
    public static let summary = "Fold the conflict copies a sync service left beside the journal into it."
    public static let usage = "resolve [--dry-run] [--keep-copies] [options]"
    static let dryRun = Flag("--dry-run", short: "n", help: "Show the change as a diff; write nothing.")
    static let keepCopies = Flag("--keep-copies", help: "Keep each folded copy aside as COPY.folded instead of removing it.")
    public static let options: [OptionSpec] = [GlobalOptions.file.spec, dryRun.spec, keepCopies.spec, GlobalOptions.json.spec]
    public static let discussion = """
        Syncthing, Dropbox, Nextcloud, iCloud Drive, Google Drive and OneDrive
        do not merge a file two devices changed between syncs: they leave a
        second file beside it (habits.sync-conflict-20251214-101530-ABCDEFG.units,
        "habits (Ana's conflicted copy 2025-12-14).units", "habits 2.units", ...;
        the patterns are in Grammar/format.md, "Conflict copies"). Every command
        says so when it sees one. `units resolve` folds each copy of the journal
        and of its includes into its file with the rule of `units merge`: every
        entry of either file kept with its multiplicity, an entry only one side
        added not doubled. The base is the newest earlier version that the
        other file still holds whole: from this device's undo stack (of the
        journal or of the copy), then the versions units last read or wrote
        here, then git history when the folder is a repository; without one,
        a line deleted on one side comes back, and those lines are listed. A
        change made two ways (a declaration changed on both devices) is left
        between conflict markers, the copy is kept and the exit status is 1. A
        copy that does not parse is kept and named (file:line:column), and
        nothing is written. Folded copies are removed (--keep-copies: kept
        aside as COPY.folded); `units undo` gives back the journal and the
        copies. With --json, what was written (or, with --dry-run, would be)
        is one JSON object, as every write prints it (docs/commands.md). See
        docs/sync-without-git.md.
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let tool = "units resolve"
        guard arguments.positionals.isEmpty else {
            throw UsageError("resolve takes no arguments; it finds the copies beside the journal")
        }
        let path = try WriteSupport.path(arguments, io: io, tool: tool, noticingCopies: false)
        let dryRun = arguments[Self.dryRun]
        let settings = WriteSupport.settings(io, tool: tool, today: nil)
        let outcome: ConflictResolve.Outcome
        switch ConflictResolve.perform(path: path, settings: settings, dryRun: dryRun, keepAside: arguments[keepCopies],
                                       environment: io.environment) {
        case .failure(let failure): return WriteSupport.report(failure, io: io, tool: tool)
        case .success(let o): outcome = o
        }
        let json = arguments[GlobalOptions.json]
        // What is said on standard output: each sentence in words, or with
        // --json all of them as the message of one object.
        var sentences: [String] = []
        func said(undoWarning: String? = nil) {
            let written = outcome.changed.flatMap { UnifiedDiff.insertedLines(old: $0.before, new: $0.after) }
            WriteJSON(command: tool, file: path, message: sentences.joined(separator: " "), lines: written, appended: false,
                      undoWarning: undoWarning, wouldWrite: dryRun ? outcome.changed.map { ($0.path, $0.after) } : [])
                .say(asJSON: true, io: io, tool: tool)
        }
        func say(_ sentence: String) {
            if json { sentences.append(sentence) } else { io.out(TerminalText.escaped(sentence) + "\n") }
        }
        if outcome.copies.isEmpty {
            say("No conflict copies beside \(path).")
            if json { said() }
            return .ok
        }
        if !outcome.unreadable.isEmpty {
            var renderer = io.diagnosticRenderer()
            for copy in outcome.unreadable {
                io.err(renderer.render(copy.errors.sortedByPosition()))
                io.err("\(tool): \(TerminalText.escaped(copy.copy.path)) does not parse; it was kept and nothing was written. Fix it (see `units-lint`) and run `units resolve` again\n")
            }
            return .failure
        }
        if dryRun && !json {
            for (file, before, after) in outcome.changed {
                io.outData(UnifiedDiff.diff(old: before, new: after, path: file))
            }
        }
        let verb = dryRun ? "Would fold" : "Folded"
        for fold in outcome.folds {
            let copy = TerminalText.escaped(fold.copy.path), into = TerminalText.escaped(fold.copy.original)
            for note in fold.notes { io.err("\(tool): \(copy): \(note)\n") }
            if fold.conflicts > 0 {
                io.err("\(tool): \(copy): \(fold.conflicts) conflict\(fold.conflicts == 1 ? "" : "s") \(dryRun ? "would be" : "were") left with markers in \(into); the copy is kept. Settle them, run `units-lint \(into)`, then delete the copy\n")
                continue
            }
            say("\(verb) \(fold.copy.path) (\(fold.copy.service.rawValue)) into \(fold.copy.original)\(fold.usedBase ? "" : " without a known common version").")
            if !fold.broughtBack.isEmpty {
                io.err("\(tool): \(copy): no earlier version of \(into) both sides share is known, so these \(fold.broughtBack.count) line\(fold.broughtBack.count == 1 ? "" : "s") only one side held \(dryRun ? "would be" : "were") kept (each added there, or deleted on the other side and brought back: delete those again):\n")
                for (side, line) in fold.broughtBack.prefix(20) { io.err("  \(TerminalText.escaped(side)): \(TerminalText.escaped(line))\n") }
                if fold.broughtBack.count > 20 { io.err("  ... and \(fold.broughtBack.count - 20) more\n") }
            }
        }
        if dryRun {
            say("Nothing was written (--dry-run).")
        } else {
            for aside in outcome.keptAside { say("Kept the copy aside as \(aside).") }
            let removed = outcome.removed.count
            if removed > 0 {
                let message = "Removed \(removed) cop\(removed == 1 ? "y" : "ies") • \(WriteSupport.undoHint)"
                if json { sentences.append(message) } else {
                    WriteJSON(command: tool, file: path, message: message, lines: [], appended: false, undoWarning: outcome.undoWarning)
                        .say(asJSON: false, io: io, tool: tool)
                }
            }
        }
        if json { said(undoWarning: dryRun ? nil : outcome.undoWarning) }
        return outcome.conflicts > 0 ? .failure : .ok
    }
}
