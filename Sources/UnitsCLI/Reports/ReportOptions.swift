import UnitsKit

/// Options and plumbing every report shares: the journal, today, the
/// period (`--from`, `--to`, `--period`, `--season`), the query (positional
/// terms) and the output format (`--json`, `--csv`, `--color`).
public enum ReportOptions {
    public static let from = Option<String>("--from", short: "b", value: "DATE",
        help: "Count entries on or after DATE (2025-12-14, 2025-12, 2025Q1, 2025).")
    public static let to = Option<String>("--to", short: "e", value: "DATE",
        help: "Count entries before DATE; the end is exclusive, as in hledger.")
    public static let period = Option<String>("--period", short: "p", value: "PERIOD",
        help: "Count entries in PERIOD: 'this week', 'last month', 'last 30 days', 2025-12, 2025Q1, 'from A to B'.")
    public static let season = Option<String>("--season", value: "NAME", help: "Count entries in the season NAME only.")
    public static let csv = Flag("--csv", help: "Print CSV (RFC 4180).")

    /// The options of a report, with `--csv` for tabular ones.
    public static func all(csv tabular: Bool) -> [OptionSpec] {
        var list = [GlobalOptions.file.spec, GlobalOptions.today.spec, from.spec, to.spec, period.spec, season.spec, GlobalOptions.json.spec]
        if tabular { list.append(csv.spec) }
        list.append(GlobalOptions.color.spec)
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
                               query: [String]) throws(ExitCode) -> ReportContext {
        let journal = try JournalLocator.load(arguments, io: io, tool: "units")
        let today = try JournalLocator.today(arguments, io: io, tool: tool, journal: journal)
        let parser = PeriodParser(today: today, weekStart: journal.options.weekStart)
        var period = Period.all
        func usage(_ option: String, _ text: String, _ error: PeriodError) -> ExitCode {
            io.errPointing(at: error.offset, in: text, tool: tool, what: option, error.message)
            return .usage
        }
        for (option, bound) in [(from, true), (to, false)] {
            guard let text = arguments[option] else { continue }
            do {
                let point = try parser.parse(text)
                period = period.intersection(bound ? Period(from: point.from) : Period(to: point.from))
            } catch { throw usage(option.spec.name, text, error) }
        }
        if let text = arguments[Self.period] {
            do { period = period.intersection(try parser.parse(text)) } catch { throw usage("--period", text, error) }
        }
        if let name = arguments[season] {
            guard let season = journal.seasons.first(where: { $0.name == name }) else {
                let names = journal.seasons.map(\.name)
                let hint = Suggestion.closest(to: name, in: names).map { "; did you mean '\($0)'?" }
                    ?? (names.isEmpty ? "; the journal has no seasons" : "; seasons: " + names.joined(separator: ", "))
                io.err("\(tool): --season: no season named '\(name)'\(hint)\n")
                throw .usage
            }
            period = period.intersection(Period(season.days))
        }
        let filter: QueryFilter
        do { filter = try QueryFilter(parsing: query, periods: parser) } catch {
            io.errPointing(at: error.offset, in: query[error.argument], tool: tool, what: "query", error.message)
            throw .usage
        }
        if let term = filter.termsNamingNothing(in: journal).first {
            io.err("\(tool): \(namingNothing(term, in: journal))\nTry '\(tool) --help'.\n")
            throw .usage
        }
        return ReportContext(journal: journal, today: today, period: period, filter: filter)
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
    public static func style(_ arguments: ParsedArguments, io: CommandIO) -> TerminalStyle {
        TerminalStyle(color: io.useColor(arguments[GlobalOptions.color]))
    }

    /// Prints one of a report's renderings (text, `--json`, `--csv`), each
    /// written to one output in pieces; `--json` and `--csv` together are a
    /// usage error. The text goes through `terminalSafe`, then `fit` (a
    /// width cut), a few whole lines at a time, which gives the same bytes
    /// as the whole at once.
    public static func stream(_ arguments: ParsedArguments, io: CommandIO, tool: String, fit: ((String) -> String)? = nil,
                              text: (ReportOutput) -> Void, json: (ReportOutput) -> Void,
                              csv: ((ReportOutput) -> Void)? = nil) -> ExitCode {
        let asJSON = arguments[GlobalOptions.json], asCSV = arguments[Self.csv]
        if asJSON && asCSV {
            io.err("\(tool): choose one of --json and --csv\n")
            return .usage
        }
        let output: ReportOutput
        if asJSON || (asCSV && csv != nil) {
            output = io.dataOutput()
        } else {
            output = ReportOutput { chunk in
                let safe = io.terminalSafe(chunk, arguments)
                io.out(fit.map { $0(safe) } ?? safe)
            }
        }
        if asJSON { json(output) } else if asCSV, let csv { csv(output) } else { text(output) }
        output.finish()
        return .ok
    }
}
