/// A one-off task: opened by `task`, closed by `done` or `drop`.
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
