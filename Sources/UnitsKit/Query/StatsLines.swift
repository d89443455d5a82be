/// `StatsReport`'s per-habit lines, each kept in 48 bytes: its units as
/// 64-bit billionths (every total a journal of real habits reaches), its
/// window days as bytes (at most 90). A line with an amount past 64 bits is
/// kept whole apart (`PackedRows`). A million habits held 112 MB of `Line`s
/// (issue 14). Reading an element gives back exactly the `Line` that was
/// appended.
public struct StatsLines: RandomAccessCollection, Sendable {
    struct Packed: PackedRow {
        var week: Int64
        var lifetime: Int64
        var units: (Int64, Int64, Int64)
        var id: Int32
        var days: (UInt8, UInt8, UInt8)
        var isArchived: Bool

        init?(_ line: StatsReport.Line) {
            guard let week = Int64(exactly: line.week.billionths), let lifetime = Int64(exactly: line.lifetime.billionths),
                  let u0 = Int64(exactly: line.windows.units.0.billionths), let u1 = Int64(exactly: line.windows.units.1.billionths),
                  let u2 = Int64(exactly: line.windows.units.2.billionths), let id = Int32(exactly: line.id),
                  let d0 = UInt8(exactly: line.windows.days.0), let d1 = UInt8(exactly: line.windows.days.1),
                  let d2 = UInt8(exactly: line.windows.days.2) else { return nil }
            (self.week, self.lifetime, units, self.id, days, isArchived) = (week, lifetime, (u0, u1, u2), id, (d0, d1, d2), line.isArchived)
        }

        init() { (week, lifetime, units, id, days, isArchived) = (0, 0, (0, 0, 0), -1, (0, 0, 0), false) }

        func row(_ habits: [Habit]) -> StatsReport.Line {
            let amounts = (Amount(billionths: Int128(units.0)), Amount(billionths: Int128(units.1)), Amount(billionths: Int128(units.2)))
            return StatsReport.Line(habits: habits, id: Int(id), week: Amount(billionths: Int128(week)),
                                    windows: WindowUnits(units: amounts, days: (Int32(days.0), Int32(days.1), Int32(days.2))),
                                    lifetime: Amount(billionths: Int128(lifetime)), isArchived: isArchived)
        }
    }

    private var rows: PackedRows<Packed>

    init(habits: [Habit]) { rows = PackedRows(habits: habits) }

    public var startIndex: Int { 0 }
    public var endIndex: Int { rows.count }
    public subscript(position: Int) -> StatsReport.Line { rows[position] }

    /// A line's week units, without making the line.
    func week(_ position: Int) -> Amount {
        rows.field(position, packed: { Amount(billionths: Int128($0.week)) }, whole: \.week)
    }

    /// A line's lifetime units, without making the line.
    func lifetime(_ position: Int) -> Amount {
        rows.field(position, packed: { Amount(billionths: Int128($0.lifetime)) }, whole: \.lifetime)
    }

    mutating func append(_ line: StatsReport.Line) { rows.append(line) }
    mutating func reserveCapacity(_ count: Int) { rows.reserveCapacity(count) }
}
