import Testing
@testable import UnitsKit
import UnitsTestSupport

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

    /// The streamed table is the same text as the table made
    /// whole, and no line is wider than the bound the today view trusts.
    @Test func writtenInPiecesIsTheWholeTable() {
        let style = TerminalStyle(color: true)
        let cells = ["a", "", "Long name", "日本", "x\u{1B}[31m", style.dim("dim"), "  ", "9", "12.5", "é"]
        for seed in 0..<40 {
            var generator = SplitMix(seed: UInt64(seed))
            let count = Int(generator.next() % 3000)
            let columns = 1 + Int(generator.next() % 5)
            let rows = (0..<count).map { _ in (0..<columns).map { _ in cells[Int(generator.next() % UInt64(cells.count))] } }
            let right: Set<Int> = seed % 2 == 0 ? [] : [1, 3]
            let whole = ReportText.measuredTable(count: count, right: right) { rows[$0] }
            let streamed = ReportOutput.collect { ReportText.writeTable(count: count, right: right, to: $0) { rows[$0] } }
            #expect(streamed == whole.text)
            let bound = ReportText.widthBound(ReportText.columnWidths(count: count) { rows[$0] }, indent: "  ")
            #expect(whole.widest <= bound)
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

/// `ReportText.tableLine` builds its line as bytes with the
/// right-aligned columns as bits. It must give what the String version
/// gave, on cells of every kind (wide, combining, prepended marks,
/// colour, trailing spaces) and right-aligned sets of every shape.
@Suite struct TableLineBytesTests {
    /// The String version the byte version replaced.
    static func reference(_ row: [String], widths: [Int], right: Set<Int>, indent: String) -> String {
        var line = indent
        let last = row.count - 1
        for (k, cell) in row.enumerated() {
            let pad = widths[k] - ReportText.width(cell)
            if !right.isEmpty && right.contains(k) {
                ReportText.appendSpaces(pad, to: &line)
                line += cell
            } else {
                line += cell
                if k != last { ReportText.appendSpaces(pad, to: &line) }
            }
            if k < last { line += "  " }
        }
        while line.utf8.last == 0x20 && line.hasSuffix(" ") { line.removeLast() }
        return line
    }

    @Test("the byte-built line is the String-built one")
    func sameLine() {
        let pieces = ["", "a", "12.5", "語", "e\u{0301}", "\u{0600}", " ", "  ", "●", "\u{1B}[32m", "\u{1B}[0m", "Reading", "👍🏽"]
        var random = SplitMix64(state: 2024)
        for _ in 0..<5_000 {
            let columns = 1 + random.below(6)
            var row: [String] = []
            for _ in 0..<columns {
                var cell = ""
                for _ in 0..<random.below(4) { cell += pieces[random.below(pieces.count)] }
                row.append(cell)
            }
            let widths = row.map { ReportText.width($0) + random.below(3) }
            var right = Set<Int>()
            for k in 0..<columns where random.oneIn(2) { right.insert(k) }
            if random.oneIn(10) { right.insert(70) }
            let indent = random.oneIn(2) ? "  " : ""
            #expect(ReportText.tableLine(row, widths: widths, right: right, indent: indent)
                    == Self.reference(row, widths: widths, right: right, indent: indent), "\(row) \(right)")
        }
    }
}
