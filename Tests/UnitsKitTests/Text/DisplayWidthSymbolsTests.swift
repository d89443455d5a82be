import Testing
@testable import UnitsKit

/// `DisplayWidth.of` answers U+2500 to U+25FC (box drawing, blocks, the
/// history and bar glyphs) without a property lookup. That is exact only
/// while none of them is a mark or a format character and none is wide:
/// checked here against the Unicode data the runtime carries.
@Suite struct DisplayWidthSymbolsTests {
    @Test("box drawing, blocks and shapes up to U+25FC take one column, as their properties say")
    func symbolsTakeOneColumn() {
        for value in UInt32(0x2500)...0x25FC {
            let scalar = Unicode.Scalar(value)!
            let category = scalar.properties.generalCategory
            #expect(category != .nonspacingMark && category != .enclosingMark && category != .format, "U+\(String(value, radix: 16))")
            #expect(!scalar.properties.isEmojiPresentation, "U+\(String(value, radix: 16)) is wide")
            #expect(DisplayWidth.of(scalar) == 1)
        }
        // Past the range: the two wide squares stay wide.
        #expect(DisplayWidth.of(Unicode.Scalar(0x25FD)!) == 2 && DisplayWidth.of(Unicode.Scalar(0x25FE)!) == 2)
    }
}
