import UnitsKit

/// Options and plumbing every report shares: the journal, today, the
/// period (`--from`, `--to`, `--period`, `--season`), the query (positional
/// terms) and the output format (`--json`, `--csv`, `--color`).
public enum ReportOptions {
    public static let from = OptionSpec("--from", short: "b", value: "DATE",
        help: "Count entries on or after DATE (2025-12-14, 2025-12, 2025Q1, 2025).")
    public static let to = OptionSpec("--to", short: "e", value: "DATE",
        help: "Count entries before DATE; the end is exclusive, as in hledger.")
    public static let period = OptionSpec("--period", short: "p", value: "PERIOD",
        help: "Count entries in PERIOD: 'this week', 'last month', 'last 30 days', 2025-12, 2025Q1, 'from A to B'.")
    public static let season = OptionSpec("--season", value: "NAME", help: "Count entries in the season NAME only.")
    public static let csv = OptionSpec("--csv", help: "Print CSV (RFC 4180).")

    /// The options of a report, with `--csv` for tabular ones.
    public static func all(csv tabular: Bool) -> [OptionSpec] {
        var list = [CommonOptions.file, CommonOptions.today, from, to, period, season, CommonOptions.json]
        if tabular { list.append(csv) }
        list.append(CommonOptions.color)
        return list
    }

    public static let queryHelp = """
        Query terms (after the options) narrow what is counted: a bare word matches
        habit names, group:NAME, tag:NAME, note:TEXT, value:>N (<, <=, >=, =),
        date:PERIOD, and not:TERM negates. Terms on one field are ORed, on
        different fields ANDed. See Grammar/queries.md.
        """

    /// Loads the journal and reads today, the period and the query.
    public static func context(_ arguments: ParsedArguments, io: CommandIO, tool: String,
                               query: [String]) -> Result<ReportContext, ExitCode> {
        let journal: Journal
        switch JournalLocator.load(arguments, io: io, tool: "units") {
        case .success(let j): journal = j
        case .failure(let code): return .failure(code)
        }
        let today: CivilDate
        switch JournalLocator.today(arguments, io: io, tool: tool, journal: journal) {
        case .success(let d): today = d
        case .failure(let code): return .failure(code)
        }
        let parser = PeriodParser(today: today, weekStart: journal.options.weekStart)
        var period = Period.all
        func usage(_ option: String, _ text: String, _ error: PeriodError) -> ExitCode {
            io.err("\(tool): \(option): \(error.message)\n  \(text)\n  \(String(repeating: " ", count: DisplayWidth.of(String(decoding: Array(text.utf8).prefix(error.offset), as: UTF8.self))))^\n")
            return .usage
        }
        for (option, bound) in [("--from", true), ("--to", false)] {
            guard let text = arguments.value(option) else { continue }
            do {
                let point = try parser.parse(text)
                period = period.intersection(bound ? Period(from: point.from) : Period(to: point.from))
            } catch { return .failure(usage(option, text, error)) }
        }
        if let text = arguments.value("--period") {
            do { period = period.intersection(try parser.parse(text)) } catch { return .failure(usage("--period", text, error)) }
        }
        if let name = arguments.value("--season") {
            guard let season = journal.seasons.first(where: { $0.name == name }) else {
                let names = journal.seasons.map(\.name)
                let hint = Suggestion.closest(to: name, in: names).map { "; did you mean '\($0)'?" }
                    ?? (names.isEmpty ? "; the journal has no seasons" : "; seasons: " + names.joined(separator: ", "))
                io.err("\(tool): --season: no season named '\(name)'\(hint)\n")
                return .failure(.usage)
            }
            period = period.intersection(Period(season.days))
        }
        let filter: QueryFilter
        do { filter = try QueryFilter(parsing: query, periods: parser) } catch {
            let text = query[error.argument]
            let prefix = String(decoding: Array(text.utf8).prefix(error.offset), as: UTF8.self)
            io.err("\(tool): query: \(error.message)\n  \(text)\n  \(String(repeating: " ", count: DisplayWidth.of(prefix)))^\n")
            return .failure(.usage)
        }
        if let term = filter.termsNamingNothing(in: journal).first {
            io.err("\(tool): \(namingNothing(term, in: journal))\nTry '\(tool) --help'.\n")
            return .failure(.usage)
        }
        return .success(ReportContext(journal: journal, today: today, period: period, filter: filter))
    }

