/// Byte comparisons and copies between whole buffers, for the formatter
/// and the checks that compare printed text with a file (one memcmp or copy).
extension Array where Element == UInt8 {
    /// Whether `self[range]` equals `other[at ..< at + range.count]`
    /// (false when `other` is too short).
    func bytesEqual(_ range: Range<Int>, _ other: [UInt8], at: Int) -> Bool {
        guard range.count > 0 else { return true }
        guard at >= 0, at + range.count <= other.count else { return false }
        return withUnsafeBufferPointer { a in
            other.withUnsafeBufferPointer { b in SystemBytes.equal(a.baseAddress! + range.lowerBound, b.baseAddress! + at, count: range.count) }
        }
    }

    /// Appends `source[range]` in one copy.
    mutating func appendBytes(of source: [UInt8], _ range: Range<Int>) {
        source.withUnsafeBufferPointer { append(contentsOf: UnsafeBufferPointer(rebasing: $0[range])) }
    }
}
