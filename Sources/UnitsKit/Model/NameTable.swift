/// Habit ids by the UTF-8 bytes of their names: the model builder's fast
/// path, so that a million entry lines find their habit without making a
/// million `String`s. Open addressing over FNV-1a hashes; the names' bytes
/// live in one flat buffer.
///
/// It only ever answers for exact bytes. `Journal.habitIndex` (String keys,
/// which compare by canonical equivalence) stays the authority: a miss here
/// falls back to it, so the two always agree.
struct NameTable {
    /// Index into `entries` per slot, -1 when empty; the count is a power of two.
    private var slots = [Int32](repeating: -1, count: 64)
    private var entries: [(hash: UInt64, start: Int, end: Int, id: Int)] = []
    private var storage: [UInt8] = []

    var count: Int { entries.count }

    /// Eight bytes at a time (names are short; a byte-at-a-time hash showed
    /// in profiles of a million entries), the rest as one more word.
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(bytes.count)
        guard let base = bytes.baseAddress else { return h }
        let raw = UnsafeRawPointer(base)
        var i = 0
        while i + 8 <= bytes.count {
            h = (h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0x0000_0100_0000_01B3
            h ^= h >> 29
            i += 8
        }
        // The last 1 to 7 bytes as one word (shifts, not a multiply per byte).
        if i < bytes.count {
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while i < bytes.count {
                tail |= UInt64(base[i]) << shift
                shift += 8
                i += 1
            }
            h = (h ^ tail) &* 0x0000_0100_0000_01B3
        }
        // A full avalanche (MurmurHash3's finaliser): the slot is the low
        // bits, and without it names that differ in their last bytes
        // (`h0000001`, `h0000002`, ...) crowded into a few runs of slots, a
        // million inserts probing long clusters (issue 14).
        h = (h ^ (h >> 33)) &* 0xFF51_AFD7_ED55_8CCD
        h = (h ^ (h >> 33)) &* 0xC4CE_B9FE_1A85_EC53
        return h ^ (h >> 33)
    }

    /// The id stored for exactly these bytes.
    func lookup(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let h = Self.hash(bytes)
        return slots.withUnsafeBufferPointer { slots in
            entries.withUnsafeBufferPointer { entries in
                storage.withUnsafeBufferPointer { stored in
                    let mask = slots.count - 1
                    var i = Int(truncatingIfNeeded: h) & mask
                    while true {
                        let k = Int(slots[i])
                        if k < 0 { return nil }
                        let e = entries[k]
                        if e.hash == h, e.end - e.start == bytes.count, memcmpEqual(stored, e.start, bytes) { return e.id }
                        i = (i + 1) & mask
                    }
                }
            }
        }
    }

    /// Records `name` for `id` (replacing an earlier id for the same bytes).
    mutating func insert(_ name: String, id: Int) {
        var name = name
        name.withUTF8 { bytes in
            if let existing = index(of: bytes) { entries[existing].id = id; return }
            let start = storage.count
            storage.append(contentsOf: bytes)
            entries.append((Self.hash(bytes), start, storage.count, id))
            if entries.count * 2 > slots.count { rehash(slots.count * 2) } else { place(entries.count - 1) }
        }
    }

    /// Records `name`, known not to be in the table yet.
    mutating func insert(newName name: String, id: Int) {
        var name = name
        name.withUTF8 { bytes in
            assert(index(of: bytes) == nil)
            let start = storage.count
            storage.append(contentsOf: bytes)
            entries.append((Self.hash(bytes), start, storage.count, id))
            if entries.count * 2 > slots.count { rehash(slots.count * 2) } else { place(entries.count - 1) }
        }
    }

    private func index(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let h = Self.hash(bytes)
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: h) & mask
        while true {
            let k = Int(slots[i])
            if k < 0 { return nil }
            let e = entries[k]
            if e.hash == h, storage[e.start..<e.end].elementsEqual(bytes) { return k }
            i = (i + 1) & mask
        }
    }

    private mutating func place(_ k: Int) {
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: entries[k].hash) & mask
        while slots[i] >= 0 { i = (i + 1) & mask }
        slots[i] = Int32(k)
    }

    private mutating func rehash(_ capacity: Int) {
        slots = [Int32](repeating: -1, count: capacity)
        for k in entries.indices { place(k) }
    }
}

@inline(__always)
private func memcmpEqual(_ stored: UnsafeBufferPointer<UInt8>, _ start: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    for k in 0..<bytes.count where stored[start + k] != bytes[k] { return false }
    return true
}
