import Testing
@testable import UnitsKit
import UnitsTestSupport

/// A load lets go of every entry line's tokens; the exports read the lines
/// with tags or a note again. The journal, its tags and notes and its
/// export must be exactly those of the whole-file parse.
@Suite struct ExportKeptNotesTests {
    @Test("a block parse is the same journal, and exports the same")
    func sameExport() throws {
        var noted = 0
        for (name, bytes) in try BlockParseTests.inputs() {
            let whole = Journal(tree: Parser.parse(SourceFile(path: name, bytes: bytes)), loader: .memory([:]))
            let wholeCSV = JournalExport(whole).csvBytes()
            let wholeJSON = JournalExport(whole).json()
            for blockLines in [1, 5, 4096] {
                var builder = JournalBuilder(loader: .memory([:]))
                builder.addParsingInBlocks(SourceFile(path: name, bytes: bytes), canonicalPath: name, blockLines: blockLines)
                let journal = builder.finish()
                #expect(journal.entries == whole.entries, "\(name) / \(blockLines)")
                #expect(ModelFingerprint(journal) == ModelFingerprint(whole), "\(name) / \(blockLines)")
                #expect(journal.diagnostics.map(BlockParseTests.describe) == whole.diagnostics.map(BlockParseTests.describe), "\(name) / \(blockLines)")
                #expect(JournalExport(journal).csvBytes() == wholeCSV, "\(name) / \(blockLines)")
                #expect(JournalExport(journal).json() == wholeJSON, "\(name) / \(blockLines)")
                let reference = whole.files[0]
                for line in reference.lines where line.kind == .entry {
                    if reference.tokens(of: line).contains(where: { $0.kind == .tag || $0.kind == .comment }) { noted += 1 }
                }
            }
        }
        // Lines with tags or notes occur (the test is not vacuous).
        #expect(noted > 50)
    }

    /// On a journal with many distinct values, unit changes, check goals,
    /// negative amounts, and line numbers that jump and carry (9 to 10, 99
    /// to 100...), the writer writes what the field-by-field reference writes.
    @Test("values, unit and goal changes and line numbers agree with the reference")
    func fieldsAgreeWithTheReference() {
        var text = """
            units 1
            2020-01-01 habit Walk
              unit: lap
              size: 0.25 miles
            2020-01-01 habit Read
              unit: page pg
            2020-01-01 habit Sit
              kind: check
              goal: 10
              min: 5

            """
        var random = SplitMix64(state: 1515)
        let first = CivilDate(iso: "2020-01-02")!.dayNumber
        for i in 0..<20_000 {
            if random.next() % 9 == 0 { text += String(repeating: "\n", count: Int(random.next() % 120)) }
            let date = CivilDate(dayNumber: first + Int32(i / 30)).description
            if i == 8_000 { text += "\(date) unit Walk mile mi = 1.5 miles\n" }
            if i == 12_000 { text += "\(date) goal Sit 20\n" }
            let value = Int(random.next() % 40_000) - 2_000
            let spelled = "\(value / 100).\(abs(value % 100))"
            switch random.next() % 4 {
            case 0: text += "\(date) Walk \(spelled)"
            case 1: text += "\(date) Read \(value / 10)"
            case 2: text += "\(date) Sit \(["yes", "no", "kinda", "skip"][Int(random.next() % 4)])"
            default: text += "\(date) Sit \(abs(value) % 30)"
            }
            if random.next() % 5 == 0 { text += " #t\(i % 7)" }
            if random.next() % 5 == 0 { text += " ; note \(i)" }
            text += "\n"
        }
        do {
            let journal = Journal.load(path: "j.units", loader: .memory(["j.units": text]))
            #expect(!journal.hasErrors)
            #expect(journal.entries.count == 20_000)
            for guardFormulas in [true, false] {
                #expect(JournalExport(journal).csv(guardFormulas: guardFormulas) == ExportCSVOracle(journal).csv(guardFormulas: guardFormulas), "guard \(guardFormulas)")
            }
        }
    }
}
