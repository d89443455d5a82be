/// `units habits`: each habit with its badges (`Habit.badges`), groups with
/// their members under them, archived habits in a section of their own;
/// declaration order; General only when the journal declares it.
public struct HabitsList: Sendable {
    public struct Row: Sendable {
        public var habit: Habit
        public var badges: [String]
        public var isArchived: Bool
        /// Declared after today: it starts on its date.
        public var startsLater: Bool
        /// A group's members, in declaration order.
        public var members: [Row]
    }

    public var today: CivilDate
    public var active: [Row]
    public var archived: [Row]

    public init(journal: Journal, today: CivilDate) {
        self.today = today
        func row(_ habit: Habit) -> Row {
            Row(habit: habit, badges: habit.badges(on: today), isArchived: habit.isArchived(on: today),
                startsLater: habit.declared > today, members: habit.members.map { row(journal.habits[$0]) })
        }
        var active: [Row] = [], archived: [Row] = []
        for habit in journal.habits where habit.group == nil && !(habit.isBuiltIn && habit.location == nil) {
            let made = row(habit)
            if made.isArchived { archived.append(made) } else { active.append(made) }
        }
        self.active = active
        self.archived = archived
    }

    public var isEmpty: Bool { active.isEmpty && archived.isEmpty }
}
