import Testing
@testable import UnitsKit

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
