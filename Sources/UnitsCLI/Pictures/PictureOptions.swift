import UnitsKit

/// Options every terminal picture shares, and how they resolve.
enum PictureOptions {
    static let ascii = Flag("--ascii", help: "Draw with ASCII only, for terminals without Unicode.")
    static let days = Option<Int>("--days", value: "N", range: 1...36_600, expects: "a number of days",
                                  help: "How many days to show, ending today.")

    static let all: [OptionSpec] = [GlobalOptions.file.spec, GlobalOptions.today.spec, days.spec, ReportOptions.from.spec,
                                    ReportOptions.to.spec, ReportOptions.period.spec, ReportOptions.season.spec,
                                    GlobalOptions.width.spec, GlobalOptions.color.spec, ascii.spec, GlobalOptions.json.spec]

    /// Everything a picture command needs.
    struct Context {
        var journal: Journal
        var today: CivilDate
        var range: DayRange
        var width: Int
        var style: TerminalStyle
        /// The habits the query selected, by id (all without a query).
        var selected: [Bool]
    }

    /// `--width`, else the terminal's width, else 80.
    static func width(_ arguments: ParsedArguments, io: CommandIO) -> Int {
        arguments[GlobalOptions.width] ?? io.terminalWidth ?? 80
    }

    static func context(_ arguments: ParsedArguments, io: CommandIO, defaultDays: Int, query: [String] = []) throws(ExitCode) -> Context {
        let tool = "units"
        // The journal, today and the period (--from, --to, --period, --season)
        // are read as every report reads them; so is the query, for pictures that take one.
        let report = try ReportOptions.context(arguments, io: io, tool: tool, query: query)
        let today = report.today
        let last = report.period.to.map { $0.adding(days: -1) } ?? today
        var first = report.period.from ?? last.adding(days: -(defaultDays - 1))
        if let days = arguments[Self.days] { first = last.adding(days: -(days - 1)) }
        guard first <= last else {
            io.err("\(tool): the period is empty: --from must come before --to\n")
            throw .usage
        }
        let style = TerminalStyle(color: io.useColor(arguments[GlobalOptions.color]), ascii: arguments[ascii])
        return Context(journal: report.journal, today: today, range: DayRange(first: first, last: last), width: width(arguments, io: io),
                       style: style, selected: report.filter.habitMask(report.journal))
    }

    /// The habit named by the first positional, if any.
    static func habit(_ arguments: ParsedArguments, in journal: Journal, io: CommandIO) throws(ExitCode) -> Habit? {
        guard let name = arguments.positionals.first else { return nil }
        if arguments.positionals.count > 1 {
            io.err("units: expected at most one habit name, got \(arguments.positionals.count)\n")
            throw .usage
        }
        guard let habit = journal.habit(named: name) else {
            let hint = Suggestion.closest(to: name, in: journal.habits.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
            io.err("units: no habit named '\(name)'\(hint)\n")
            throw .failure
        }
        return habit
    }
}
