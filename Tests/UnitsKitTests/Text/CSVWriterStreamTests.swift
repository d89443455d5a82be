import Testing
@testable import UnitsKit
import UnitsTestSupport

/// The reports' `--csv` is written in pieces: the pieces must
/// join to exactly what the collecting writer makes, each piece whole lines.
struct CSVWriterStreamTests {
    @Test func piecesJoinToTheWholeInWholeLines() {
        var random = SplitMix64(state: 2026)
        let words = ["Read", "=HYPERLINK(\"x\")", "a,b", "say \"hi\"", "", "line\nbreak", "-1", "+cmd|x", "読書", "\t"]
        for rows in [0, 1, 3, 5_000] {
            var whole = CSVWriter()
            var pieces: [String] = []
            let output = ReportOutput { pieces.append($0) }
            var streamed = CSVWriter(output: output)
            for _ in 0..<rows {
                let fields = (0..<1 + random.below(8)).map { _ in words[random.below(words.count)] + String(random.below(1000)) }
                whole.row(fields)
                streamed.row(fields)
            }
            streamed.close()
            let collected = whole.finish()
            #expect(pieces.joined() == collected, "\(rows) rows")
            if rows == 5_000 { #expect(pieces.count > 1, "a large CSV comes in several pieces") }
            for piece in pieces.dropLast() { #expect(piece.utf8.last == 0x0A) }   // whole lines, as `ReportOutput` hands them
        }
    }
}
