import UnitsKit

/// `units init [FILE]`: creates a new journal; never overwrites one.
public enum InitCommand: Command {
    public static let name = "init"
    public static let summary = "Create a new journal with the version line, options and optional starter habits."
    public static let usage = "init [FILE] [--starter NAME|all]... [options]"
    public static let options: [OptionSpec] = [
        CommonOptions.file, CommonOptions.today,
        OptionSpec("--starter", value: "NAME", repeatable: true,
                   help: "Add starter habits: a template's name, units, picks, presets, all (the count-habit starters); list shows them."),
        OptionSpec("--since", value: "DATE", help: "Declare the starter habits on DATE instead of today, so earlier days can be logged."),
        OptionSpec("--week-start", value: "DAY", help: "First day of the week (default monday)."),
        OptionSpec("--day-start", value: "HH:MM", help: "When a new day starts (default 00:00; 04:00 for night owls)."),
    ]
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

    public static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        let tool = "units init"
        guard arguments.positionals.count <= 1 else { return WriteSupport.usage("unexpected argument '\(arguments.positionals[1])': one FILE at most", io: io, tool: tool) }
        if let file = arguments.value("--file"), let positional = arguments.positionals.first, file != positional {
            return WriteSupport.usage("two journals named: --file \(file) and '\(positional)'; give one", io: io, tool: tool)
        }
        let path = arguments.positionals.first ?? arguments.value("--file")
            ?? io.environment["UNITS_FILE"].flatMap { $0.isEmpty ? nil : $0 } ?? "habits.units"
        if path == "-" { return WriteSupport.usage("cannot create standard input; name a file", io: io, tool: tool) }
        var starters: [JournalTemplate.Starter] = []
        for name in arguments.all("--starter") {
            if name.lowercased() == "list" {
                io.out(JournalTemplate.listing)
                return .ok
            }
            guard let picked = JournalTemplate.pick(name) else {
                let names = JournalTemplate.templates.map(\.name) + ["all", "units", "picks", "presets", "list"]
                let hint = Suggestion.closest(to: name, in: names).map { "; did you mean '\($0)'?" } ?? " (`units init --starter list` shows them)"
                return WriteSupport.usage("no starter habit '\(name)'\(hint)", io: io, tool: tool)
            }
            starters += picked
        }
        var seen: Set<String> = []
        starters = starters.filter { seen.insert($0.name).inserted }
        var weekStart = Weekday.monday
        if let text = arguments.value("--week-start") {
            guard let day = Weekday(name: Array(text.lowercased().utf8)) else {
                return WriteSupport.usage("--week-start expects a weekday name (monday, mon, ...), got '\(text)'", io: io, tool: tool)
            }
            weekStart = day
        }
        let dayStart = arguments.value("--day-start") ?? "00:00"
        guard let dayStartMinutes = LogDay.parseClock("2000-01-01T" + dayStart)?.minutes else {
            return WriteSupport.usage("--day-start expects a time HH:MM from 00:00 to 23:59, got '\(dayStart)'", io: io, tool: tool)
        }
        let dates: WriteSupport.Dates
        switch WriteSupport.dates(arguments, io: io, tool: tool) {
        case .success(let d): dates = d
        case .failure(let code): return code
        }
        // The new journal's own day-start decides what today is.
        let today = dates.today(dayStartMinutes: dayStartMinutes, weekStart: weekStart)
        var declared = today
        if let since = arguments.value("--since") {
            if let failure = CommandDates.check(since, option: "--since", io: io, tool: tool) { return failure }
            declared = (try? PeriodParser(today: today, weekStart: weekStart).day(since)) ?? today
            if declared > today { return WriteSupport.usage("--since \(declared) is in the future (today is \(today))", io: io, tool: tool) }
        }
        let text = JournalTemplate.text(date: declared, weekStart: weekStart, dayStart: dayStart, starters: starters)
        // A link to a journal not made yet (a synced folder's): the journal
        // is made where it points, and the link then works.
        let target = FileReader.danglingLinkTarget(path)
        do {
            try AtomicRewrite.create(target ?? path, bytes: Array(text.utf8))
        } catch {
            return WriteSupport.report(.cannotWrite(error), io: io, tool: tool)
        }
        let habits = starters.isEmpty ? "" : " with \(starters.map(\.name).joined(separator: ", "))"
        let created = target.map { "\($0) (\(path) links to it)" } ?? path
        io.out("Created \(created)\(habits). Next: `units habit add NAME`, then `units log NAME`.\n")
        io.out(JournalTemplate.welcome(starters) + "\n")
        return .ok
    }
}
