import Testing
@testable import UnitsKit

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
}
