import Testing
@testable import UnitsKit

@Suite struct CSVTests {
    @Test(arguments: [
        ("plain", "plain"),
        ("a,b", "\"a,b\""),
        ("say \"hi\"", "\"say \"\"hi\"\"\""),
        ("two\nlines", "\"two\nlines\""),
        ("", ""),
    ])
    func quotesOnlyWhenRFC4180Requires(text: String, field: String) {
        var writer = CSVWriter()
        writer.field(text)
        #expect(writer.finish() == field)
    }

    @Test func rowsRoundTripThroughTheReader() throws {
        let rows = [["date", "note"], ["2025-12-01", "a, \"quoted\"\nnote"], ["2025-12-02", ""]]
        var writer = CSVWriter()
        for row in rows { writer.row(row) }
        let text = writer.finish()
        let parsed = try CSV.parse(Array(text.utf8))
        #expect(parsed.map(\.fields) == rows)
        #expect(parsed.map(\.line) == [1, 2, 4])   // the quoted line break moves row 3 to line 4
    }

    @Test func readsLFRowsBOMAndTrailingCommas() throws {
        let parsed = try CSV.parse([0xEF, 0xBB, 0xBF] + Array("Date,A,\n2025-12-01,2,\n\n".utf8))
        #expect(parsed.map(\.fields) == [["Date", "A", ""], ["2025-12-01", "2", ""]])
    }

    @Test func reportsAnUnclosedQuoteWithItsLine() {
        #expect(throws: CSV.SyntaxError(line: 2, message: "a quoted field is never closed")) {
            try CSV.parse(Array("a,b\n1,\"open\n".utf8))
        }
    }
}
