import UnitsKit

/// `units export --csv|--json|--timedot|--ledger`: the journal for
/// spreadsheets, scripts and hledger.
public enum ExportCommand: Command {
    public static let name = "export"
    public static let summary = "Export every entry as CSV, or the whole journal as JSON."
    public static let usage = "export [--csv | --json | --timedot | --ledger] [options]"
    public static let options: [OptionSpec] = [
        CommonOptions.file,
        OptionSpec("--csv", help: "One row per entry (the default); columns in Grammar/export.md."),
        OptionSpec("--json", help: "The whole model: habits, unit versions, groups, entries, tasks, seasons."),
        OptionSpec("--timedot", help: "hledger timedot: per day, one `habit  amount` line per habit (count habits' units; check-ins 1/0.5/0, skips left out)."),
        OptionSpec("--ledger", help: "hledger journal: per day, one transaction with a virtual posting per habit (amounts as --timedot)."),
        OptionSpec("--no-formula-guard", help: "CSV: write fields starting with = + - @ tab or CR as they are (by default they get a leading ' so spreadsheets do not run them)."),
    ]
    public static let discussion = """
        CSV columns (RFC 4180, CR LF row ends): date, habit, group, value, unit,
        measure, state, tags, note, file, line. `units import --from units`
        reads the CSV back.
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        if ["--csv", "--json", "--timedot", "--ledger"].filter({ arguments.flag($0) }).count > 1 {
            io.err("units export: choose one of --csv, --json, --timedot and --ledger\n"); return .usage
        }
        if let extra = arguments.positionals.first {
            io.err("units export: unexpected argument '\(extra)'\nTry 'units export --help'.\n"); return .usage
        }
        let journal: Journal
        // JSON writes every entry's tags and note: the parse keeps them
        // rather than reading those lines again. (The CSV writer reads
        // them again itself: at a million entries, keeping them cost more
        // memory than a third of the journal.)
        switch JournalLocator.load(arguments, io: io, tool: "units export") {
        case .success(let j): journal = j
        case .failure(let code): return code
        }
        let export = JournalExport(journal)
        if arguments.flag("--timedot") { io.outData(HledgerExport(journal).timedot()); return .ok }
        if arguments.flag("--ledger") { io.outData(HledgerExport(journal).ledger()); return .ok }
        if arguments.flag("--json") { io.outData(export.json()); return .ok }
        let output = io.dataOutput()
        export.writeCSV(guardFormulas: !arguments.flag("--no-formula-guard")) { output.write(utf8: $0) }
        output.finish()
        return .ok
    }
}
