import Testing
@testable import UnitsKit
import UnitsTestSupport

/// `ReportText.plural`'s byte path for short ASCII names against the
/// Character-wise spelling it stands in for.
@Suite struct PluralBytesTests {
    @Test("every name takes the ending the Character-wise rules give it")
    func sameAsSpelled() {
        let names = ["page", "Page", "PAGE", "box", "quiz", "church", "wish", "day", "story", "Story", "y", "ay", "by", "key", "reps", "km", "KM",
                     "Km", "min", "h", "glass of water", "a b", "x", "", "s", "ch", "sh", "mile", "inch", "INCH", "abcdefghijklmno", "abcdefghijklmnop",
                     "page\r", "pa\r\nge", "m²", "読書", "café", "9", "page9", "page_", "Y", "oz", "st", "lb"]
        for name in names {
            #expect(ReportText.plural(name, Amount(2)) == ReportText.pluralSpelled(name), "\(name)")
            #expect(ReportText.plural(name, .one) == name)
        }
        var generator = TestSeed.generator()
        let pool = Array("abchsxyzkmAYSH \r\n-_9".utf8)
        for _ in 0..<5_000 {
            let name = String(decoding: (0..<Int.random(in: 0...18, using: &generator)).map { _ in pool.randomElement(using: &generator)! }, as: UTF8.self)
            #expect(ReportText.plural(name, Amount(3)) == ReportText.pluralSpelled(name), "\(Array(name.utf8))")
        }
        for symbol in ReportText.unitSymbols { #expect(ReportText.plural(symbol, Amount(2)) == symbol) }
    }
}
