/// Two things `JournalExport.writeCSV` spells once and copies after
/// (issue 15: at a million rows, spelling amounts and line numbers digit by
/// digit was a fifth of the writer).

/// The `,habit,group,value,unit,measure,state` fields of a row, by what
/// they depend on alone: the habit, its unit and goal versions, and the
/// entry's value.
/// A journal repeats these (Reading 20 pages, day after day), so the
/// bytes the writer produced for a key are kept and copied the next time.
/// A direct-mapped table: a slot holds the last key that hashed to it.
///
/// A slot is one run of memory, its key and length first and its bytes
/// right after, so a lookup that hits touches one place, not three arrays
/// (at a million rows, waiting on those was a fifth of the writer). The
/// table is zeroed by the system page by page as slots are first used
/// (`calloc`), so an export of ten rows does not pay for all of it.
struct CSVValueFieldsCache {
    struct Key: Equatable {
        var habit: Int32
        var unitVersion: Int32
        var goalVersion: Int32
        /// An amount's billionths, or a check state's index.
        var value: Int128
        var isState: Bool
    }

    /// A slot's first 32 bytes.
    private struct Header {
        var value: Int128
        var habit: Int32
        var unitVersion: Int32
        var goalVersion: Int32
        /// The spelling's length (0: an empty slot; a spelling has at
        /// least its six commas), and 1 << 16 for a state.
        var lengthAndState: UInt32
    }

    private static let slotBits = 13
    private static let slotCount = 1 << slotBits
    /// The longest spelling kept (longer ones are written each time).
    private static let width = 128
    private static let stride = MemoryLayout<Header>.stride + width

    private let slots: UnsafeMutableRawPointer

    init() {
        guard let table = SystemBytes.allocateZeroed(Self.slotCount, Self.stride) else { fatalError("out of memory") }
        slots = table
    }

    func deallocate() { SystemBytes.free(slots) }

    @inline(__always) static func slot(_ key: Key) -> Int {
        var x = UInt64(truncatingIfNeeded: key.value) ^ UInt64(truncatingIfNeeded: key.value >> 64)
        x = (x ^ UInt64(UInt32(bitPattern: key.habit)) << 40 ^ UInt64(UInt32(bitPattern: key.unitVersion)) << 20
            ^ UInt64(UInt32(bitPattern: key.goalVersion)) ^ (key.isState ? 0x5555 : 0)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: x >> UInt64(64 - slotBits))
    }

    /// The spelling kept for `key` in `slot`, if any.
    @inline(__always) func spelling(_ key: Key, slot: Int) -> UnsafeBufferPointer<UInt8>? {
        let at = slots + slot * Self.stride
        let header = at.load(as: Header.self)
        let length = Int(header.lengthAndState & 0xFFFF)
        guard length > 0, header.habit == key.habit, header.value == key.value, header.unitVersion == key.unitVersion,
              header.goalVersion == key.goalVersion, (header.lengthAndState >> 16 == 1) == key.isState else { return nil }
        return UnsafeBufferPointer(start: (at + MemoryLayout<Header>.stride).assumingMemoryBound(to: UInt8.self), count: length)
    }

    /// Keeps `spelled` as the spelling of `key` (in `slot`).
    mutating func keep(_ spelled: UnsafeBufferPointer<UInt8>, for key: Key, slot: Int) {
        guard let source = spelled.baseAddress, spelled.count > 0, spelled.count <= Self.width else { return }
        let at = slots + slot * Self.stride
        at.storeBytes(of: Header(value: key.value, habit: key.habit, unitVersion: key.unitVersion, goalVersion: key.goalVersion,
                                 lengthAndState: UInt32(spelled.count) | (key.isState ? 1 << 16 : 0)), as: Header.self)
        (at + MemoryLayout<Header>.stride).copyMemory(from: source, byteCount: spelled.count)
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
