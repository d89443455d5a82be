/// `units today`: the day so far: count habits' today, week and lifetime
/// units and pace; check habits' and groups' states; must-dos; open tasks;
/// the habit of the day. No streaks here, by design.
public struct TodayReport: Sendable {
    public struct CountRow: Sendable {
        public var habit: Habit
        public var id: Int { habit.id }
        public var today: Amount
        public var week: Amount
        public var lifetime: Amount
        public var pace: WeekPace?
        public var isUnderPace: Bool { pace?.isUnderPace ?? false }
    }

    public struct CheckRow: Sendable {
        public var habit: Habit
        public var id: Int { habit.id }
        /// Today's check-in (check habits); nil when none yet or a group.
        public var state: CheckState?
        public var isDone: Bool
        /// Due today: active, scheduled, not skipped.
        public var isDue: Bool
        /// For a group: the members that satisfied it today.
        public var satisfiedBy: [Habit]
        /// For a group: its options (members without a schedule of their
        /// own), listed under it until one is done.
        public var options: [Habit] = []
        /// Not done today, but an `N/week` or `N/month` quota is already met:
        /// "week" or "month".
        public var quotaMet: String? = nil
        /// Done today, or its week's or month's quota met: nothing left to do.
        public var isCompleted: Bool { isDone || quotaMet != nil }
    }

    public struct TaskRow: Sendable {
        public var task: JournalTask
        /// Where its units would go if done today: the linked habit, or General.
        public var habitName: String
        /// Days since it was opened (0 = opened today): a task rolls over.
        public var daysOpen: Int
        /// Pinned to today ("Pin today's 3"): listed first, marked.
        public var isPinned: Bool = false
    }

    public var today: CivilDate
    public var totalUnits: Amount
    public var counts: [CountRow]
    public var checks: [CheckRow]
    public var mustDos: (done: Int, due: Int)
    public var tasks: [TaskRow]
    /// Tasks pinned to today, open, done or dropped: what the day's limit counts.
    public var pinnedToday: Int
    /// Tasks done today (the "Completed (n)" line).
    public var tasksDoneToday: [JournalTask]
    /// Check habits and groups due or completed today, and how many are completed:
    /// the header's "3 of 7 completed".
    public var completion: (completed: Int, total: Int)
    /// Undone due check habits and groups plus open tasks: "N things left today".
    public var thingsLeft: Int
    /// Some user habit is declared and not archived today.
    public var hasActiveHabits: Bool
    public var habitOfTheDay: HabitOfTheDay?
    /// The journal has no user habit, or nothing has been logged through today.
    public var isEmpty: Bool
    /// The journal counts units (a count habit of its own, or units today); a
    /// journal of check habits only reads without units words.
    public var countsUnits: Bool
    public var journal: Journal
    /// The grid the view was read from (the day's pile reads today from it).
    public let grid: DayGrid

    public init(_ context: ReportContext) {
        let today = context.today
        let journal = context.journal
        let week = context.thisWeek
        // From the start of the month (must-do quotas) or the habit of the day's first day, whichever is earlier.
        let grid = context.grid(from: min(today.startOfMonth, HabitOfTheDay.firstDay(context)))
        let expectation = Expectation(grid: grid, today: today)
        self.today = today
        self.journal = journal
        self.grid = grid
        totalUnits = grid.totalUnits(on: today)
        var counts: [CountRow] = []
        var checks: [CheckRow] = []
        let listed = context.listed
        for index in listed.indices where context.isShownToday(listed[index], grid: grid) {
            let habit = listed[index]
            if habit.isGroup {
                let members = grid.satisfyingMembers(of: habit.id, on: today).map { journal.habits[$0] }
                // Options that exist today (format.md 9), are not archived, and that the query selects.
                let options = habit.members.map { journal.habits[$0] }.filter {
                    $0.isOption && $0.declared <= today && !$0.isArchived(on: today) && grid.selected[$0.id]
                }
                checks.append(CheckRow(habit: habit, state: nil, isDone: !members.isEmpty,
                                       isDue: expectation.isDue(habit.id, on: today), satisfiedBy: members,
                                       options: options, quotaMet: TodayReport.quotaMet(habit, expectation, today)))
            } else if habit.kind == .check {
                // A group's options show through their group's line; members with a schedule of their own also stand alone.
                if habit.isOption, let group = habit.group, context.isShownToday(journal.habits[group], grid: grid) { continue }
                checks.append(CheckRow(habit: habit, state: grid.state(habit.id, on: today),
                                       isDone: grid.isDone(habit.id, on: today),
                                       isDue: expectation.isDue(habit.id, on: today), satisfiedBy: [],
                                       quotaMet: TodayReport.quotaMet(habit, expectation, today)))
            } else {
                counts.append(CountRow(habit: habit, today: grid.units(habit.id, on: today),
                                       week: grid.units(habit.id, in: week), lifetime: grid.lifetime[habit.id],
                                       pace: grid.pace(habit.id, weekOf: today, today: today)))
            }
        }
        // must-dos first, as the format suggests; otherwise declaration order.
        checks.sort { ($0.habit.priority == .must ? 0 : 1, $0.id) < ($1.habit.priority == .must ? 0 : 1, $1.id) }
        self.counts = counts
        self.checks = checks
        mustDos = expectation.mustDoCount(on: today)
        // Today's pinned tasks first, in the order they were pinned; then the
        // other open tasks, oldest first.
        let pinnedAll = journal.pinnedTasks(on: today)
        pinnedToday = pinnedAll.count
        let pinned = pinnedAll.filter { journal.tasks[$0].isOpen(on: today) }
        let pinnedSet = Set(pinned)
        let unpinned = journal.tasks.indices.filter { !pinnedSet.contains($0) && journal.tasks[$0].isOpen(on: today) }
        tasks = (pinned + unpinned).map { index in
            let task = journal.tasks[index]
            var target = Journal.generalHabitName
            if let id = task.habit, !journal.habits[id].isArchived(on: today) { target = journal.habits[id].name }
            return TaskRow(task: task, habitName: target, daysOpen: task.opened.days(to: today), isPinned: pinnedSet.contains(index))
        }
        tasksDoneToday = journal.tasks.filter { $0.status == .done(today) }
        let counted = checks.filter { $0.isDue || $0.isCompleted }
        completion = (counted.filter(\.isCompleted).count, counted.count)
        // An answered NO leaves nothing to do today; it is still not completed.
        thingsLeft = counted.filter { !$0.isCompleted && $0.state == nil }.count + tasks.count
        hasActiveHabits = journal.habits.contains { !$0.isBuiltIn && $0.declared <= today && !$0.isArchived(on: today) }
        habitOfTheDay = HabitOfTheDay.pick(grid: grid, today: today)
        let hasUserHabits = journal.habits.contains { !$0.isBuiltIn && $0.declared <= today }
        isEmpty = !hasUserHabits || grid.countedEntries == 0
        countsUnits = totalUnits != .zero || journal.habits.contains { $0.kind == .count && !$0.isGroup && !$0.isBuiltIn }
    }

    /// "week" or "month" when a habit not done today has already met its
    /// `N/week` or `N/month` quota (the must-do count's rule, shown).
    static func quotaMet(_ habit: Habit, _ expectation: Expectation, _ today: CivilDate) -> String? {
        guard !expectation.grid.isDone(habit.id, on: today), expectation.isSatisfied(habit.id, on: today) else { return nil }
        if case .perMonth = habit.every { return "month" }
        return "week"
    }
}
