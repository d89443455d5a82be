/// Habit ids by the UTF-8 bytes of their names: the model builder's fast
/// path, so that a million entry lines find their habit without making a
/// million `String`s. Open addressing over FNV-1a hashes; the names' bytes
/// live in one flat buffer.
///
/// It only ever answers for exact bytes. `Journal.habitIndex` (String keys,
/// which compare by canonical equivalence) stays the authority: a miss here
/// falls back to it, so the two always agree.
struct NameTable {
    /// Per slot, 0 when empty, else the high 32 bits of the name's hash
    /// (its tag) over one more than its index into `entries`: a probe past
    /// another name compares tags in the slot, without reading that name's
    /// entry (at a million names, each read is a cache miss). A
    /// name's first slot is its tag's low bits. The count is a power of two.
    private var slots = [UInt64](repeating: 0, count: 64)
    private var entries: [Entry] = []
    private var storage: [UInt8] = []

    /// Where a name's bytes start in `storage`, and its id: 8 bytes. A
    /// name ends where the next one starts (names are stored in entry
    /// order), the last at the end of `storage`. (Under 4 GiB of names:
    /// a journal's files total under 4 GiB, `maximumIncludedBytes`.)
    private struct Entry {
        var start: UInt32
        var id: Int32
    }

    /// Where entry `k`'s bytes are in `storage`.
    @inline(__always)
    private static func bounds(_ entries: UnsafeBufferPointer<Entry>, _ k: Int, storageCount: Int) -> (start: Int, count: Int) {
        let start = Int(entries[k].start)
        let end = k + 1 < entries.count ? Int(entries[k + 1].start) : storageCount
        return (start, end - start)
    }

    @inline(__always) private static func tag(_ hash: UInt64) -> UInt64 { hash >> 32 }
    @inline(__always) private static func slot(tag: UInt64, entry: Int) -> UInt64 { tag << 32 | UInt64(entry + 1) }

    var count: Int { entries.count }

    /// Room for `count` names' records and (at the mean length so far) bytes.
    mutating func reserveCapacity(_ count: Int) {
        entries.reserveCapacity(count)
        if !entries.isEmpty { storage.reserveCapacity(storage.count / entries.count * count + 64) }
    }

    /// Recent answers for short names (up to 16 bytes), by a cheap hash of
    /// their words: a journal's entry lines name a few habits over and over,
    /// and a hit costs a multiply and two compares, not the full hash and
    /// probe. Only ever a copy of what the table says: `insert`
    /// forgets the line of the name it changes.
    /// (Empty until the first `recentLookup`.)
    private var recent: [RecentName] = []

    private struct RecentName {
        var first: UInt64 = 0
        var second: UInt64 = 0
        var count = -1
        var id = 0
    }

    private static let recentCount = 256

    /// A short name's two words (zero-padded) and its line in `recent`; nil
    /// for a name longer than 16 bytes or empty.
    @inline(__always)
    private static func recentKey(_ bytes: UnsafeBufferPointer<UInt8>) -> (first: UInt64, second: UInt64, line: Int)? {
        let n = bytes.count
        guard n > 0, n <= 16, let base = bytes.baseAddress else { return nil }
        let p = UnsafeRawPointer(base)
        let first = n >= 8 ? p.loadUnaligned(as: UInt64.self) : tail(p, n)
        let second = n == 16 ? p.loadUnaligned(fromByteOffset: 8, as: UInt64.self) : n > 8 ? tail(p + 8, n - 8) : 0
        let mixed = (first ^ (second &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(n)) &* 0x9E37_79B9_7F4A_7C15
        return (first, second, Int(truncatingIfNeeded: mixed >> 56) & (recentCount - 1))
    }

    /// `lookup`, answered from the recent names when it can be.
    @inline(__always)
    mutating func recentLookup(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let key = Self.recentKey(bytes) else { return lookup(bytes) }
        if recent.isEmpty { recent = Array(repeating: RecentName(), count: Self.recentCount) }
        let hit: Int? = recent.withUnsafeBufferPointer { recent in
            let line = recent[key.line]
            return line.count == bytes.count && line.first == key.first && line.second == key.second ? line.id : nil
        }
        if let hit { return hit }
        guard let id = lookup(bytes) else { return nil }
        recent[key.line] = RecentName(first: key.first, second: key.second, count: bytes.count, id: id)
        return id
    }

    /// Forgets what `recent` holds for these bytes (their id changes).
    private mutating func forgetRecent(_ bytes: UnsafeBufferPointer<UInt8>) {
        if !recent.isEmpty, let key = Self.recentKey(bytes) { recent[key.line].count = -1 }
    }

    /// Eight bytes at a time (names are short; a byte-at-a-time hash showed
    /// in profiles of a million entries), the rest as one more word.
    @inline(__always)
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
        // The last 1 to 7 bytes as one word.
        if i < bytes.count { h = (h ^ tail(raw + i, bytes.count - i)) &* 0x0000_0100_0000_01B3 }
        // A full avalanche (MurmurHash3's finaliser): the slot is the low
        // bits, and without it names that differ in their last bytes
        // (`h0000001`, `h0000002`, ...) crowded into a few runs of slots, a
        // million inserts probing long clusters.
        h = (h ^ (h >> 33)) &* 0xFF51_AFD7_ED55_8CCD
        h = (h ^ (h >> 33)) &* 0xC4CE_B9FE_1A85_EC53
        return h ^ (h >> 33)
    }

