import UnitsKit

/// `units today` (what plain `units` runs): the day so far.
public enum TodayCommand: Command {
    public static let name = "today"
    public static let summary = "Today: units so far, each habit's today/week/lifetime, check-ins, open tasks, the habit of the day."
    public static let usage = "[today] [--streak] [options] [QUERY...]"
    public static let options = ReportOptions.all(csv: true) + [PictureOptions.width, PictureOptions.ascii,
        OptionSpec("--streak", help: "Add the good-day streak (days on which every due must-do was done). Off by default: no streak shame.")]
    public static let discussion = ReportOptions.queryHelp

    public static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        guard let width = PictureOptions.width(arguments, io: io) else { return .usage }
        switch ReportOptions.context(arguments, io: io, tool: "units today", query: arguments.positionals) {
        case .failure(let code): return code
        case .success(let context):
            let report = TodayReport(context)
            let pictureStyle = TerminalStyle(color: io.useColor(arguments.value("--color")), ascii: arguments.flag("--ascii"))
            // The pile is for effort journals; a pure check-in journal has no units to stack.
            // The pile counts what "Total Units" counts: the query and the period apply.
            // (Today is in the report's grid: no second pass over the journal.)
            let pile = report.countsUnits ? Pile(grid: report.grid, day: context.today)
                .render(width: width, style: pictureStyle, header: false) : nil
            // Streaks stay out of the day view unless asked for (the Units and minimal documents' rule).
            let streak = arguments.flag("--streak") ? StreaksReport(context) : nil
            return ReportOptions.stream(arguments, io: io, tool: "units today", fit: { FitWidth.lines($0, width: width, ascii: arguments.flag("--ascii")) },
                text: { report.text(style: ReportOptions.style(arguments, io: io), pile: pile, streak: streak, width: width, to: $0) },
                json: report.json(to:), csv: report.csv(to:))
        }
    }
}

/// `units stats`: this week, rolling averages, lifetime, per habit.
public enum StatsCommand: Command {
    public static let name = "stats"
    public static let summary = "This week, rolling 7/30/90-day averages, lifetime units and active habits, per habit and in total."
    public static let usage = "stats [options] [QUERY...]"
    public static let options = ReportOptions.all(csv: true)
    public static let discussion = ReportOptions.queryHelp

    public static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        switch ReportOptions.context(arguments, io: io, tool: "units stats", query: arguments.positionals) {
        case .failure(let code): return code
        case .success(let context):
            let report = StatsReport(context)
            return ReportOptions.stream(arguments, io: io, tool: "units stats",
                text: { report.text(style: ReportOptions.style(arguments, io: io), to: $0) }, json: report.json(to:), csv: report.csv(to:))
        }
    }
}

/// `units habit NAME`: one habit or group in detail.
public enum HabitCommand: Command {
    public static let name = "habit"
    public static let summary = "One habit on one screen: badges, today, week, lifetime, averages, streak, 7- and 30-day consistency, the last 30 days, units, pace."
    public static let usage = "habit NAME [options] [QUERY...]\n       units habit add NAME [options]"
    public static let options = ReportOptions.all(csv: false) + [PictureOptions.width, PictureOptions.ascii]
    /// `units habit add NAME` declares a habit (Write); any other word is a habit to report on.
    public static var subcommands: [any Command.Type] { [HabitAddCommand.self, HabitSetCommand.self, HabitDeleteCommand.self] }

    public static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        guard let name = arguments.positionals.first else {
            io.err("units habit: expected a habit name, as in `units habit Reading`\nTry 'units habit --help'.\n")
            return .usage
        }
        let query = Array(arguments.positionals.dropFirst())
        switch ReportOptions.context(arguments, io: io, tool: "units habit", query: query.filter { $0.contains(":") }) {
        case .failure(let code): return code
        case .success(let context):
            guard let id = context.journal.habitID(named: name) else {
                let names = context.journal.habits.map(\.name)
                let hint = Suggestion.closest(to: name, in: names).map { "; did you mean '\($0)'?" }
                    ?? Suggestion.closestCommand(to: name, in: subcommands.map { $0.name }).map { "; did you mean `units habit \($0)`?" } ?? ""
                io.err("units habit: no habit or group named '\(name)'\(hint)\n")
                return .failure
            }
            // One habit is shown: a second name would only narrow it to nothing.
            if let other = query.first(where: { !$0.contains(":") }) {
                io.err("units habit: shows one habit; '\(other)' is not a query term here: run `units habit \(other)` for that one, or narrow with tag:, note:, value:, date:\nTry 'units habit --help'.\n")
                return .usage
            }
            guard let width = PictureOptions.width(arguments, io: io) else { return .usage }
            let screen = HabitScreen(context, habit: id)
            let pictures = TerminalStyle(color: io.useColor(arguments.value("--color")), ascii: arguments.flag("--ascii"))
            return ReportOptions.emit(arguments, io: io, tool: "units habit",
                text: { io.terminalSafe(screen.text(style: ReportOptions.style(arguments, io: io), pictures: pictures, width: width), arguments) },
                json: screen.json)
        }
    }
}

