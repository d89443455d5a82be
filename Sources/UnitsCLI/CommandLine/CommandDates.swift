import UnitsKit

/// The one notion of "today" and the one reading of dates on a command line:
/// the clock's day (`$UNITS_NOW` in tests) shifted by `option day-start`, or
/// `--today`; every date option is read by `PeriodParser.day`.
struct CommandDates {
    /// `--today` as given (a relative one is resolved against the clock's day).
    var todayText: String?
    /// `--date` as given (resolved against today).
    var dateText: String?
    /// `$UNITS_NOW`, when set.
    var clock: (date: CivilDate, minutes: Int)?

    /// Reads `--today`, `--date` and `$UNITS_NOW`, refusing (exit 2) a date
    /// that cannot be read before anything else is done.
    static func read(_ arguments: ParsedArguments, io: CommandIO, tool: String) throws(ExitCode) -> CommandDates {
        var dates = CommandDates(todayText: arguments[GlobalOptions.today], dateText: arguments[WriteOptions.date])
        if let text = io.environment["UNITS_NOW"], !text.isEmpty {
            guard let clock = LogDay.parseClock(text) else {
                io.err("\(tool): UNITS_NOW expects YYYY-MM-DDTHH:MM, got '\(text)'\n")
                throw .usage
            }
            dates.clock = clock
        }
        for (option, text) in [("--today", dates.todayText), ("--date", dates.dateText)] {
            if let text { try check(text, option: option, io: io, tool: tool) }
        }
        return dates
    }

    /// Exit 2 with a caret under the problem when `text` is not one day.
    static func check(_ text: String, option: String, io: CommandIO, tool: String) throws(ExitCode) {
        do {
            _ = try PeriodParser(today: .minimum.adding(days: 10_000)).day(text)
        } catch {
            var error = error
            if error.message.hasPrefix("expected a date such as") {
                error.message = "expected a day such as 2025-12-14, today, yesterday, -3 or mon, got '\(text)'"
            }
            io.errPointing(at: error.offset, in: text, tool: tool, what: option, error.message)
            throw .usage
        }
    }

    /// The clock's journal day when days start `dayStartMinutes` after midnight.
    func clockDay(dayStartMinutes: Int) -> CivilDate {
        LogDay.day(now: clock ?? SystemClock.now(), dayStartMinutes: dayStartMinutes)
    }

    /// Today for a journal with these options.
    func today(dayStartMinutes: Int, weekStart: Weekday = .monday) -> CivilDate {
        let day = clockDay(dayStartMinutes: dayStartMinutes)
        guard let todayText else { return day }
        return (try? PeriodParser(today: day, weekStart: weekStart).day(todayText)) ?? day
    }

    /// Today for `journal` (its `day-start` and `week-start`).
    func today(_ journal: Journal) -> CivilDate {
        today(dayStartMinutes: journal.options.dayStartMinutes, weekStart: journal.options.weekStart)
    }

    /// `--date` resolved for `journal`, if given.
    func date(_ journal: Journal) -> CivilDate? {
        guard let dateText else { return nil }
        return day(dateText, journal)
    }

    /// Any checked date text (`--from`, `--until`) resolved against today.
    func day(_ text: String, _ journal: Journal) -> CivilDate? {
        try? PeriodParser(today: today(journal), weekStart: journal.options.weekStart).day(text)
    }

    /// The date for a new line: `--date`, else today. A date after today
    /// is refused: a journal records what happened. A plan (a pin of
    /// tomorrow's tasks) may be `allowingFuture`.
    func lineDate(_ journal: Journal, allowingFuture: Bool = false) throws(WriteRefusal) -> CivilDate {
        let today = today(journal)
        guard let date = date(journal) else { return today }
        if date > today, !allowingFuture { throw WriteRefusal("\(date) is in the future (today is \(today)); log what happened") }
        return date
    }
}
