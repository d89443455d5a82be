extension DayRange {
    /// The days of the range, first through last (none when `last` comes
    /// first): reports walk their windows as `for day in range.eachDay`.
    public var eachDay: Days { Days(day: first, last: last) }

    /// The days of a range, one after another.
    public struct Days: Sequence, IteratorProtocol {
        var day: CivilDate
        let last: CivilDate

        public mutating func next() -> CivilDate? {
            guard day <= last else { return nil }
            defer { day = day.adding(days: 1) }
            return day
        }
    }
}
