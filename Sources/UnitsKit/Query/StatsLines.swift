/// `StatsReport`'s habit lines: the habits' ids, each line read from the
/// report's grid when asked for (`ReportRows`): its week, its windows'
/// units (the averages' inputs), its lifetime and whether it is archived.
public struct StatsLines: RandomAccessCollection, Sendable {
    /// Makes a habit's line from the grid of the report.
    struct Source: RowSource {
        let grid: DayGrid
        let context: ReportContext
        let week: DayRange

        func row(_ id: Int) -> StatsReport.Line {
            let habit = grid.journal.habits[id]
            return StatsReport.Line(habits: grid.journal.habits, id: id, week: week(id),
                                    windows: context.windowUnits(declared: context.declared(habit)) { grid.units(id, in: $0) },
                                    lifetime: grid.lifetime[id], isArchived: habit.isArchived(on: context.today))
        }

        func week(_ id: Int) -> Amount { grid.units(id, in: week) }
    }

    private var rows: ReportRows<Source>

    /// No lines yet; each line appended will be read from `grid` for the
    /// days of `context` and this week, `week`.
    init(grid: DayGrid, context: ReportContext, week: DayRange) {
        rows = ReportRows(source: Source(grid: grid, context: context, week: week))
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { rows.count }
    public subscript(position: Int) -> StatsReport.Line { rows[position] }

    /// A line's week units, without making the line.
    func week(_ position: Int) -> Amount { rows.source.week(rows.id(at: position)) }

    /// A line's lifetime units, without making the line.
    func lifetime(_ position: Int) -> Amount { rows.source.grid.lifetime[rows.id(at: position)] }

    /// Adds the line of the count habit `id`.
    mutating func append(id: Int) { rows.append(id: id) }
    mutating func reserveCapacity(_ count: Int) { rows.reserveCapacity(count) }
}