/// `units receipt`: last week in one sentence.
public enum ReceiptCommand: Command {
    public static let name = "receipt"
    public static let summary = "Last week's receipt: units, average per day, change against the week before."
    public static let usage = "receipt [options] [QUERY...]"
    public static let options = ReportOptions.all(csv: false)
    public static let discussion = ReportOptions.queryHelp

    public static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        switch ReportOptions.context(arguments, io: io, tool: "units receipt", query: arguments.positionals) {
        case .failure(let code): return code
        case .success(let context):
            let report = ReceiptReport(context)
            return ReportOptions.emit(arguments, io: io, tool: "units receipt",
                text: { io.terminalSafe(report.text(style: ReportOptions.style(arguments, io: io)), arguments) }, json: report.json)
        }
    }
}

/// `units insights`: consistency over a window.
public enum InsightsCommand: Command {
    public static let name = "insights"
    public static let summary = "Consistency over the last 30 days (or --period): overall, per habit, by weekday."
    public static let usage = "insights [options] [QUERY...]"
    public static let options = ReportOptions.all(csv: true)
    public static let discussion = "Examples: units insights --period 'last 7 days'; units insights -p 2025-11.\n\n" + ReportOptions.queryHelp

    public static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        switch ReportOptions.context(arguments, io: io, tool: "units insights", query: arguments.positionals) {
        case .failure(let code): return code
        case .success(let context):
            let report = InsightsReport(context)
            return ReportOptions.stream(arguments, io: io, tool: "units insights",
                text: { report.text(today: context.today, style: ReportOptions.style(arguments, io: io), to: $0) },
                json: { report.json(today: context.today, to: $0) }, csv: report.csv(to:))
        }
    }
}

/// `units next`: the habit of the day.
public enum NextCommand: Command {
    public static let name = "next"
    public static let summary = "The habit of the day: the one that would most benefit from a few units today."
    public static let usage = "next [options] [QUERY...]"
    public static let options = ReportOptions.all(csv: false)
    public static let discussion = """
        For each active habit with a floor above 0: deficit = max(0, floor - units this
        week), score = 2 x deficit + (3 if no units in the last 7 days). Highest score
        wins, ties to the earlier declaration; if every score is 0, the most recently
        logged habit.
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        switch ReportOptions.context(arguments, io: io, tool: "units next", query: arguments.positionals) {
        case .failure(let code): return code
        case .success(let context):
            let pick = HabitOfTheDay.pick(context)
            func nextLine() -> String {
                guard let pick else { return "No habit of the day yet. Start with one unit.\n" }
                let habit = context.journal.habits[pick.habit]
                var line = ReportOptions.style(arguments, io: io).bold(habit.displayName)
                switch pick.reason {
                case .deficit:
                    var why: [String] = []
                    if pick.deficit > .zero { why.append("\(ReportText.count(pick.deficit, habit.unit(on: context.today).name)) to this week's floor") }
                    if pick.unitsLast7Days == .zero { why.append("none in the last 7 days") }
                    line += " — " + why.joined(separator: ", ")
                case .mostRecent:
                    line += " — most recently logged"
                }
                return line + "\n"
            }
            return ReportOptions.emit(arguments, io: io, tool: "units next", text: { io.terminalSafe(nextLine(), arguments) }, json: {
                let w = JSONWriter()
                w.object {
                    w.field("schema", 1)
                    w.field("report", "next")
                    w.field("today", context.today.description)
                    w.key("habit")
                    if let pick { pick.write(to: w, journal: context.journal) } else { w.null() }
                }
                return w.finish()
            })
        }
    }
}

/// `units streaks`: the only view with streaks.
public enum StreaksCommand: Command {
    public static let name = "streaks"
    public static let summary = "Current and longest streaks of check habits, and the good-day streak (only here, on request)."
    public static let usage = "streaks [options] [QUERY...]"
    public static let options = ReportOptions.all(csv: true)
    public static let discussion = ReportOptions.queryHelp

    public static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        switch ReportOptions.context(arguments, io: io, tool: "units streaks", query: arguments.positionals) {
        case .failure(let code): return code
        case .success(let context):
            let report = StreaksReport(context)
            return ReportOptions.emit(arguments, io: io, tool: "units streaks",
                text: { io.terminalSafe(report.text(style: ReportOptions.style(arguments, io: io)), arguments) }, json: report.json, csv: report.csv)
        }
    }
}

/// `units status`: one line for a prompt.
public enum StatusCommand: Command {
    public static let name = "status"
    public static let summary = "One short line for a shell prompt or status bar: 12u · 3/5 must · Reading under pace."
    public static let usage = "status [--strip] [options] [QUERY...]"
    public static let options = [OptionSpec("--strip", help: "Add the last seven days as a strip: ● all done, ◐ some, ○ none, · nothing expected, ◌ today not yet.")]
        + ReportOptions.all(csv: false)

    public static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        switch ReportOptions.context(arguments, io: io, tool: "units status", query: arguments.positionals) {
        case .failure(let code): return code
        case .success(let context):
            let report = StatusReport(context)
            let strip = arguments.flag("--strip")
            return ReportOptions.emit(arguments, io: io, tool: "units status", text: { io.terminalSafe(report.line(strip: strip) + "\n", arguments) }, json: report.json)
        }
    }
}
