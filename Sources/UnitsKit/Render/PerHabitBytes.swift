/// A byte string per habit, made on first use and kept in one flat buffer
/// (issue 14: an array per habit was 48 MB at half a million habits with
/// entries): the register's habit names, as text and as CSV fields.
struct PerHabitBytes {
    /// Per habit: where its bytes start in `bytes` (-1: not made yet), and
    /// how many (clamped: never more than the real count, so a string past
    /// 2^31 bytes, were there one, would read cut, never out of bounds).
    private var start: [Int]
    private var length: [Int32]
    private var bytes: [UInt8] = []

    init(habits: Int) {
        start = Array(repeating: -1, count: habits)
        length = Array(repeating: 0, count: habits)
    }

    /// Habit `id`'s bytes, if made.
    subscript(id: Int) -> ArraySlice<UInt8>? {
        let from = start[id]
        return from < 0 ? nil : bytes[from..<from + Int(length[id])]
    }

    /// Keeps `made` as habit `id`'s bytes and returns them.
    mutating func keep(_ made: some Collection<UInt8>, for id: Int) -> ArraySlice<UInt8> {
        start[id] = bytes.count
        length[id] = Int32(clamping: made.count)
        bytes.append(contentsOf: made)
        return self[id]!
    }
}
