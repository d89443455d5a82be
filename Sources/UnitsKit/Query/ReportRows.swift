/// What a report's per-habit rows are read from (its grid, its days): a
/// row is made from its habit's id when it is asked for.
protocol RowSource: Sendable {
    associatedtype Row: Sendable
    /// The row of habit `id`.
    func row(_ id: Int) -> Row
}

/// A report's per-habit rows, kept as their habits' ids: 4 bytes a row,
/// each row made from `source` when read (issue 14: a journal of a million
/// habits held 48 MB of rows per report, packed, 96 MB before that). A
/// row is the same every time: the source's grid is built once and never
/// changes. The one mechanism behind `StatsLines` and `TodayCounts`.
struct ReportRows<Source: RowSource>: Sendable {
    let source: Source
    /// The rows' habit ids, in report order (a journal holds fewer than
    /// 2^31 habits: its files are under 2 GiB).
    private var ids: [Int32] = []

    init(source: Source) { self.source = source }

    var count: Int { ids.count }

    /// The habit id of row `position`.
    func id(at position: Int) -> Int { Int(ids[position]) }

    subscript(position: Int) -> Source.Row { source.row(Int(ids[position])) }

    mutating func append(id: Int) { ids.append(Int32(id)) }

    mutating func reserveCapacity(_ count: Int) { ids.reserveCapacity(count) }
}
