import Testing
@testable import UnitsKit
import UnitsTestSupport

/// The history matrix trims lines by bytes and fits them to the width by
/// bytes. Each must read exactly as the
/// plain version it stands for.
@Suite struct PictureStorageTests {
    @Test("every cell has one code, its place among all cells")
    func cellCodes() {
        for (k, cell) in HistoryMatrix.Cell.allCases.enumerated() {
            #expect(cell.code == k && HistoryMatrix.Cell.byCode[k] == cell)
        }
    }

    /// The Character loop the byte trim stands for.
    static func trimmedByCharacters(_ text: String) -> String {
        var s = Substring(text)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }

    @Test("trailing spaces trimmed by bytes are those the Character loop trims")
    func trimming() {
        // Prepended marks (GB9b join a following space), combining marks,
        // joiners, wide and ASCII glyphs, colour sequences.
        let pieces = ["a", "●", "◐", "·", "\u{0600}", "\u{06DD}", "\u{110BD}", "\u{0D4E}", "e\u{0301}", "\u{200D}", "👍🏽", "語",
                      "\u{1B}[32m", "\u{1B}[0m", " ", " ", "  ", "\t", "\u{0301}", "\u{11941}"]
        var random = SplitMix64(state: 77)
        for _ in 0..<5_000 {
            var text = ""
            for _ in 0..<random.below(6) { text += pieces[random.below(pieces.count)] }
            text += String(repeating: " ", count: random.below(4))
            #expect(text.trimmingTrailingSpaces == Self.trimmedByCharacters(text), "\(Array(text.unicodeScalars))")
        }
        #expect("\u{0600}  ".trimmingTrailingSpaces == Self.trimmedByCharacters("\u{0600}  "))
        #expect("● ●  ".trimmingTrailingSpaces == "● ●")
    }

    /// Line by line, each cut as `FitWidth.cut` cuts a line.
    static func fittedByLines(_ text: String, width: Int) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { FitWidth.cut($0, width: width) }.joined(separator: "\n")
    }

    @Test("fitting by bytes gives the lines cut one by one")
    func fitting() {
        let pieces = ["a", "bc", "●", "語", "e\u{0301}", "\u{1B}[32m", "\u{1B}[0m", " ", "\n", "\n", "👍🏽", "Reading"]
        var random = SplitMix64(state: 5)
        for _ in 0..<3_000 {
            var text = ""
            for _ in 0..<random.below(30) { text += pieces[random.below(pieces.count)] }
            let width = 1 + random.below(12)
            #expect(FitWidth.lines(text, width: width) == Self.fittedByLines(text, width: width), "\(text.debugDescription) / \(width)")
        }
    }
}
