/// `DATE pin "TITLE"`: a task put on that day's short list. The Units
/// document's "Pin today's 3": a few tasks chosen for the day come first in
/// its view; a pin holds for its own day only (format.md 13).
public struct TaskPin: Hashable, Sendable {
    /// How many tasks a day holds pinned before lint warns and writes refuse.
    public static let dailyLimit = 3

    public var date: CivilDate
    /// Where the title of the `pin` line is.
    public var location: SourceRange?
    /// The pin's place among every pin of the journal, in reading order
    /// (includes inline): which pin came first on a day.
    public var order: Int
}

extension Journal {
    /// The tasks pinned to `date` (by index into `tasks`), open or not, in
    /// the order they were pinned.
    public func pinnedTasks(on date: CivilDate) -> [Int] {
        var found: [(order: Int, task: Int)] = []
        for (index, task) in tasks.enumerated() {
            if let pin = task.pins.first(where: { $0.date == date }) { found.append((pin.order, index)) }
        }
        return found.sorted { $0.order < $1.order }.map(\.task)
    }
}
