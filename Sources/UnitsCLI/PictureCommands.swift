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

/// `units wall [HABIT]`: the habit wall.
public enum WallCommand: Command {
    public static let name = "wall"
    public static let summary = "Draw the wall: a column a day, a block a unit (last 14 days)."
    public static let usage = "wall [HABIT] [options]"
    public static let options = PictureOptions.all
    public static let discussion = """
        Without a habit, all habits are stacked by colour. Past 50 blocks a day
        is drawn in bundles of 5 units (marked ×5); --json keeps the exact counts.
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let c = try PictureOptions.context(arguments, io: io, defaultDays: 14)
        let habit = try PictureOptions.habit(arguments, in: c.journal, io: io)
        let ids: [Int]
        if let habit { ids = habit.isGroup ? habit.members : [habit.id] } else { ids = c.journal.habits.indices.filter { !c.journal.habits[$0].isGroup } }
        let wall = Wall(journal: c.journal, habits: ids, days: c.range)
        if arguments[GlobalOptions.json] {
            let output = io.dataOutput()
            wall.json(to: output)
            return .ok
        }
        io.out(FitWidth.lines(io.terminalSafe("\(habit?.displayName ?? "All habits") · \(c.range.first) to \(c.range.last)\n", arguments), width: c.width))
        // Written in pieces of whole lines, each made safe for the terminal.
        let output = ReportOutput { io.out(io.terminalSafe($0, arguments)) }
        wall.render(width: c.width, style: c.style, to: output)
        output.finish()
        return .ok
    }
}

/// `units heatmap [HABIT]`: a GitHub-style year grid.
public enum HeatmapCommand: Command {
    public static let name = "heatmap"
    public static let summary = "Draw a GitHub-style grid of the last 52 weeks."
    public static let usage = "heatmap [HABIT] [options]"
    public static let options = PictureOptions.all
    public static let discussion = """
        Count habits shade by quartile of units per day; check habits show YES
        bright, KINDA dull, NO empty. Without a habit: the day score (the mean
        of 1 / 0.5 / 0 over the day's check habits), or units for count journals.
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let c = try PictureOptions.context(arguments, io: io, defaultDays: 364)
        let habit = try PictureOptions.habit(arguments, in: c.journal, io: io)
        let map = Heatmap(journal: c.journal, habit: habit, days: c.range, today: c.today)
        io.out(arguments[GlobalOptions.json] ? map.json() : io.terminalSafe(map.render(width: c.width, style: c.style), arguments))
        return .ok
    }
}

/// `units history`: the consistency matrix.
public enum HistoryCommand: Command {
    public static let name = "history"
    public static let summary = "Draw the consistency matrix: habits by days, most recent first."
    public static let usage = "history [options] [QUERY...]"
    public static let options: [OptionSpec] = PictureOptions.all
    public static let discussion = """
        ● done  ◐ kinda  ○ missed  · not expected (skip, pause, off-schedule)
        ◌ today, not yet logged; blank before the habit existed or while archived.
        Count habits show their units. N/week and N/month habits are judged per
        week (month): a day is missed only when its finished week fell short.
        The last rows count, per day, the check-ins done of those due.

        \(ReportOptions.queryHelp)
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let c = try PictureOptions.context(arguments, io: io, defaultDays: 30, query: arguments.positionals)
        let matrix = HistoryMatrix(journal: c.journal, today: c.today, range: c.range, selected: c.selected)
        if arguments[GlobalOptions.json] {
            let output = io.dataOutput()
            matrix.json(to: output)
            return .ok
        }
        // Written in pieces of whole lines, each made safe for the terminal.
        let output = ReportOutput { io.out(io.terminalSafe($0, arguments)) }
        matrix.render(width: c.width, style: c.style, to: output)
        output.finish()
        return .ok
    }
}
