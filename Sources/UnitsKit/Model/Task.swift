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

/// A labelled, inclusive date range that reports can be filtered to.
public struct Season: Hashable, Sendable {
    public var name: String
    public var days: DayRange
    public var location: SourceRange?
}

/// File-wide settings from `option` lines.
public struct JournalOptions: Hashable, Sendable {
    /// First day of the week; ISO Monday unless `option week-start`.
    public var weekStart: Weekday = .monday
    /// Minutes after midnight at which a new day starts for `units log`.
    public var dayStartMinutes: Int = 0
    /// `option remind-morning HH:MM`: the morning "check Today" reminder, off when nil.
    public var morningReminder: Int?
    /// `option remind-evening HH:MM`: the end-of-day "log your habits" reminder, off when nil.
    public var eveningReminder: Int?
    /// Lint rules switched off for this journal.
    public var lintDisabled: Set<String> = []
    /// The `units N` format version, if given.
    public var formatVersion: Int?

    public init() {}
}
