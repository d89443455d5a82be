import UnitsKit

/// `units merge BASE OURS THEIRS`: the git merge driver for journals.
public enum MergeCommand: Command {
    public static let name = "merge"
    public static let summary = "Merge two versions of a journal (a git merge driver): lines logged on two devices never conflict."
    public static let usage = "merge BASE-FILE OURS-FILE THEIRS-FILE [JOURNAL-NAME]"
    public static let options: [OptionSpec] = []
    public static let discussion = """
        Writes the merge into OURS-FILE, as git expects of a merge driver
        (Grammar/format.md, section 22). Lines added on both sides are all kept,
        with their multiplicity (a walk logged on two devices is two walks), in
        date order; formatting differences never conflict; the result uses
        OURS-FILE's line ending. The result is linted: what the rule can settle
        (a declaration or task added on both sides, a rename on one side) is
        settled; anything else in dispute is left between conflict markers and
        the exit status is 1. JOURNAL-NAME (git's %P) names the journal in
        messages instead of git's temporary file.

        Set up once per repository:
          echo '*.units merge=units' >> .gitattributes
          git config merge.units.driver 'units merge %O %A %B %P'
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        guard arguments.positionals.count == 3 || arguments.positionals.count == 4 else {
            io.err("units merge: expected three files, BASE OURS THEIRS (git's %O %A %B), and optionally the journal's name (%P); got \(arguments.positionals.count) arguments\nTry 'units merge --help'.\n")
            return .usage
        }
        let paths = Array(arguments.positionals.prefix(3))
        let name = arguments.positionals.count == 4 ? arguments.positionals[3] : paths[1]
        var versions: [[UInt8]] = []
        for path in paths {
            do { versions.append(try FileReader.readBytes(atPath: path)) } catch {
                io.err("units merge: cannot read \(error)\n"); return .usage
            }
        }
        let result = JournalMerge.merge(base: versions[0], ours: versions[1], theirs: versions[2])
        do { try InteropFileWriter.replace(atPath: paths[1], with: result.bytes) } catch {
            io.err("units merge: cannot write \(name): \(error)\n"); return .failure
        }
        for resolution in result.resolutions { io.err("units merge: \(name): \(resolution)\n") }
        if result.hasConflicts {
            io.err("units merge: \(result.conflicts) conflict\(result.conflicts == 1 ? "" : "s") left with markers in \(name)\n")
            return .failure
        }
        return .ok
    }
}