    /// `count` (1 to 7) bytes at `p` as a little-endian word, in at most
    /// three loads (no loop over the bytes).
    @inline(__always)
    static func tail(_ p: UnsafeRawPointer, _ count: Int) -> UInt64 {
        var word: UInt64 = 0, offset = 0
        if count & 4 != 0 { word = UInt64(p.loadUnaligned(as: UInt32.self)); offset = 4 }
        if count & 2 != 0 {
            word |= UInt64(p.loadUnaligned(fromByteOffset: offset, as: UInt16.self)) << UInt64(offset * 8)
            offset += 2
        }
        if count & 1 != 0 { word |= UInt64(p.load(fromByteOffset: offset, as: UInt8.self)) << UInt64(offset * 8) }
        return word
    }

    /// Whether the `count` bytes at `a` and `b` are equal (a word at a time).
    @inline(__always)
    static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int) -> Bool {
        var i = 0
        while i + 8 <= count {
            if a.loadUnaligned(fromByteOffset: i, as: UInt64.self) != b.loadUnaligned(fromByteOffset: i, as: UInt64.self) { return false }
            i += 8
        }
        return i == count || tail(a + i, count - i) == tail(b + i, count - i)
    }

    /// The id stored for exactly these bytes.
    func lookup(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let tag = Self.tag(Self.hash(bytes))
        return slots.withUnsafeBufferPointer { slots in
            entries.withUnsafeBufferPointer { entries in
                storage.withUnsafeBufferPointer { stored in
                    let mask = slots.count - 1
                    var i = Int(truncatingIfNeeded: tag) & mask
                    while true {
                        let slot = slots[i]
                        if slot == 0 { return nil }
                        if slot >> 32 == tag {
                            let k = Int(truncatingIfNeeded: slot & 0xFFFF_FFFF) - 1
                            let e = Self.bounds(entries, k, storageCount: stored.count)
                            if e.count == bytes.count,
                               e.count == 0 || Self.equal(UnsafeRawPointer(stored.baseAddress! + e.start), UnsafeRawPointer(bytes.baseAddress!), e.count) {
                                return Int(entries[k].id)
                            }
                        }
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
            forgetRecent(bytes)
            if let existing = index(of: bytes) { entries[existing].id = Int32(id); return }
            append(bytes, id: id)
        }
    }

    /// Records `name`, known not to be in the table yet.
    mutating func insert(newName name: String, id: Int) {
        var name = name
        name.withUTF8 { bytes in
            assert(index(of: bytes) == nil)
            forgetRecent(bytes)
            append(bytes, id: id)
        }
    }

    /// Adds a name that is not in the table. (Ids and name lengths fit in
    /// 32 bits: a journal's files are under 2 GiB each, with a budget for all.)
    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, id: Int) {
        let start = storage.count
        storage.append(contentsOf: bytes)
        entries.append(Entry(start: UInt32(truncatingIfNeeded: start), id: Int32(id)))
        if entries.count * 2 > slots.count { rehash(slots.count * 2) }
        place(entries.count - 1, tag: Self.tag(Self.hash(bytes)))
    }

    private func index(of bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let tag = Self.tag(Self.hash(bytes))
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: tag) & mask
        while true {
            let slot = slots[i]
            if slot == 0 { return nil }
            let k = Int(truncatingIfNeeded: slot & 0xFFFF_FFFF) - 1
            if slot >> 32 == tag {
                let e = entries.withUnsafeBufferPointer { Self.bounds($0, k, storageCount: storage.count) }
                if storage[e.start..<e.start + e.count].elementsEqual(bytes) { return k }
            }
            i = (i + 1) & mask
        }
    }

    private mutating func place(_ k: Int, tag: UInt64) {
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: tag) & mask
        while slots[i] != 0 { i = (i + 1) & mask }
        slots[i] = Self.slot(tag: tag, entry: k)
    }

    /// Grows the slots; each name's tag is read from its old slot, not hashed again.
    private mutating func rehash(_ capacity: Int) {
        let old = slots
        slots = [UInt64](repeating: 0, count: capacity)
        for slot in old where slot != 0 {
            place(Int(truncatingIfNeeded: slot & 0xFFFF_FFFF) - 1, tag: slot >> 32)
        }
    }
}
