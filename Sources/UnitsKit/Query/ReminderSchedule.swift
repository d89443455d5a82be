/// What `units calendar` puts in a phone's calendar: every reminder that
/// falls in the next N days, and the open tasks.
///
/// A habit's `remind:` falls on a day when the habit is due and not yet
/// satisfied (`Expectation.isDue`, `isSatisfied`, as the today view counts
/// must-dos). The day reminders (`option remind-morning`, `remind-evening`)
/// fall every day; today's evening one only while something is left.
public struct ReminderSchedule: Sendable {
    public enum Kind: String, Sendable { case habit, morning, evening }

    /// One reminder: an alarm at `minutes` on `date`.
    public struct Alarm: Sendable, Equatable {
        public var kind: Kind
        /// The journal day it is for.
        public var day: CivilDate
        /// The calendar date it rings on: the day after `day` when its time
        /// is before `option day-start` (01:00 with a 04:00 day start is
        /// still the evening of `day`).
        public var date: CivilDate
        /// Minutes after midnight on `date`.
        public var minutes: Int
        /// The habit it is for (a habit reminder).
        public var habit: String?
        /// The event's title.
        public var title: String
        /// The alarm's words.
        public var text: String
        /// What a calendar knows it by from one feed to the next: the kind,
        /// the journal day and the habit's name.
        public var key: String
    }

    public var today: CivilDate
    /// The days covered: today and the N − 1 after it.
    public var days: DayRange
    /// By date, then time, then the order habits are listed in.
    public var alarms: [Alarm]
    /// Open tasks today, as the today view lists them.
    public var tasks: [TodayReport.TaskRow]

    public init(_ context: ReportContext, days count: Int) {
        let today = context.today
        let journal = context.journal
        let report = TodayReport(context)
        let expectation = Expectation(grid: report.grid, today: today)
        let dayStart = journal.options.dayStartMinutes
        self.today = today
        days = DayRange(first: today, last: today.adding(days: max(1, count) - 1))
        tasks = report.tasks
        let thisWeek = context.thisWeek
        let weekEnd = thisWeek.first.adding(days: 6)
        var alarms: [Alarm] = []

        func alarm(_ kind: Kind, _ day: CivilDate, _ minutes: Int, habit: String?, title: String, text: String) {
            alarms.append(Alarm(kind: kind, day: day, date: minutes < dayStart ? day.adding(days: 1) : day, minutes: minutes,
                                habit: habit, title: title, text: text,
                                key: kind.rawValue + "-" + day.description + (habit.map { "-" + $0 } ?? "")))
        }

        let habits = journal.habits
        for id in habits.indices {
            guard let reminder = habits[id].reminder, !habits[id].isBuiltIn, !habits[id].isOption else { continue }
            let habit = habits[id]
            for day in days.eachDay {
                guard reminder.covers(day.weekday), expectation.isDue(id, on: day), !expectation.isSatisfied(id, on: day) else { continue }
                let text = Self.words(habit, on: day, thisWeek: day <= weekEnd, expectation: expectation)
                alarm(.habit, day, reminder.minutes, habit: habit.name, title: habit.displayName, text: text)
            }
        }
        for day in days.eachDay {
            if let minutes = journal.options.morningReminder {
                let left = day == today && report.thingsLeft > 0 ? " \(report.thingsLeft) left today." : ""
                alarm(.morning, day, minutes, habit: nil, title: "Check Today", text: "Your habits for today: units today." + left)
            }
            if let minutes = journal.options.eveningReminder {
                if day == today && !NudgeReport.nothingLoggedToday(report) {
                    // Something is logged: say what is left, or nothing at all.
                    if report.thingsLeft > 0 {
                        alarm(.evening, day, minutes, habit: nil, title: "Log your habits", text: "\(report.thingsLeft) left today, if you did them: units log.")
                    }
                } else {
                    alarm(.evening, day, minutes, habit: nil, title: "Log your habits", text: NudgeReport.dropText())
                }
            }
        }
        let order = Dictionary(context.listed.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
        func rank(_ a: Alarm) -> Int { a.kind == .morning ? -1 : a.kind == .evening ? Int.max : order[a.habit ?? ""] ?? 0 }
        alarms.sort { ($0.date, $0.minutes, rank($0)) < ($1.date, $1.minutes, rank($1)) }
        self.alarms = alarms
    }

    /// The calm words of a habit's reminder: the Units spec's soft-floor
    /// nudge for a count habit under this week's pace, else its "drop 1
    /// unit?"; for a check habit or group an invitation, with the week's
    /// progress for a quota. Never a count of misses.
    static func words(_ habit: Habit, on day: CivilDate, thisWeek: Bool, expectation: Expectation) -> String {
        let grid = expectation.grid
        let today = expectation.today
        let name = habit.name
        if !habit.isGroup && habit.kind == .count {
            let unit = habit.unit(on: today).name
            // Only this week has a pace to judge: a later week has not begun.
            if thisWeek, let pace = grid.pace(habit.id, weekOf: today, today: today), pace.isUnderPace {
                return NudgeReport.floorText(gap: pace.scaledFloor - pace.units.fraction, unit: unit, habit: name) + " units log \(name) 1"
            }
            return NudgeReport.dropText(unit: unit) + " units log \(name) 1"
        }
        var text: String
        if habit.isGroup {
            let options = habit.members.map { grid.journal.habits[$0] }.filter { !$0.isArchived(on: day) }.map(\.name)
            text = "Time for \(name)?" + (options.isEmpty ? "" : " Any of \(options.joined(separator: ", ")) counts.")
        } else if habit.type == .quit {
            text = "How did \(name) go today? units log \(name) yes when you stayed clear."
        } else {
            text = "Time for \(name)? units log \(name) yes when it’s done."
        }
        if thisWeek, case .perWeek(let n) = habit.every {
            let week = DayRange(first: today.startOfWeek(grid.journal.options.weekStart), last: today)
            let done = expectation.doneDays(habit.id, in: week)
            text += " \(done) of \(n) this week so far."
        }
        return text
    }
}
