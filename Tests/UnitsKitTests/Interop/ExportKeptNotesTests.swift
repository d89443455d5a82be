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

    /// The tags and notes a load records while parsing (the fast path's
    /// plain lines, the general path's lines with tabs, and lines read
    /// again after an include) are those of the whole-file parse's tokens.
    @Test("recorded tags and notes are the tokens' tags and notes")
    func recordedTagsAndNotes() {
        let lines = [
            "2025-01-02 Walk 3 #a #b ; a note", "2025-01-02 Walk 3\t#a\t#b\t;\ttabbed note ", "2025-01-02 Walk 3 ;",
            "2025-01-02 Walk 3 #only", "2025-01-02 Walk 3   ;  note ; with ; semicolons", "2025-01-02 Walk 4",
            "2025-01-02 Walk 3 #t ; café", "2025-01/03 Walk 2 #bad-date ; kept",
        ]
        let text = "units 1\n2025-01-01 habit Walk\n" + lines.joined(separator: "\n") + "\n"
        let expected: [([String], String?)] = [
            (["a", "b"], "a note"), (["a", "b"], "tabbed note"), ([], nil), (["only"], nil),
            ([], "note ; with ; semicolons"), ([], nil), (["t"], "café"),
        ]
        let whole = Journal(tree: Parser.parse(SourceFile(path: "j", text: text)), loader: .memory([:]))
        for blockLines in [1, 3, 4096] {
            var builder = JournalBuilder(loader: .memory([:]))
            builder.addParsingInBlocks(SourceFile(path: "j", text: text), canonicalPath: "j", blockLines: blockLines)
            let journal = builder.finish()
            #expect(journal.files[0].entryTexts.isRecorded)
            #expect(journal.entries.count == whole.entries.count)
            for (k, (entry, reference)) in zip(journal.entries, whole.entries).enumerated() {
                #expect(journal.tags(of: entry) == whole.tags(of: reference), "line \(k) / \(blockLines)")
                #expect(journal.note(of: entry) == whole.note(of: reference), "line \(k) / \(blockLines)")
                if k < expected.count {
                    #expect(journal.tags(of: entry) == expected[k].0 && journal.note(of: entry) == expected[k].1, "line \(k)")
                }
            }
            let walked = journal.entriesWithText.map { ($0.tags, $0.note) }
            #expect(walked.map(\.0) == journal.entries.map { journal.tags(of: $0) })
            #expect(walked.map(\.1) == journal.entries.map { journal.note(of: $0) })
        }
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
