import UnitsKit

/// `units init [FILE]`: creates a new journal; never overwrites one.
public enum InitCommand: Command {
    public static let name = "init"
    public static let summary = "Create a new journal with the version line, options and optional starter habits."
    public static let usage = "init [FILE] [--starter NAME|all]... [options]"
    static let starter = Option<String>("--starter", value: "NAME", repeatable: true,
        help: "Add starter habits: a template's name, units, picks, presets, all (the count-habit starters); list shows them.")
    static let since = Option<String>("--since", value: "DATE", help: "Declare the starter habits on DATE instead of today, so earlier days can be logged.")
    static let weekStart = Option<String>("--week-start", value: "DAY", help: "First day of the week (default monday).")
    static let dayStart = Option<String>("--day-start", value: "HH:MM", help: "When a new day starts (default 00:00; 04:00 for night owls).")
    public static let options: [OptionSpec] = [GlobalOptions.file.spec, GlobalOptions.today.spec, starter.spec, since.spec, weekStart.spec, dayStart.spec,
                                               GlobalOptions.json.spec]
    public static let discussion = """
        FILE defaults to --file, then $UNITS_FILE, then ./habits.units. Starter
        habits are declared today, or on the day --since names (a habit cannot
        be logged before its declaration). An existing file is never overwritten.
        Templates (`--starter list` prints them): the count-habit starters (Reading,
        Gym, Writing, Study, Walk, Coding: count habits with their unit sizes
        and a floor of 5/week), the quick picks (Read, Exercise,
        Meditate, Journal, No-scrolling, Drink-water, Cook, Call-family: check
        habits with preset frequencies) and the quantitative presets
        (Pages: goal 10 pages, min 1 page; Movement, Sleep, Deep-work).

        Examples:
          units init --starter Reading --starter Walk
          units init --starter picks
          units init --starter Reading --since 2025-01-01
          units init --starter list
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let tool = "units init"
        guard arguments.positionals.count <= 1 else { throw UsageError("unexpected argument '\(arguments.positionals[1])': one FILE at most") }
        if let file = arguments[GlobalOptions.file], let positional = arguments.positionals.first, file != positional {
            throw UsageError("two journals named: --file \(file) and '\(positional)'; give one")
        }
        let path = arguments.positionals.first ?? arguments[GlobalOptions.file]
            ?? io.environment["UNITS_FILE"].flatMap { $0.isEmpty ? nil : $0 } ?? "habits.units"
        if path == "-" { throw UsageError("cannot create standard input; name a file") }
        var starters: [JournalTemplate.Starter] = []
        for name in arguments.all(starter) {
            if name.lowercased() == "list" {
                if arguments[GlobalOptions.json] { throw UsageError("--starter list prints a text listing; leave out --json") }
                io.out(JournalTemplate.listing)
                return .ok
            }
            guard let picked = JournalTemplate.pick(name) else {
                let names = JournalTemplate.templates.map(\.name) + ["all", "units", "picks", "presets", "list"]
                let hint = Suggestion.closest(to: name, in: names).map { "; did you mean '\($0)'?" } ?? " (`units init --starter list` shows them)"
                throw UsageError("no starter habit '\(name)'\(hint)")
            }
            starters += picked
        }
        var seen: Set<String> = []
        starters = starters.filter { seen.insert($0.name).inserted }
        var weekStart = Weekday.monday
        if let text = arguments[Self.weekStart] {
            guard let day = Weekday(name: Array(text.lowercased().utf8)) else {
                throw UsageError("--week-start expects a weekday name (monday, mon, ...), got '\(text)'")
            }
            weekStart = day
        }
        let dayStart = arguments[Self.dayStart] ?? "00:00"
        guard let dayStartMinutes = LogDay.parseClock("2000-01-01T" + dayStart)?.minutes else {
            throw UsageError("--day-start expects a time HH:MM from 00:00 to 23:59, got '\(dayStart)'")
        }
        let dates = try CommandDates.read(arguments, io: io, tool: tool)
        // The new journal's own day-start decides what today is.
        let today = dates.today(dayStartMinutes: dayStartMinutes, weekStart: weekStart)
        var declared = today
        if let since = arguments[Self.since] {
            try CommandDates.check(since, option: "--since", io: io, tool: tool)
            declared = (try? PeriodParser(today: today, weekStart: weekStart).day(since)) ?? today
            if declared > today { throw UsageError("--since \(declared) is in the future (today is \(today))") }
        }
        let text = JournalTemplate.text(date: declared, weekStart: weekStart, dayStart: dayStart, starters: starters)
        // A link to a journal not made yet (a synced folder's): the journal
        // is made where it points, and the link then works.
        let target = FileReader.danglingLinkTarget(path)
        do {
            try FileCommit.create(target ?? path, bytes: Array(text.utf8))
        } catch {
            return WriteSupport.report(.cannotWrite(error), io: io, tool: tool)
        }
        let habits = starters.isEmpty ? "" : " with \(starters.map(\.name).joined(separator: ", "))"
        let created = target.map { "\($0) (\(path) links to it)" } ?? path
        let message = "Created \(created)\(habits). Next: `units habit add NAME`, then `units log NAME`."
        if arguments[GlobalOptions.json] {
            WriteJSON(command: tool, file: path, message: message, lines: WriteJSON.lines(of: Array(text.utf8)),
                      appended: false, undoWarning: nil).say(asJSON: true, io: io, tool: tool)
            return .ok
        }
        io.out(message + "\n")
        io.out(JournalTemplate.welcome(starters) + "\n")
        return .ok
    }
}
