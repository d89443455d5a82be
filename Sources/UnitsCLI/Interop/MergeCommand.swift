import UnitsKit

/// `units merge BASE OURS THEIRS`: the git merge driver for journals.
public enum MergeCommand: Command {
    public static let name = "merge"
    public static let summary = "Merge two versions of a journal (a git merge driver): entries from both sides all kept."
    public static let usage = "merge [BASE-FILE] OURS-FILE THEIRS-FILE [JOURNAL-NAME]"
    public static let options: [OptionSpec] = []
    public static let maximumPositionals: Int? = 4
    public static let discussion = """
        Writes the merge into OURS-FILE, as git expects of a merge driver; the
        rule is in Grammar/format.md, "Merging". Entries added on both sides are
        all kept (a walk logged on two devices is two walks), in date order; the
        same declaration or task added on both sides is kept once; a habit renamed
        on one side takes along the other side's new lines. A change made two ways,
        or one the linter would reject (two different declarations of one habit),
        is left between conflict markers and the exit status is 1; so is a result
        with lines that do not parse (a side held conflict markers, junk or NUL
        bytes that the other did not remove). The result
        keeps OURS-FILE's line ending, and is canonical when a side was.
        JOURNAL-NAME (git's %P) names the journal in messages.

        Given two files and no base (OURS-FILE THEIRS-FILE), the base is found
        as for a conflict copy (`units resolve`): an earlier version of
        OURS-FILE from the undo stack, from the versions units last read or
        wrote, or from git history. Without one, the base is the records both
        hold: a line only one side holds is kept, so a deletion made on one
        side comes back; those lines are listed on standard error.

        Set up once per repository:
          echo '*.units merge=units' >> .gitattributes
          git config merge.units.driver 'units merge %O %A %B %P'
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        if arguments.positionals.count == 2 { return twoWay(arguments.positionals[0], arguments.positionals[1], io: io) }
        guard arguments.positionals.count == 3 || arguments.positionals.count == 4 else {
            io.err("units merge: expected three files, BASE OURS THEIRS (git's %O %A %B), and optionally the journal's name (%P), or two files OURS THEIRS; got \(arguments.positionals.count)\nTry 'units merge --help'.\n")
            return .usage
        }
        let paths = Array(arguments.positionals.prefix(3))
        let name = arguments.positionals.count == 4 ? arguments.positionals[3] : paths[1]
        // Read and merge in a scope of their own, so that the versions are
        // freed before the result is written.
        let merged: Result<JournalMerge.Result, ExitCode> = {
            let ours: [UInt8], theirs: [UInt8], base: (common: Int, rest: [UInt8])
            do {
                ours = try FileReader.readBytes(atPath: paths[1])
                theirs = try FileReader.readBytes(atPath: paths[2])
                // The base is read against both sides: its shared beginning is never held.
                base = try FileReader.readSharing(atPath: paths[0], with: ours, theirs)
            } catch {
                io.err("units merge: \(name): cannot read \(error)\n")
                return .failure(.usage)
            }
            return .success(JournalMerge.merge(ours: ours, theirs: theirs, baseCommon: base.common, baseRest: base.rest))
        }()
        let result: JournalMerge.Result
        switch merged {
        case .success(let r): result = r
        case .failure(let code): return code
        }
        do { try InteropFileWriter.replace(atPath: paths[1], with: result.bytes) } catch {
            io.err("units merge: \(name): cannot write \(error)\n"); return .failure
        }
        return report(result, name: name, io: io)
    }

    /// `units merge OURS THEIRS`: no base, the merge `units resolve` makes
    /// of a conflict copy (`TwoWayMerge`), written into OURS.
    static func twoWay(_ oursPath: String, _ theirsPath: String, io: CommandIO) -> ExitCode {
        let ours: [UInt8], theirs: [UInt8]
        do {
            ours = try FileReader.readBytes(atPath: oursPath)
            theirs = try FileReader.readBytes(atPath: theirsPath)
        } catch {
            io.err("units merge: cannot read \(error)\n")
            return .usage
        }
        let base = KnownBases.base(ours: ours, theirs: theirs, path: oursPath, undoDirectory: WriteSupport.undoDirectory(io), environment: io.environment)
        let merged = TwoWayMerge.merge(ours: ours, theirs: theirs, base: base,
                                       oursLabel: FileReader.fileName(of: oursPath), theirsLabel: FileReader.fileName(of: theirsPath))
        do { try InteropFileWriter.replace(atPath: oursPath, with: merged.result.bytes) } catch {
            io.err("units merge: \(oursPath): cannot write \(error)\n"); return .failure
        }
        if !merged.broughtBack.isEmpty, merged.result.isClean {
            io.err("units merge: \(oursPath): no base given, so these \(merged.broughtBack.count) line\(merged.broughtBack.count == 1 ? "" : "s") only one side held were kept (each added there, or deleted on the other side and brought back: delete those again):\n")
            for (side, line) in merged.broughtBack.prefix(20) { io.err("  \(TerminalText.escaped(side)): \(TerminalText.escaped(line))\n") }
            if merged.broughtBack.count > 20 { io.err("  ... and \(merged.broughtBack.count - 20) more\n") }
        }
        return report(merged.result, name: oursPath, io: io)
    }

    /// The merge's notes, unparsed lines and conflicts on standard error; the exit code.
    static func report(_ result: JournalMerge.Result, name: String, io: CommandIO) -> ExitCode {
        for note in result.notes { io.err("units merge: \(name): \(note)\n") }
        if !result.unparsed.isEmpty {
            // A side held lines that do not parse: git must not record the
            // merge as clean, so it is left to be fixed as a conflict is.
            for error in result.unparsed.prefix(20) { io.err("units merge: \(name):\(error)\n") }
            if result.unparsed.count > 20 { io.err("units merge: \(name): \(result.unparsed.count - 20) more lines that do not parse\n") }
            io.err("units merge: \(name): the merged journal has lines that do not parse (a side held them); fix them, then `units-lint \(name)`\n")
            return .failure
        }
        if result.hasConflicts {
            io.err("units merge: \(name): \(result.conflicts) conflict\(result.conflicts == 1 ? "" : "s") left with markers; resolve, then `units-lint \(name)`\n")
            return .failure
        }
        return .ok
    }
}
