/// Habit and group ids by name. Names compare as Swift `String`s do, by
/// canonical equivalence (a decomposed `é` is the precomposed one).
///
/// Entry lines look their name up by its bytes through a small cache of
/// recent names (entries name a few habits over and over): a hit makes no `String`.
struct NameIndex: Sendable {
    private var ids: [String: Int] = [:]
    /// Recent byte lookups of names up to 16 bytes, at a line chosen by a
    /// cheap hash of their words. Only found ids are kept, and a replaced id
    /// empties it, so it only ever says what `ids` says. Empty until the
    /// first `lookup`.
    private var recent: [RecentName] = []

    private struct RecentName: Sendable {
        var first: UInt64 = 0
        var second: UInt64 = 0
        var count = -1
        var id = 0
    }

    private static let recentCount = 256

    var count: Int { ids.count }

    mutating func reserveCapacity(_ count: Int) { ids.reserveCapacity(count) }

    /// The id of the habit or group with this name (or an equivalent spelling of it).
    subscript(name: String) -> Int? {
        get { ids[name] }
        set {
            guard let id = newValue else { return }
            if ids.updateValue(id, forKey: name) != nil { recent = [] }
        }
    }

    /// The id of the name these UTF-8 bytes spell (the builder's entry lines).
    mutating func lookup(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let key = Self.recentKey(bytes) else { return ids[String(decoding: bytes, as: UTF8.self)] }
        if recent.isEmpty { recent = Array(repeating: RecentName(), count: Self.recentCount) }
        let line = recent[key.line]
        if line.count == bytes.count && line.first == key.first && line.second == key.second { return line.id }
        guard let id = ids[String(decoding: bytes, as: UTF8.self)] else { return nil }
        recent[key.line] = RecentName(first: key.first, second: key.second, count: bytes.count, id: id)
        return id
    }

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
}
