/// `TodayReport`'s count rows: the habits' ids, each row read from the
/// report's grid when asked for (`ReportRows`). Reading an element gives
/// the row of its habit: today's and this week's units, the lifetime and
/// the week's pace.
public struct TodayCounts: RandomAccessCollection, Sendable {
    /// Makes a count row from the grid of the report.
    struct Source: RowSource {
        let grid: DayGrid
        let today: CivilDate
        let week: DayRange

        func row(_ id: Int) -> TodayReport.CountRow {
            TodayReport.CountRow(habits: grid.journal.habits, id: id, today: grid.units(id, on: today), week: grid.units(id, in: week),
                                 lifetime: grid.lifetime[id], pace: grid.pace(id, weekOf: today, today: today))
        }
    }

    private var rows: ReportRows<Source>

    /// No rows yet; each row appended will be read from `grid` for `today`
    /// and `week` (the week that contains today).
    init(grid: DayGrid, today: CivilDate, week: DayRange) { rows = ReportRows(source: Source(grid: grid, today: today, week: week)) }

    public var startIndex: Int { 0 }
    public var endIndex: Int { rows.count }
    public subscript(position: Int) -> TodayReport.CountRow { rows[position] }

    /// Adds the row of the count habit `id`.
    mutating func append(id: Int) { rows.append(id: id) }
    mutating func reserveCapacity(_ count: Int) { rows.reserveCapacity(count) }
}
