/// Two things `JournalExport.writeCSV` spells once and copies after
/// (issue 15: at a million rows, spelling amounts and line numbers digit by
/// digit was a fifth of the writer).

/// The `value,unit,measure,state` fields of a row, by what they depend
/// on alone: the habit, its unit and goal versions, and the entry's value.
/// A journal repeats these (Reading 20 pages, day after day), so the
/// bytes the writer produced for a key are kept and copied the next time.
/// A direct-mapped table: a slot holds the last key that hashed to it.
struct CSVValueFieldsCache {
    struct Key: Equatable {
        var habit: Int32
        var unitVersion: Int32
        var goalVersion: Int32
        /// An amount's billionths, or a check state's index.
        var value: Int128
        var isState: Bool
    }

    private static let slotBits = 12
    private static let slotCount = 1 << slotBits
    /// The longest spelling kept (longer ones are written each time).
    private static let width = 96

    private var keys: [Key]
    /// 0: an empty slot (a spelling has at least its four commas).
    private var lengths: [Int]
    private let bytes: UnsafeMutablePointer<UInt8>

    init() {
        keys = Array(repeating: Key(habit: -1, unitVersion: 0, goalVersion: 0, value: 0, isState: false), count: Self.slotCount)
        lengths = Array(repeating: 0, count: Self.slotCount)
        bytes = .allocate(capacity: Self.slotCount * Self.width)
    }

    func deallocate() { bytes.deallocate() }

    @inline(__always) static func slot(_ key: Key) -> Int {
        var x = UInt64(truncatingIfNeeded: key.value) ^ UInt64(truncatingIfNeeded: key.value >> 64)
        x = (x ^ UInt64(UInt32(bitPattern: key.habit)) << 40 ^ UInt64(UInt32(bitPattern: key.unitVersion)) << 20
            ^ UInt64(UInt32(bitPattern: key.goalVersion)) ^ (key.isState ? 0x5555 : 0)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: x >> UInt64(64 - slotBits))
    }

    /// The spelling kept for `key` in `slot`, if any.
    @inline(__always) func spelling(_ key: Key, slot: Int) -> UnsafeBufferPointer<UInt8>? {
        guard lengths[slot] > 0, keys[slot] == key else { return nil }
        return UnsafeBufferPointer(start: bytes + slot * Self.width, count: lengths[slot])
    }

    /// Keeps `spelled` as the spelling of `key` (in `slot`).
    mutating func keep(_ spelled: UnsafeBufferPointer<UInt8>, for key: Key, slot: Int) {
        guard let source = spelled.baseAddress, spelled.count > 0, spelled.count <= Self.width else { return }
        keys[slot] = key
        lengths[slot] = spelled.count
        (bytes + slot * Self.width).update(from: source, count: spelled.count)
    }
}

/// A line number in decimal, kept spelled: the rows of a file come in
/// line order, most one or two lines after the last, so the digits are
/// counted up in place rather than spelled again.
struct LineNumberSpelling {
    private static let capacity = 24
    private let digits: UnsafeMutablePointer<UInt8>
    /// Where the spelling starts in `digits` (it ends at `capacity`).
    private var first = capacity - 1
    private var value = 0

    init() {
        digits = .allocate(capacity: Self.capacity)
        digits[Self.capacity - 1] = UInt8(ascii: "0")
    }

    func deallocate() { digits.deallocate() }

    /// `n` (not negative) in decimal.
    @inline(__always) mutating func spell(_ n: Int) -> UnsafeBufferPointer<UInt8> {
        if n > value, n - value <= 4 {
            for _ in value..<n { increment() }
        } else if n != value {
            respell(n)
        }
        value = n
        return UnsafeBufferPointer(start: digits + first, count: Self.capacity - first)
    }

    @inline(__always) private mutating func increment() {
        var k = Self.capacity - 1
        while k >= first {
            if digits[k] != UInt8(ascii: "9") { digits[k] += 1; return }
            digits[k] = UInt8(ascii: "0")
            k -= 1
        }
        // 9…9 + 1: one more digit.
        first -= 1
        digits[first] = UInt8(ascii: "1")
    }

    private mutating func respell(_ n: Int) {
        var v = n.magnitude
        var k = Self.capacity
        repeat { k -= 1; digits[k] = UInt8(ascii: "0") + UInt8(v % 10); v /= 10 } while v > 0
        first = k
    }
}
