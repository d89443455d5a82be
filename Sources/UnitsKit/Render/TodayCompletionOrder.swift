/// The Done section in completion order: the later a row's last line of today
/// stands in the appended-to journal, the later it was done; rows done by an
/// earlier day (a quota met) come first, ties in the day view's order.
extension TodayReport {
    func inCompletionOrder(_ rows: [CheckRow]) -> [CheckRow] {
        guard rows.count > 1 else { return rows }
        var wanted: [Int: Int] = [:]   // habit id → row
        for (k, row) in rows.enumerated() {
            wanted[row.id] = k
            for member in row.satisfiedBy { wanted[member.id] = k }
        }
        // From the end: the first line met for a row is its latest.
        var position = Array(repeating: -1, count: rows.count)
        var found = 0
        let entries = journal.entries
        var k = entries.count - 1
        while k >= 0 && found < rows.count {
            let entry = entries[k]
            if entry.date == today, let row = wanted[Int(entry.habit)], position[row] < 0 {
                position[row] = k
                found += 1
            }
            k -= 1
        }
        return rows.indices.sorted { (position[$0], $0) < (position[$1], $1) }.map { rows[$0] }
    }
}
