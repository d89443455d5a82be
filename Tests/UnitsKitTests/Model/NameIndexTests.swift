import Testing
@testable import UnitsKit
import UnitsTestSupport

/// `NameIndex` answers as a `[String: Int]`: by canonical equivalence, by
/// String and by bytes.
@Suite struct NameIndexTests {
    /// The names stored, and spellings looked for that are stored under another spelling or not at all.
    static let stored = ["Reading", "Caf\u{E9}", "\u{212A}ettlebell", "Gym;", "`tick", "読書", "Se\u{301}ance", "Mix\u{37E}\u{E9}", "General"]
    static let asked = ["Reading", "reading", "Cafe\u{301}", "Caf\u{E9}", "Kettlebell", "\u{212A}ettlebell", "Gym\u{37E}", "Gym;",
                        "\u{1FEF}tick", "`tick", "読書", "S\u{E9}ance", "Mix;e\u{301}", "Mix;\u{E9}", "Nope", "K", "\u{212A}", "", "General"]

    @Test func answersAsAStringDictionary() {
        var index = NameIndex()
        var dictionary: [String: Int] = [:]
        for (id, name) in Self.stored.enumerated() {
            index[name] = id
            dictionary[name] = id
        }
        #expect(index.count == Self.stored.count)
        for name in Self.asked + Self.stored {
            #expect(index[name] == dictionary[name], "\(name.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        for name in Self.asked + Self.stored {
            var bytes = name
            #expect(bytes.withUTF8 { index.lookup($0) } == dictionary[name], "\(name)")
        }
    }

    /// The recent-names cache only ever answers what the index answers:
    /// through evictions, misses, and a name whose id is replaced.
    @Test func recentLookupIsLookup() {
        var index = NameIndex()
        var names: [String] = []
        for n in 0..<2_000 { names.append(["R", "Reading", "Deep.work", "Fajr_on_time", "No-phone-in-bed1", "読書", "abcdefgh"][n % 7] + "\(n % 97)") }
        var random = SplitMix64(state: 5)
        for round in 0..<4 {
            for (id, name) in names.enumerated() where id % 4 == round { index[name] = id + round * 10_000 }
            for _ in 0..<20_000 {
                let name = names[random.below(names.count)] + (random.below(10) == 0 ? "x" : "")
                let bytes = Array(name.utf8)
                #expect(bytes.withUnsafeBufferPointer { index.lookup($0) } == index[name], "\(name)")
            }
        }
        // An id replaced: the cache forgets the old one.
        let bytes = Array(names[3].utf8)
        _ = bytes.withUnsafeBufferPointer { index.lookup($0) }
        index[names[3]] = 77
        #expect(bytes.withUnsafeBufferPointer { index.lookup($0) } == 77)
    }
}
