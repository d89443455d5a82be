/// An inclusive range of days.
public struct DayRange: Hashable, Sendable {
    public var first: CivilDate
    public var last: CivilDate
    public init(first: CivilDate, last: CivilDate) { self.first = first; self.last = last }
    public func contains(_ date: CivilDate) -> Bool { first <= date && date <= last }
    public var dayCount: Int { max(0, first.days(to: last) + 1) }

    /// The days of the range, first through last (none when `last` comes first).
    public var eachDay: some Sequence<CivilDate> { (0..<dayCount).lazy.map { first.adding(days: $0) } }
}
