import UnitsKit

/// `units merge BASE OURS THEIRS`: the git merge driver for journals.
public enum MergeCommand: Command {
    public static let name = "merge"
    public static let summary = "Merge two versions of a journal (a git merge driver): appended lines never conflict."
    public static let usage = "merge BASE-FILE OURS-FILE THEIRS-FILE"
    public static let options: [OptionSpec] = []
    public static let discussion = """
        Writes the merge into OURS-FILE, as git expects of a merge driver. Lines
        appended on both sides (entries, tasks, done lines) are all kept, each
        once, in date order; a line changed two ways is left between conflict
        markers and the exit status is 1.

        Set up once per repository:
          echo '*.units merge=units' >> .gitattributes
          git config merge.units.driver 'units merge %O %A %B'
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        guard arguments.positionals.count == 3 else {
            io.err("units merge: expected three files, BASE OURS THEIRS (git's %O %A %B), got \(arguments.positionals.count)\nTry 'units merge --help'.\n")
            return .usage
        }
        let paths = arguments.positionals
        var versions: [[UInt8]] = []
        for path in paths {
            do { versions.append(try FileReader.readBytes(atPath: path)) } catch {
                io.err("units merge: cannot read \(error)\n"); return .usage
            }
        }
        let result = JournalMerge.merge(base: versions[0], ours: versions[1], theirs: versions[2])
        do { try InteropFileWriter.replace(atPath: paths[1], with: result.bytes) } catch {
            io.err("units merge: cannot write \(error)\n"); return .failure
        }
        if result.hasConflicts {
            io.err("units merge: \(result.conflicts) conflict\(result.conflicts == 1 ? "" : "s") left with markers in \(paths[1])\n")
            return .failure
        }
        return .ok
    }
}
