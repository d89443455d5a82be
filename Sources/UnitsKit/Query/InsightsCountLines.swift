/// `InsightsReport`'s count habit lines: per line its habit, its active
/// days and its days (12 bytes), its units read from the report's grid
/// when the line is read. A million count habits held 48 MB of lines
/// (issue 14); the days take a walk over the window to count, the units
/// one sum, so only the days are kept.
public struct InsightsCountLines: RandomAccessCollection, Sendable {
    let grid: DayGrid
    let window: DayRange
    private var ids: [Int32] = []
    private var activeDays: [Int32] = []
    private var days: [Int32] = []

    init(grid: DayGrid, window: DayRange) {
        self.grid = grid
        self.window = window
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { ids.count }

    public subscript(position: Int) -> InsightsReport.CountLine {
        let id = Int(ids[position])
        return InsightsReport.CountLine(habits: grid.journal.habits, id: id, activeDays: Int(activeDays[position]),
                                        days: Int(days[position]), units: grid.units(id, in: window))
    }

    /// Adds habit `id`'s line. (Day counts fit 32 bits: a window is at
    /// most the calendar's 3.65 million days.)
    mutating func append(id: Int, activeDays active: Int, days count: Int) {
        ids.append(Int32(truncatingIfNeeded: id))
        activeDays.append(Int32(truncatingIfNeeded: active))
        days.append(Int32(truncatingIfNeeded: count))
    }

    mutating func reserveCapacity(_ count: Int) {
        ids.reserveCapacity(count)
        activeDays.reserveCapacity(count)
        days.reserveCapacity(count)
    }
}
