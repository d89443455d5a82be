/// `TodayReport`'s count rows, each kept in 48 bytes: its units and pace
/// floor as 64-bit billionths (every amount a journal of real habits
/// reaches), its pace's week by its first day. A row with an amount past
/// 64 bits, or a pace not of the shape the report makes, is kept whole
/// apart. A million count habits held 96 MB of rows (issue 14). Reading an
/// element gives back exactly the row that was appended.
public struct TodayCounts: RandomAccessCollection, Sendable {
    private struct Packed {
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

        /// Where a row kept whole stands.
        init(placeholder: Void) {
            (today, week, lifetime, paceFloor, paceWeekStart, id, pausedDays, hasPace) = (0, 0, 0, 0, .minimum, -1, 0, false)
        }
    }

    /// The journal's habits, which every row reads its habit from.
    let habits: [Habit]
    private var packed: [Packed] = []
    /// Rows that do not pack, by index (they win over `packed`).
    private var whole: [Int: TodayReport.CountRow] = [:]

    init(habits: [Habit]) { self.habits = habits }

    public var startIndex: Int { 0 }
    public var endIndex: Int { packed.count }

    public subscript(position: Int) -> TodayReport.CountRow {
        if !whole.isEmpty, let row = whole[position] { return row }
        let p = packed[position]
        return TodayReport.CountRow(habits: habits, id: Int(p.id), today: Amount(billionths: Int128(p.today)),
                                    week: Amount(billionths: Int128(p.week)), lifetime: Amount(billionths: Int128(p.lifetime)),
                                    paceFloor: Amount(billionths: Int128(p.paceFloor)), paceWeekStart: p.paceWeekStart,
                                    pausedDays: p.pausedDays, hasPace: p.hasPace)
    }

    mutating func append(_ row: TodayReport.CountRow) {
        if let p = Packed(row) {
            packed.append(p)
        } else {
            whole[packed.count] = row
            packed.append(Packed(placeholder: ()))
        }
    }

    mutating func reserveCapacity(_ count: Int) { packed.reserveCapacity(count) }
}
