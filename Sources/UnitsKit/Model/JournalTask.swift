/// A one-off task: opened by `task`, closed by `done` or `drop`, pinned to
/// a day by `pin` (format.md 13).
public struct JournalTask: Hashable, Sendable {
    public enum Status: Hashable, Sendable {
        case open
        case done(CivilDate)
        case dropped(CivilDate)
    }

    public var title: String
    /// Units the task is worth, 1-5; 0 for a reminder that logs nothing.
    public var estimate: Int
    /// The linked habit by name, as written.
    public var habitName: String?
    /// The linked habit's id, when it resolved.
    public var habit: Int?
    public var tags: [String]
    public var opened: CivilDate
    public var status: Status = .open
    public var location: SourceRange?
    /// Where the `done`/`drop` line is.
    public var closeLocation: SourceRange?
    /// The days the task is pinned to, each by its `pin` line (an `unpin`
    /// of that day removes it). A pin holds for its own day only.
    public var pins: [TaskPin] = []

    /// Whether the task is on `date`'s short list ("Pin today's 3").
    public func isPinned(on date: CivilDate) -> Bool { pins.contains { $0.date == date } }

    public var isOpen: Bool { status == .open }

    /// Whether the task was open at the end of a day (opened on or before
    /// it and not yet closed): open tasks roll over to the next day.
    public func isOpen(on date: CivilDate) -> Bool {
        guard opened <= date else { return false }
        switch status {
        case .open: return true
        case .done(let d), .dropped(let d): return date < d
        }
    }
}
