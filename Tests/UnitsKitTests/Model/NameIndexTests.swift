import Testing
@testable import UnitsKit

/// `NameIndex` answers as the `[String: Int]` it replaced: by canonical
/// equivalence, not only by bytes.
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
        // The byte path answers exact bytes only.
        var kelvin = "Kettlebell"
        #expect(kelvin.withUTF8 { index.lookup($0) } == nil)
        #expect(index["Kettlebell"] == 2)
    }

    /// The three scalars whose canonical decomposition is ASCII are the only
    /// ones: a String equal to an ASCII one is ASCII but for these.
    @Test func onlyThreeScalarsAreEquivalentToASCII() {
        var ascii: [String: UInt32] = [:]
        for v in 0..<128 { ascii[String(Unicode.Scalar(UInt8(v)))] = UInt32(v) }
        var found: [UInt32] = []
        for v in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(v), ascii[String(scalar)] != nil else { continue }
            found.append(v)
        }
        #expect(found == [0x37E, 0x1FEF, 0x212A])
    }
}
