/// A set of days for a reader that meets them mostly in date order: an
/// ordered array, binary searched, and a hash set for the few that come late.
public struct DaySet: Sendable {
    private var ordered: [Int32] = []
    private var late = Set<Int32>()

    public init() {}

    /// Adds `day` (a `CivilDate.dayNumber`); false if the set held it already.
    public mutating func insert(_ day: Int32) -> Bool {
        guard let last = ordered.last, day <= last else { ordered.append(day); return true }
        if day == last { return false }
        var low = 0, high = ordered.count
        while low < high {
            let mid = (low + high) / 2
            if ordered[mid] < day { low = mid + 1 } else { high = mid }
        }
        if ordered[low] == day { return false }
        return late.insert(day).inserted
    }
}
