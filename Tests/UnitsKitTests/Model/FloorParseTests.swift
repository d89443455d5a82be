import Testing
@testable import UnitsKit
import UnitsTestSupport

/// `floor:` values read over bytes, against the Character-wise reading
/// they replaced.
@Suite struct FloorParseTests {
    static func reference(_ text: String) -> Amount? {
        var number = Substring(text)
        if number.hasSuffix("/week") { number = number.dropLast(5) }
        guard case .valid(let value) = number.withUTF8({ NumberLexeme.parse($0) }) else { return nil }
        return value
    }

    @Test("every value reads as the Character-wise reading read it")
    func sameAsReference() {
        let cases = ["5", "5/week", "2.5/week", "0.25", "-1/week", "/week", "5/weeks", "5/Week", "5 /week", "", "week", "5/week/week",
                     "5\u{600}/week", "\u{600}5/week", "5/wee", "e5/week", "1e3/week", "5/week\u{301}", "5\u{301}/week", "５/week",
                     "999999999999999/week", "1.0000000001/week", "+5/week", "5/month"]
        for text in cases { #expect(JournalBuilder.parseFloor(text) == Self.reference(text), "\(text)") }
        #expect(JournalBuilder.parseFloor("5/week") == Amount(5))
        #expect(JournalBuilder.parseFloor("5/weeks") == nil)
        // Random strings over the bytes that matter.
        var generator = TestSeed.generator()
        let pool = ["5", "0", ".", "-", "/", "w", "e", "k", "\u{600}", "\u{301}", " ", "/week"]
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0...6, using: &generator)).map { _ in pool.randomElement(using: &generator)! }.joined()
            #expect(JournalBuilder.parseFloor(text) == Self.reference(text), "\(Array(text.unicodeScalars))")
        }
    }
}
