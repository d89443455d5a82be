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
        let style = TerminalStyle(color: true)
        let rows = [[style.dim("ab"), "1"], ["abcd", "2"]]
        let lines = ReportText.table(rows).map { TerminalText.sanitized($0, keepingColor: false) }
        #expect(lines == ["  ab    1", "  abcd  2"])
    }

    @Test(arguments: [("plain", 5), ("a\u{7}b", 6), ("\u{9B}x", 7), ("日本", 4)])
    func widths(_ cell: String, _ width: Int) {
        #expect(ReportText.width(cell) == width)
    }

    /// The streamed table is the same text as the table made whole.
    @Test func writtenInPiecesIsTheWholeTable() {
        let style = TerminalStyle(color: true)
        let cells = ["a", "", "Long name", "日本", "x\u{1B}[31m", style.dim("dim"), "  ", "9", "12.5", "é"]
        for seed in 0..<40 {
            var generator = SplitMix(seed: UInt64(seed))
            let count = Int(generator.next() % 3000)
            let columns = 1 + Int(generator.next() % 5)
            let rows = (0..<count).map { _ in (0..<columns).map { _ in cells[Int(generator.next() % UInt64(cells.count))] } }
            let right: Set<Int> = seed % 2 == 0 ? [] : [1, 3]
            let whole = ReportText.table(rows, right: right).map { $0 + "\n" }.joined()
            let streamed = ReportOutput.collect { ReportText.writeTable(count: count, right: right, to: $0) { rows[$0] } }
            #expect(streamed == whole)
        }
    }
}

/// A small deterministic generator for the table test.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
