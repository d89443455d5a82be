import Testing
@testable import UnitsKit

/// Issue 15: `units export` loads the journal keeping the tokens of the
/// entry lines that have tags or a note (`keepingTagsAndNotes`), instead
/// of reading those lines again while it writes. The journal, its tags and
/// notes and its export must be exactly those of the whole-file parse.
@Suite struct ExportKeptNotesTests {
    @Test("a block parse keeping tags and notes is the same journal, and exports the same")
    func sameExport() throws {
        var kept = 0, plain = 0
        for (name, bytes) in try BlockParseTests.inputs() {
            let whole = Journal(tree: Parser.parse(SourceFile(path: name, bytes: bytes)), loader: .memory([:]))
            let wholeCSV = JournalExport(whole).csvBytes()
            let wholeJSON = JournalExport(whole).json()
            for blockLines in [1, 5, 4096] {
                var builder = JournalBuilder(loader: .memory([:]))
                builder.addParsingInBlocks(SourceFile(path: name, bytes: bytes), canonicalPath: name, blockLines: blockLines,
                                           keepingTagsAndNotes: true)
                let journal = builder.finish()
                #expect(journal.entries == whole.entries, "\(name) / \(blockLines)")
                #expect(ModelFingerprint(journal) == ModelFingerprint(whole), "\(name) / \(blockLines)")
                #expect(journal.diagnostics.map(BlockParseTests.describe) == whole.diagnostics.map(BlockParseTests.describe), "\(name) / \(blockLines)")
                #expect(JournalExport(journal).csvBytes() == wholeCSV, "\(name) / \(blockLines)")
                #expect(JournalExport(journal).json() == wholeJSON, "\(name) / \(blockLines)")
                // An entry line keeps its tokens exactly when it has a tag or
                // a note, and they are the whole parse's.
                let tree = journal.files[0], reference = whole.files[0]
                for (index, line) in tree.lines.enumerated() where line.kind == .entry {
                    let tokens = reference.tokens(of: reference.lines[index])
                    let noted = tokens.contains { $0.kind == .tag || $0.kind == .comment }
                    if noted {
                        #expect(line.tokenCount > 0, "\(name) line \(index + 1)")
                        #expect(Array(tree.tokens[line.tokenRange]) == Array(tokens), "\(name) line \(index + 1)")
                        kept += 1
                    } else if line.tokenCount == 0 {
                        plain += 1
                    }
                }
            }
        }
        // Both kinds of line occur (the test is not vacuous).
        #expect(kept > 50)
        #expect(plain > 50)
    }
}
