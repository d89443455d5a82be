/// Byte comparison and search on raw memory (the C library's memcmp and
/// memchr, vectorised), for the formatter's and the write path's hot loops.
public enum SystemBytes {
    /// Whether the `count` bytes at `a` and at `b` are the same.
    @inline(__always)
    public static func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
        memcmp(a, b, count) == 0
    }

    /// The first `byte` in the `count` bytes from `start`; nil when none.
    @inline(__always)
    public static func first(_ byte: UInt8, from start: UnsafeRawPointer, count: Int) -> UnsafeRawPointer? {
        memchr(start, Int32(byte), count).map { UnsafeRawPointer($0) }
    }
}

extension SystemMemory {
    /// A private read-only mapping of `count` bytes of the open file `fd`;
    /// nil if the system refuses.
    static func mapReadOnly(_ fd: Int32, count: Int) -> UnsafeRawPointer? {
        let address = mmap(nil, count, PROT_READ, MAP_PRIVATE, fd, 0)
        guard let address, address != MAP_FAILED else { return nil }
        return UnsafeRawPointer(address)
    }

    /// Ends a mapping from `mapReadOnly`.
    static func unmap(_ address: UnsafeRawPointer, count: Int) {
        munmap(UnsafeMutableRawPointer(mutating: address), count)
    }
}

extension SystemBytes {
    // On arrays, for the write path and the merge (whole journals, every write).

    /// How many leading bytes `a` and `b` share.
    public static func commonPrefix(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Int {
        a.withUnsafeBytes { x in
            b.withUnsafeBytes { y in
                let n = min(x.count, y.count)
                var i = 0
                while i + 8 <= n, x.loadUnaligned(fromByteOffset: i, as: UInt64.self) == y.loadUnaligned(fromByteOffset: i, as: UInt64.self) { i += 8 }
                while i < n, x[i] == y[i] { i += 1 }
                return i
            }
        }
    }

    /// How many trailing bytes `a` and `b` share.
    public static func commonSuffix(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Int {
        a.withUnsafeBytes { x in
            b.withUnsafeBytes { y in
                let n = min(x.count, y.count)
                var i = 0
                while i + 8 <= n, x.loadUnaligned(fromByteOffset: x.count - i - 8, as: UInt64.self)
                    == y.loadUnaligned(fromByteOffset: y.count - i - 8, as: UInt64.self) { i += 8 }
                while i < n, x[x.count - 1 - i] == y[y.count - 1 - i] { i += 1 }
                return i
            }
        }
    }

    /// Whether `a` and `b` hold the same bytes.
    public static func equal(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Bool {
        a.count == b.count && a.withUnsafeBytes { x in
            b.withUnsafeBytes { y in x.isEmpty || equal(x.baseAddress!, y.baseAddress!, count: x.count) }
        }
    }

    /// Whether `needle` (not empty) occurs in `bytes`: from one candidate
    /// first byte to the next, not byte by byte.
    public static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { b in
            needle.withUnsafeBytes { n in
                guard !n.isEmpty, b.count >= n.count else { return false }
                let base = b.baseAddress!, last = b.count - n.count
                var i = 0
                while i <= last {
                    guard let hit = first(n[0], from: base + i, count: last - i + 1) else { return false }
                    i = base.distance(to: hit)
                    if equal(base + i, n.baseAddress!, count: n.count) { return true }
                    i += 1
                }
                return false
            }
        }
    }
}
