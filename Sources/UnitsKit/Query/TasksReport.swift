/// `units tasks`: the tasks open today, oldest first (open tasks roll
/// over), numbered as `units task done|drop|pin N` counts them.
public struct TasksReport: Sendable {
    public var today: CivilDate
    public var open: [JournalTask]

    public init(journal: Journal, today: CivilDate) {
        self.today = today
        open = journal.tasks.filter { $0.isOpen(on: today) }
    }
}