    /// Why a query word that selects nothing was refused, with the closest name.
    static func namingNothing(_ term: QueryFilter.Term, in journal: Journal) -> String {
        let word = term.text
        if term.field == .group {
            let groups = journal.habits.filter(\.isGroup).map(\.name)
            let hint = Suggestion.closest(to: word, in: groups).map { "; did you mean 'group:\($0)'?" }
                ?? (groups.isEmpty ? "; the journal has no groups" : "; groups: " + groups.joined(separator: ", "))
            return "no group named '\(word)'\(hint)"
        }
        if UnitsTool.command(named: word) != nil {
            return "'\(word)' is a command, not a habit: put the command first (units \(word) ...); options may come before or after it"
        }
        if journal.seasons.contains(where: { $0.name == word }) {
            return "'\(word)' is a season, not a habit: narrow to it with --season \(word)"
        }
        let names = journal.habits.filter { !$0.isBuiltIn || $0.name == Journal.generalHabitName }.map(\.name)
        if let guess = Suggestion.closest(to: word, in: names) {
            return "no habit or group matches '\(word)'; did you mean '\(guess)'?"
        }
        if let command = Suggestion.closestCommand(to: word, in: UnitsTool.commands.map { $0.name }), word.first?.isLowercase == true {
            return "no habit or group matches '\(word)'; did you mean the command '\(command)' (put it first)?"
        }
        return "no habit or group matches '\(word)' (habits: \(names.joined(separator: ", "))); fields are written tag:, note:, value:, date:"
    }

    /// The terminal style for standard output.
    public static func style(_ arguments: ParsedArguments, io: CommandIO) -> TextStyle {
        TextStyle(useColor: io.useColor(arguments.value("--color")))
    }

    /// Prints one of the three renderings; `--json` and `--csv` together are a usage error.
    public static func emit(_ arguments: ParsedArguments, io: CommandIO, tool: String,
                            text: () -> String, json: () -> String, csv: (() -> String)? = nil) -> ExitCode {
        if arguments.flag("--json") && arguments.flag("--csv") {
            io.err("\(tool): choose one of --json and --csv\n")
            return .usage
        }
        if arguments.flag("--json") { io.outData(json()) } else if arguments.flag("--csv"), let csv { io.outData(csv()) } else { io.out(text()) }
        return .ok
    }

    /// `emit` for a report that writes itself in pieces (issue 14: a
    /// register of five million rows is never one string). The text goes
    /// through `terminalSafe`, then `fit` (a width cut), a few whole lines
    /// at a time, which gives the same bytes as the whole at once.
    public static func stream(_ arguments: ParsedArguments, io: CommandIO, tool: String, fit: ((String) -> String)? = nil,
                              text: (ReportOutput) -> Void, json: (ReportOutput) -> Void,
                              csv: ((ReportOutput) -> Void)? = nil) -> ExitCode {
        if arguments.flag("--json") && arguments.flag("--csv") {
            io.err("\(tool): choose one of --json and --csv\n")
            return .usage
        }
        let output: ReportOutput
        if arguments.flag("--json") || (arguments.flag("--csv") && csv != nil) {
            output = io.dataOutput()
        } else {
            output = ReportOutput { chunk in
                let safe = io.terminalSafe(chunk, arguments)
                io.out(fit.map { $0(safe) } ?? safe)
            }
        }
        if arguments.flag("--json") { json(output) } else if arguments.flag("--csv"), let csv { csv(output) } else { text(output) }
        output.finish()
        return .ok
    }
}
