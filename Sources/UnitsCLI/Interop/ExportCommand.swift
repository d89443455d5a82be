import UnitsKit

/// `units export --csv|--json|--timedot|--ledger`: the journal for
/// spreadsheets, scripts and hledger.
public enum ExportCommand: Command {
    public static let name = "export"
    public static let summary = "Export every entry as CSV, or the whole journal as JSON."
    public static let usage = "export [--csv | --json | --timedot | --ledger] [options]"
    static let csv = Flag("--csv", help: "One row per entry (the default); columns in Grammar/export.md.")
    static let json = Flag("--json", help: "The whole model: habits, unit versions, groups, entries, tasks, seasons.")
    static let timedot = Flag("--timedot", help: "hledger timedot: per day, one `habit  amount` line per habit (count habits' units; check-ins 1/0.5/0, skips left out).")
    static let ledger = Flag("--ledger", help: "hledger journal: per day, one transaction with a virtual posting per habit (amounts as --timedot).")
    static let noFormulaGuard = Flag("--no-formula-guard", help: "CSV: write fields starting with = + - @ tab or CR as they are (by default they get a leading ' so spreadsheets do not run them).")
    public static let options: [OptionSpec] = [GlobalOptions.file.spec, csv.spec, json.spec, timedot.spec, ledger.spec, noFormulaGuard.spec]
    public static let discussion = """
        CSV columns (RFC 4180, CR LF row ends): date, habit, group, value, unit,
        measure, state, tags, note, file, line. `units import --from units`
        reads the CSV back.
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        if [csv, json, timedot, ledger].filter({ arguments[$0] }).count > 1 {
            throw UsageError("choose one of --csv, --json, --timedot and --ledger")
        }
        if let extra = arguments.positionals.first {
            throw UsageError("unexpected argument '\(extra)'")
        }
        let journal = try JournalLocator.load(arguments, io: io, tool: "units export")
        let export = JournalExport(journal)
        if arguments[timedot] { io.outData(HledgerExport(journal).timedot()); return .ok }
        if arguments[ledger] { io.outData(HledgerExport(journal).ledger()); return .ok }
        if arguments[json] { io.outData(export.json()); return .ok }
        export.writeCSV(to: io.dataOutput(), guardFormulas: !arguments[noFormulaGuard])
        return .ok
    }
}
