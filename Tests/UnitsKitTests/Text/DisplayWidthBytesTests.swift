import Testing
@testable import UnitsKit
import UnitsTestSupport

/// The byte paths of the width measures against what they replaced: a
/// string's width as the sum of its scalars' widths, and a line's visible
/// width through `ReportText.stripped` of a `String` (every line
/// of a million-row picture is measured).
@Suite struct DisplayWidthBytesTests {
    static func reference(_ text: String) -> Int { text.unicodeScalars.reduce(0) { $0 + DisplayWidth.of($1) } }

    /// Scalars of every width class and UTF-8 length: ASCII and controls,
    /// Latin-1 and the soft hyphen, combining marks, zero-width joiner, the
    /// picture glyphs, CJK, Hangul parts, emoji, a noncharacter, the marker.
    static let pool: [UInt32] = [0x00, 0x09, 0x1B, 0x20, 0x41, 0x7E, 0x7F, 0x85, 0xA0, 0xAD, 0xE9, 0x301, 0x416, 0x5D0,
                                 0x200D, 0x2588, 0x25CF, 0x25FD, 0x3042, 0x8AAD, 0x1160, 0xAC00, 0xFE0F, 0xFEFF,
                                 0xFDD0, 0xFF21, 0x1F600, 0x1F468, 0x20000, 0x10FFFD, 0x5B, 0x33, 0x6D, 0x3B]

    static func text(_ values: [UInt32]) -> String { String(String.UnicodeScalarView(values.map { Unicode.Scalar($0)! })) }

    @Test("a string's width over its bytes is the sum over its scalars")
    func stringWidth() {
        var generator = TestSeed.generator()
        for _ in 0..<5_000 {
            let values = (0..<Int.random(in: 0...24, using: &generator)).map { _ in Self.pool.randomElement(using: &generator)! }
            let string = Self.text(values)
            #expect(DisplayWidth.of(string) == Self.reference(string), "\(values)")
            // A substring (its bytes are a slice of the string's).
            let tail = string.dropFirst(values.count / 2)
            #expect(DisplayWidth.of(tail) == Self.reference(String(tail)), "\(values)")
        }
        let cases: [(String, Int)] = [("", 0), ("abc", 3), ("é", 1), ("e\u{301}", 1), ("読書", 4), ("●○·", 3), ("😀", 2), ("a\u{1B}b", 2)]
        for (string, width) in cases { #expect(DisplayWidth.of(string) == width, "\(string)") }
    }

    @Test("a line's visible width is that of the stripped string")
    func lineWidth() {
        var generator = TestSeed.generator()
        let sequences = [TerminalText.sgr("38;5;110"), TerminalText.reset, "\u{1B}[31m", "\u{1B}[0m", "\u{1B}]0;x"]
        for _ in 0..<3_000 {
            var line = ""
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                if Bool.random(using: &generator) { line += sequences.randomElement(using: &generator)! } else {
                    line += Self.text([Self.pool.randomElement(using: &generator)!])
                }
            }
            line = String(line.filter { $0 != "\n" })
            #expect(TerminalStyle.visibleWidth(line) == DisplayWidth.of(ReportText.stripped(line)))
        }
    }
}
