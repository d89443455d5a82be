import Testing
@testable import UnitsKit

/// A load lets go of the tokens of declaration and attribute lines too,
/// not only of entry lines: a million habits would hold millions of tokens
/// nothing reads again. Whatever asks for them gets them read again: the
/// same tokens, first token and model as the whole-file parse, on the
/// examples and on generated, messy and damaged journals (an attribute
/// line read alone must still be an attribute line).
@Suite struct DroppedDeclarationTokensTests {
    @Test("every line's tokens read again are the whole parse's")
    func sameTokens() throws {
        var dropped = 0
        for (name, bytes) in try BlockParseTests.inputs() {
            let file = SourceFile(path: name, bytes: bytes)
            let whole = Parser.parse(file)
            let wholeJournal = Journal(tree: whole, loader: .memory([:]))
            for blockLines in [1, 7, 4096] {
                var builder = JournalBuilder(loader: .memory([:]))
                builder.addParsingInBlocks(file, canonicalPath: name, blockLines: blockLines, droppingDeclarations: true)
                let journal = builder.finish()
                let tree = journal.files[0]
                #expect(ModelFingerprint(journal) == ModelFingerprint(wholeJournal), "\(name) / \(blockLines)")
                #expect(journal.diagnostics.map(BlockParseTests.describe) == wholeJournal.diagnostics.map(BlockParseTests.describe),
                        "\(name) / \(blockLines)")
                #expect(tree.lines.count == whole.lines.count)
                for index in whole.lines.indices {
                    let line = tree.lines[index], reference = whole.lines[index]
                    #expect(line.kind == reference.kind && line.start == reference.start && line.end == reference.end, "\(name) line \(index + 1)")
                    #expect(Array(tree.tokens(of: line)) == Array(whole.tokens(of: reference)), "\(name) line \(index + 1)")
                    #expect(tree.firstToken(of: line) == whole.firstToken(of: reference), "\(name) line \(index + 1)")
                    if line.kind != .entry, line.kind.tokensMayBeDropped {
                        #expect(line.tokenCount == 0, "\(name) line \(index + 1): let go")
                        dropped += 1
                    }
                }
                // The lines whose tokens stay (comments, options, tasks...) keep exactly theirs.
                let kept = whole.lines.filter { !$0.kind.tokensMayBeDropped }.reduce(0) { $0 + Int($1.tokenCount) }
                #expect(tree.tokens.count == kept, "\(name) / \(blockLines)")
            }
        }
        #expect(dropped > 1_000)
    }

    @Test("a load lets them go, with the whole parse's findings")
    func loadOptions() throws {
        let text = """
            units 1
            2025-01-01 habit Reading
              unit: page pg
              title: Reading
              floor: 5/week
            2025-01-01 habit Books
              title: reading
            2025-01-02 Reading 20
            """
        let loader = JournalLoader.memory(["/j.units": text])
        let report = Journal.load(path: "/j.units", loader: loader)
        let lint = Journal(tree: Parser.parse(SourceFile(path: "/j.units", text: text)), loader: loader)
        // Only the version line's tokens stay.
        #expect(report.files[0].tokens.count == lint.files[0].tokens(of: lint.files[0].lines[0]).count)
        #expect(lint.files[0].tokens.count > 10)
        let configuration = LintConfiguration(today: CivilDate(iso: "2025-01-03")!)
        let found = { (j: Journal) in Linter.lint(j, configuration: configuration).map(BlockParseTests.describe) }
        #expect(found(report) == found(lint))
        #expect(found(lint).contains { $0.contains("duplicate-title") })
    }
}

/// A habit is held in 96 bytes (ids as 32-bit values, flags
/// last); a journal of a million habits holds a million of them.
@Suite struct HabitLayoutTests {
    @Test("a habit takes at most 96 bytes, and its ids read back as set")
    func compact() {
        #expect(MemoryLayout<Habit>.stride <= 80)
        #expect(MemoryLayout<SourceRange?>.stride == 16)
        var habit = Habit(id: 1_000_000, name: "h", isGroup: false, declared: CivilDate(iso: "2025-01-01")!, location: nil)
        #expect(habit.id == 1_000_000 && habit.group == nil)
        habit.group = 0
        #expect(habit.group == 0)
        habit.group = 123_456
        #expect(habit.group == 123_456)
        habit.group = nil
        #expect(habit.group == nil)
        habit.id = 7
        #expect(habit.id == 7)
    }
}
