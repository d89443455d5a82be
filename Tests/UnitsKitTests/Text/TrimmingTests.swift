import Testing
@testable import UnitsKit
import UnitsTestSupport

/// `trimmingTrailingSpaces` takes a byte path for speed; it must
/// give exactly what trimming Characters gives, including where a space
/// joins the scalar before it into one cluster (a prepended mark, U+0600).
@Suite struct TrimmingTests {
    static func byCharacters(_ text: String) -> String {
        var s = Substring(text)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }

    @Test(arguments: ["", " ", "   ", "a", "a ", "a  ", " a ", "\u{600} ", "\u{600}  ", "x\u{600} ", "é ", "e\u{301} ",
                      " \u{301}", "日本  ", "\r ", "a\t ", "\u{1B}[0m ", "\u{2028} "])
    func sameAsCharacters(_ text: String) {
        #expect(text.trimmingTrailingSpaces == Self.byCharacters(text))
    }

    @Test func randomStringsTrimAsCharactersDo() {
        let pieces = [" ", "  ", "a", "\u{600}", "\u{301}", "é", "日", "\t", "\r", "\n", "\u{200D}", "👍", "\u{1F3FB}", "○", "\u{110B}"]
        var generator = TestSeed.generator()
        for _ in 0..<5_000 {
            var text = ""
            for _ in 0..<Int.random(in: 0...8, using: &generator) { text += pieces.randomElement(using: &generator)! }
            #expect(text.trimmingTrailingSpaces == Self.byCharacters(text), "\(Array(text.unicodeScalars))")
        }
    }
}
