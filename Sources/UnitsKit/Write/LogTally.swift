/// What a habit has on a day and in its week, for the line `units log`
/// prints after writing ("Today 4 • Week 11").
public struct LogTally: Equatable, Sendable {
    /// Units on the day (count habits).
    public var day: Amount
    /// Units in the week that holds the day (weeks start on `option week-start`).
    public var week: Amount
    /// The check state that stands on the day (check habits).
    public var dayState: CheckState?
    /// Days in the week whose standing check state is YES or KINDA.
    public var weekDaysDone: Int

    /// Tallies `habit` on `date` over `journal`'s entries plus `extra`, the
    /// entry just appended (not yet in the model).
    public init(journal: Journal, habit: Int, date: CivilDate, extra: EntryValue? = nil) {
        let weekStart = date.startOfWeek(journal.options.weekStart)
        let weekEnd = weekStart.adding(days: 6)
        var day = Amount.zero, week = Amount.zero
        var states: [CivilDate: CheckState] = [:]
        let isCheck = journal.habits[habit].kind == .check
        func add(_ entryDate: CivilDate, _ value: EntryValue, _ state: CheckState) {
            guard weekStart <= entryDate && entryDate <= weekEnd else { return }
            if isCheck { states[entryDate] = state; return }
            if case .units(let amount) = value {
                week += amount
                if entryDate == date { day += amount }
            }
        }
        for entry in journal.entries where entry.habit == Int32(habit) {
            add(entry.date, entry.value, isCheck ? journal.checkState(of: entry) : .no)
        }
        if let extra {
            var probe = Entry(date: date, habit: Int32(habit), unitVersion: 0, value: extra,
                              source: LineReference(file: 0, line: 0))
            probe.task = -1
            add(date, extra, isCheck ? journal.checkState(of: probe) : .no)
        }
        self.day = day
        self.week = week
        self.dayState = states[date]
        self.weekDaysDone = states.values.filter(\.isDone).count
    }
}
