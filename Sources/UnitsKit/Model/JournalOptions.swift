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
