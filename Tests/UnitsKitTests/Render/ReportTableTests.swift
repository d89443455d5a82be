import Testing
@testable import UnitsKit

/// Report tables line up as the terminal shows them: journal text's control
/// characters are shown escaped (`\x1B`), so they take that width; the
/// renderers' own colour takes none.
@Suite struct ReportTableTests {
    @Test func aControlCharacterInACellTakesItsEscapedWidth() {
        let rows = [["A\u{1B}[31mB", "1"], ["Long-name-here", "2"]]
        let lines = ReportText.table(rows).map { TerminalText.sanitized($0, keepingColor: true) }
        #expect(lines == ["  A\\x1B[31mB      1", "  Long-name-here  2"])
    }

    @Test func colourTakesNoColumns() {
        let style = TextStyle(useColor: true)
        let rows = [[style.dim("ab"), "1"], ["abcd", "2"]]
        let lines = ReportText.table(rows).map { TerminalText.sanitized($0, keepingColor: false) }
        #expect(lines == ["  ab    1", "  abcd  2"])
    }

    @Test(arguments: [("plain", 5), ("a\u{7}b", 6), ("\u{9B}x", 7), ("日本", 4)])
    func widths(_ cell: String, _ width: Int) {
        #expect(ReportText.width(cell) == width)
    }
}
