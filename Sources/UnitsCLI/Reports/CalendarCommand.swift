import UnitsKit

/// `units calendar`: the reminders as an iCalendar feed for a phone's calendar.
public enum CalendarCommand: Command {
    public static let name = "calendar"
    public static let summary = "Write the reminders (remind:, option remind-morning/-evening) and open tasks as an iCalendar feed for a phone's calendar."
    public static let usage = "calendar [--out FILE] [--days N] [options]"
    static let days = Option<Int>("--days", value: "N", range: 1...366, expects: "a number of days",
                                  help: "Cover today and the N - 1 days after it (1 to 366; default \(defaultDays)).")
    public static let options = [PageOutput.out.spec, days.spec, GlobalOptions.file.spec, GlobalOptions.today.spec]
    public static let maximumPositionals: Int? = 0
    static let defaultDays = 14

    public static let discussion = """
        One event with an alarm for each reminder on each day it falls: a
        habit's `remind: 21:00` on the days the habit is expected and not yet
        done (not paused, not archived, not skipped, not once an N/week quota
        is met), and the day reminders of `option remind-morning 08:00` and
        `option remind-evening 21:30`; each open task is an all-day event today.
        Times are floating (the phone's own clock). Event ids stay the same
        from one run to the next, so a calendar that subscribes to the file
        updates its events. Write it where the phone can subscribe, and again
        after each check-in or from cron:
          units calendar --out ~/Sync/habits.ics
          */30 * * * *  units calendar --out ~/Sync/habits.ics
        Subscribing on iOS and Android: docs/reminders.md. A journal with an
        invalid reminder is refused (see `units-lint`): nothing is written.
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let tool = "units calendar"
        let days = arguments[Self.days] ?? defaultDays
        let context = try ReportOptions.context(arguments, io: io, tool: tool, query: [])
        // A reminder the feed would leave out is refused, located, as
        // `units-lint` reports it: a phone must not silently miss one.
        let problems = Linter.lint(context.journal, configuration: LintConfiguration(today: context.today, select: ["invalid-reminder"]))
        if !problems.isEmpty {
            io.errDiagnostics(problems)
            io.err("\(tool): \(problems.count) invalid reminder\(problems.count == 1 ? "" : "s"); fix \(problems.count == 1 ? "it" : "them") and try again (nothing written)\n")
            return .failure
        }
        let name = JournalLocator.path(arguments, io: io).flatMap { $0 == "-" ? nil : FileReader.fileName(of: $0) } ?? "habits.units"
        let feed = CalendarFeed(ReminderSchedule(context, days: days), name: "Units: " + name)
        return PageOutput.write(arguments, io: io, tool: tool, journal: context.journal, feed.render(to:))
    }
}
