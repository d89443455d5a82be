/// `TodayReport`'s count rows, each kept in 48 bytes: its units and pace
/// floor as 64-bit billionths (every amount a journal of real habits
/// reaches), its pace's week by its first day. A row with an amount past
/// 64 bits, or a pace not of the shape the report makes, is kept whole
/// apart (`PackedRows`). A million count habits held 96 MB of rows (issue
/// 14). Reading an element gives back exactly the row that was appended.
public struct TodayCounts: RandomAccessCollection, Sendable {
    struct Packed: PackedRow {
        var today: Int64
        var week: Int64
        var lifetime: Int64
        var paceFloor: Int64
        var paceWeekStart: CivilDate
        var id: Int32
        var pausedDays: Int8
        var hasPace: Bool

        init?(_ row: TodayReport.CountRow) {
            guard row.otherPace.isEmpty, let today = Int64(exactly: row.today.billionths), let week = Int64(exactly: row.week.billionths),
                  let lifetime = Int64(exactly: row.lifetime.billionths), let floor = Int64(exactly: row.paceFloor.billionths),
                  let id = Int32(exactly: row.id) else { return nil }
            (self.today, self.week, self.lifetime, paceFloor) = (today, week, lifetime, floor)
            (paceWeekStart, self.id, pausedDays, hasPace) = (row.paceWeekStart, id, row.pacePausedDays, row.hasPace)
        }

        init() { (today, week, lifetime, paceFloor, paceWeekStart, id, pausedDays, hasPace) = (0, 0, 0, 0, .minimum, -1, 0, false) }

        func row(_ habits: [Habit]) -> TodayReport.CountRow {
            TodayReport.CountRow(habits: habits, id: Int(id), today: Amount(billionths: Int128(today)),
                                 week: Amount(billionths: Int128(week)), lifetime: Amount(billionths: Int128(lifetime)),
                                 paceFloor: Amount(billionths: Int128(paceFloor)), paceWeekStart: paceWeekStart,
                                 pausedDays: pausedDays, hasPace: hasPace)
        }
    }

    private var rows: PackedRows<Packed>

    init(habits: [Habit]) { rows = PackedRows(habits: habits) }

    public var startIndex: Int { 0 }
    public var endIndex: Int { rows.count }
    public subscript(position: Int) -> TodayReport.CountRow { rows[position] }

    mutating func append(_ row: TodayReport.CountRow) { rows.append(row) }
    mutating func reserveCapacity(_ count: Int) { rows.reserveCapacity(count) }
}
