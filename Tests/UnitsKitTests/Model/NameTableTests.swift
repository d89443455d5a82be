import Testing
@testable import UnitsKit
import UnitsTestSupport

/// The builder's byte-keyed habit table: every name inserted is found with
/// its id, by exact bytes only, whatever its length (the hash reads eight
/// bytes at a time, then the rest).
struct NameTableTests {
    @Test func findsEveryNameByItsBytes() {
        var table = NameTable()
        var names: [String] = []
        for n in 0..<3_000 {
            // Shared prefixes of 8 and 16 bytes, lengths 1 to 40.
            let stem = ["Walk", "Walking-daily", "Reading.books.at", "a", "日本語の習慣"][n % 5]
            names.append(stem + String(repeating: "x", count: n % 23) + "\(n)")
        }
        for (id, name) in names.enumerated() { table.insert(name, id: id) }
        #expect(table.count == names.count)
        for (id, name) in names.enumerated() {
            var bytes = Array(name.utf8)
            #expect(bytes.withUnsafeBufferPointer { table.lookup($0) } == id, "\(name)")
            bytes.append(0x5F)
            #expect(bytes.withUnsafeBufferPointer { table.lookup($0) } == nil, "\(name)_")
            bytes.removeLast(2)
            if !bytes.isEmpty, !names.contains(String(decoding: bytes, as: UTF8.self)) {
                #expect(bytes.withUnsafeBufferPointer { table.lookup($0) } == nil)
            }
        }
        // Inserting a name again replaces its id.
        table.insert(names[7], id: 99_999)
        #expect(Array(names[7].utf8).withUnsafeBufferPointer { table.lookup($0) } == 99_999)
        #expect(table.count == names.count)
    }

    /// The word-at-a-time tail and comparison agree with a byte loop, at
    /// every length and every differing position.
    @Test func tailAndEqualAreTheByteLoops() {
        var random = SplitMix64(state: 7)
        for count in 0...40 {
            let a = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            a.withUnsafeBytes { pa in
                if count > 0, count < 8 {
                    var expected: UInt64 = 0
                    for (k, byte) in a.enumerated() { expected |= UInt64(byte) << UInt64(8 * k) }
                    #expect(NameTable.tail(pa.baseAddress!, count) == expected)
                }
                var same = a
                same.withUnsafeBytes { pb in
                    #expect(count == 0 || NameTable.equal(pa.baseAddress!, pb.baseAddress!, count))
                }
                for k in 0..<count {
                    same = a
                    same[k] ^= 1 << UInt8(k % 8)
                    same.withUnsafeBytes { pb in #expect(!NameTable.equal(pa.baseAddress!, pb.baseAddress!, count), "\(count) \(k)") }
                }
            }
        }
    }
}

/// The name byte classes, as one bit test each, are the definitions.
struct NameByteClassTests {
    @Test func startAndContinueAreTheDefinitions() {
        for value in 0...255 {
            let b = UInt8(value)
            let start = ASCII.isLetter(b) || b == ASCII.underscore || b >= 0x80
            #expect(NameLexeme.isStart(b) == start, "\(b)")
            #expect(NameLexeme.isContinue(b) == (start || ASCII.isDigit(b) || b == ASCII.minus || b == ASCII.dot), "\(b)")
        }
    }
}

/// The recent-names cache only ever answers what the table answers:
/// through evictions, misses, and a name whose id is replaced.
struct NameTableRecentTests {
    @Test func recentLookupIsLookup() {
        var table = NameTable()
        var names: [String] = []
        for n in 0..<2_000 { names.append(["R", "Reading", "Deep.work", "Fajr_on_time", "No-phone-in-bed1", "読書", "abcdefgh"][n % 7] + "\(n % 97)") }
        var random = SplitMix64(state: 5)
        for round in 0..<4 {
            for (id, name) in names.enumerated() where id % 4 == round { table.insert(name, id: id + round * 10_000) }
            for _ in 0..<20_000 {
                let name = names[random.below(names.count)] + (random.below(10) == 0 ? "x" : "")
                let bytes = Array(name.utf8)
                let (cached, plain) = bytes.withUnsafeBufferPointer { b in (table.recentLookup(b), table.lookup(b)) }
                #expect(cached == plain, "\(name)")
            }
        }
        // An id replaced: the cache forgets the old one.
        let bytes = Array(names[3].utf8)
        _ = bytes.withUnsafeBufferPointer { table.recentLookup($0) }
        table.insert(names[3], id: 77)
        #expect(bytes.withUnsafeBufferPointer { table.recentLookup($0) } == 77)
    }
}
