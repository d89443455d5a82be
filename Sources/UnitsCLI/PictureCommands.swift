import UnitsKit

/// Options every terminal picture shares, and how they resolve.
enum PictureOptions {
    static let width = CommonOptions.width
    static let ascii = OptionSpec("--ascii", help: "Draw with ASCII only, for terminals without Unicode.")
    static let days = OptionSpec("--days", value: "N", help: "How many days to show, ending today.")

    static let all: [OptionSpec] = [CommonOptions.file, CommonOptions.today, days, ReportOptions.from, ReportOptions.to,
                                    ReportOptions.period, ReportOptions.season, width,
                                    CommonOptions.color, ascii, CommonOptions.json]

    /// Everything a picture command needs, or the exit code to stop with.
    struct Context {
        var journal: Journal
        var today: CivilDate
        var range: DayRange
        var width: Int
        var style: TerminalStyle
        /// The habits the query selected, by id (all without a query).
        var selected: [Bool]
    }

    /// `--width`, else the terminal's width, else 80; nil (after saying why) when invalid.
    static func width(_ arguments: ParsedArguments, io: CommandIO) -> Int? {
        guard let text = arguments.value("--width") else { return io.terminalWidth ?? 80 }
        guard let n = Int(text), n >= 20, n <= 1000 else {
            io.err("units: --width expects a number of columns from 20 to 1000, got '\(text)'\n")
            return nil
        }
        return n
    }

    static func context(_ arguments: ParsedArguments, io: CommandIO, defaultDays: Int, query: [String] = []) -> Result<Context, ExitCode> {
        let tool = "units"
        guard let width = width(arguments, io: io) else { return .failure(.usage) }
        if let color = arguments.value("--color"), !["auto", "always", "never"].contains(color) {
            io.err("\(tool): --color expects auto, always or never, got '\(color)'\n")
            return .failure(.usage)
        }
        var days: Int?
        if let text = arguments.value("--days") {
            guard let n = Int(text), n >= 1, n <= 36_600 else {
                io.err("\(tool): --days expects a number of days from 1 to 36600, got '\(text)'\n")
                return .failure(.usage)
            }
            days = n
        }
        // The journal, today and the period (--from, --to, --period, --season)
        // are read as every report reads them; so is the query, for pictures that take one.
        let report: ReportContext
        switch ReportOptions.context(arguments, io: io, tool: tool, query: query) {
        case .success(let c): report = c
        case .failure(let code): return .failure(code)
        }
        let today = report.today
        let last = report.period.to.map { $0.adding(days: -1) } ?? today
        var first = report.period.from ?? last.adding(days: -(defaultDays - 1))
        if let days { first = last.adding(days: -(days - 1)) }
        guard first <= last else {
            io.err("\(tool): the period is empty: --from must come before --to\n")
            return .failure(.usage)
        }
        let style = TerminalStyle(color: io.useColor(arguments.value("--color")), ascii: arguments.flag("--ascii"))
        return .success(Context(journal: report.journal, today: today, range: DayRange(first: first, last: last), width: width, style: style,
                                selected: report.filter.habitMask(report.journal)))
    }

    /// The habit named by the first positional, if any, or the error.
    static func habit(_ arguments: ParsedArguments, in journal: Journal, io: CommandIO) -> Result<Habit?, ExitCode> {
        guard let name = arguments.positionals.first else { return .success(nil) }
        if arguments.positionals.count > 1 {
            io.err("units: expected at most one habit name, got \(arguments.positionals.count)\n")
            return .failure(.usage)
        }
        guard let habit = journal.habit(named: name) else {
            let hint = Suggestion.closest(to: name, in: journal.habits.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
            io.err("units: no habit named '\(name)'\(hint)\n")
            return .failure(.failure)
        }
        return .success(habit)
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

    public static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        let c: PictureOptions.Context, habit: Habit?
        switch PictureOptions.context(arguments, io: io, defaultDays: 14) {
        case .success(let value): c = value
        case .failure(let code): return code
        }
        switch PictureOptions.habit(arguments, in: c.journal, io: io) {
        case .success(let value): habit = value
        case .failure(let code): return code
        }
        let ids: [Int]
        if let habit { ids = habit.isGroup ? habit.members : [habit.id] } else { ids = c.journal.habits.indices.filter { !c.journal.habits[$0].isGroup } }
        let wall = Wall(journal: c.journal, habits: ids, days: c.range)
        if arguments.flag("--json") {
            let output = io.dataOutput()
            wall.json(to: output)
            return .ok
        }
        io.out(FitWidth.lines(io.terminalSafe("\(habit?.displayName ?? "All habits") · \(c.range.first) to \(c.range.last)\n", arguments), width: c.width))
        // Written in pieces of whole lines (issue 14), each made safe for the terminal.
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

    public static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        let c: PictureOptions.Context, habit: Habit?
        switch PictureOptions.context(arguments, io: io, defaultDays: 364) {
        case .success(let value): c = value
        case .failure(let code): return code
        }
        switch PictureOptions.habit(arguments, in: c.journal, io: io) {
        case .success(let value): habit = value
        case .failure(let code): return code
        }
        let map = Heatmap(journal: c.journal, habit: habit, days: c.range, today: c.today)
        if arguments.flag("--json") {
            map.json(to: io.dataOutput())
            return .ok
        }
        let output = ReportOutput { io.out(io.terminalSafe($0, arguments)) }
        map.render(width: c.width, style: c.style, to: output)
        output.finish()
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

    public static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        let c: PictureOptions.Context
        switch PictureOptions.context(arguments, io: io, defaultDays: 30, query: arguments.positionals) {
        case .success(let value): c = value
        case .failure(let code): return code
        }
        let matrix = HistoryMatrix(journal: c.journal, today: c.today, range: c.range, selected: c.selected)
        if arguments.flag("--json") {
            let output = io.dataOutput()
            matrix.json(to: output)
            return .ok
        }
        // Written in pieces of whole lines (issue 14), each made safe for the terminal.
        let output = ReportOutput { io.out(io.terminalSafe($0, arguments)) }
        matrix.render(width: c.width, style: c.style, to: output)
        output.finish()
        return .ok
    }
}
