import Testing
@testable import UnitsKit
import UnitsTestSupport

/// `ReportText.mayHoldColor`, the byte scan in front of every width
/// measure, against what it replaced: a scan for ESC and for the colour
/// marker scalar U+FDD0.
@Suite struct ColorMarkerScanTests {
    static func reference(_ text: String) -> Bool {
        text.utf8.contains(0x1B) || text.unicodeScalars.contains(TerminalText.colorIntroducer)
    }

    /// A string of these scalars (Swift refuses noncharacters in literals).
    static func text(_ values: [UInt32]) -> String {
        String(String.UnicodeScalarView(values.map { Unicode.Scalar($0)! }))
    }

    @Test("the byte scan finds ESC and U+FDD0, and nothing else")
    func table() {
        let cases: [([UInt32], Bool)] = [
            ([], false), ([0x61, 0x62], false), ([0x1B, 0x5B, 0x31, 0x6D], true), ([0x61, 0x1B], true),
            ([0xFDD0], true), ([0x78, 0xFDD0, 0x79], true), ([0xFDD1], false), ([0xFDCF], false),
            ([0xFF00], false), ([0x8AAD, 0x66F8], false), ([0xEFB7], false), ([0xE9, 0xFDD0], true),
            ([0xFDD0, 0xFDD0], true), ([0x7DD0], false),
        ]
        for (values, expected) in cases {
            let string = Self.text(values)
            #expect(ReportText.mayHoldColor(string) == expected, "\(values)")
            #expect(Self.reference(string) == expected, "\(values)")
        }
    }

    @Test("random text: the byte scan answers as the scalar scan")
    func random() {
        var generator = TestSeed.generator()
        let pool: [UInt32] = [0x61, 0x20, 0x1B, 0xFDD0, 0xFDD1, 0xEF, 0xB7, 0x90, 0xFEFF, 0x8AAD, 0x1F600, 0x7DD0]
        for _ in 0..<2_000 {
            let values = (0..<Int.random(in: 0...8, using: &generator)).map { _ in pool.randomElement(using: &generator)! }
            let string = Self.text(values)
            #expect(ReportText.mayHoldColor(string) == Self.reference(string), "\(values)")
        }
        // A string made from a substring of another: still answered.
        let long = Self.text([0x61, 0x62, 0x63, 0xFDD0, 0x64])
        #expect(ReportText.mayHoldColor(String(long.dropFirst(3))) == true)
        #expect(ReportText.mayHoldColor(String(long.dropFirst(4))) == false)
    }
}
