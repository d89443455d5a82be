import Testing
@testable import UnitsKit
import UnitsTestSupport

/// The journal's size limits: each gives an answer or a clear error, never a
/// crash, a hang or unbounded memory. (The 100 MB journal is a bench case:
/// `units-bench` times it.)
@Suite struct LimitsTests {
    @Test("a 10 MB single line parses, and its note is kept whole")
    func tenMegabyteLine() throws {
        let note = String(repeating: "long note ", count: 1_048_576)   // 10 MiB
        let text = "2025-01-01 habit Reading\n2025-01-02 Reading 3 ; \(note)"
        let journal = Journal(parsing: text)
        #expect(journal.diagnostics.isEmpty)
        let entry = try #require(journal.entries.first)
        #expect(journal.note(of: entry)?.utf8.count == note.utf8.count - 1)   // trailing space trimmed
        #expect(journal.files[0].printed() == Array(text.utf8))
    }

    /// Comment lines cost a journal their line record and no more: a block
    /// parse keeps no token for them (each is read again when asked), and
    /// every reading of them is what a full parse and the parser without its
    /// shortcuts give.
    @Test("comment lines keep no tokens in a loaded journal, and read the same")
    func commentLines() throws {
        let shapes = ["#", "; c", "   ; indented", "#no space", ";", "; units-lint: disable-next-line date-order", "\t; tabbed",
                      "; café", "  # hash after spaces", "; trailing   "]
        var text = "units 1\n2025-01-01 habit Reading\n2025-01-03 Reading 1\n"
        for i in 0..<20_000 { text += shapes[i % shapes.count] + (i % 7 == 0 ? "\r\n" : "\n") }
        text += "2025-01-02 Reading 3\n"
        let journal = Journal.load(path: "c.units", loader: .memory(["c.units": text]))
        #expect(journal.diagnostics.isEmpty, "\(journal.diagnostics.prefix(3))")
        let loaded = journal.files[0]
        #expect(loaded.tokens.count < 100, "\(loaded.tokens.count) tokens held")
        let file = SourceFile(path: "c.units", text: text)
        let full = Parser.parse(file), reference = Parser.parseWithoutFastPath(file)
        #expect(full.lines.count == loaded.lines.count && reference.lines.count == loaded.lines.count)
        for index in full.lines.indices {
            #expect(full.lines[index] == reference.lines[index], "line \(index + 1)")
            #expect(full.lines[index].kind == loaded.lines[index].kind, "line \(index + 1)")
            #expect(Array(full.tokens(of: full.lines[index])) == Array(reference.tokens(of: reference.lines[index])), "line \(index + 1)")
            #expect(Array(loaded.tokens(of: loaded.lines[index])) == Array(full.tokens(of: full.lines[index])), "line \(index + 1)")
            #expect(loaded.firstToken(of: loaded.lines[index]) == full.firstToken(of: full.lines[index]), "line \(index + 1)")
        }
        // The linter still hears a comment that talks to it: the date-order
        // warning on the entry after it is silenced.
        let lint = Linter.lint(journal, configuration: LintConfiguration(today: CivilDate(iso: "2025-12-14")!))
        #expect(!lint.contains { $0.rule == "date-order" }, "\(lint.prefix(3))")
    }

    @Test("a 10 MB single word is one clear error")
    func tenMegabyteWord() {
        let word = String(repeating: "x", count: 10 * 1_048_576)
        let journal = Journal(parsing: "2025-01-01 habit Reading\n2025-01-02 Reading \(word)\n")
        #expect(journal.diagnostics.count == 1)
        #expect(journal.diagnostics.first?.rule == Parser.syntaxRule)
        #expect(journal.diagnostics.first?.message.hasPrefix("expected a number of units") == true)
    }

    @Test("100,000 habits: every one resolves, and did-you-mean for misspelt names stays bounded")
    func hundredThousandHabits() throws {
        var text = ""
        text.reserveCapacity(5_000_000)
        for i in 0..<100_000 { text += "2025-01-01 habit Habit-\(i)\n" }
        for i in stride(from: 0, to: 100_000, by: 50) { text += "2025-01-02 Habit-\(i) 2\n" }
        for i in 0..<2_000 { text += "2025-01-02 Habbit-\(i) 1\n" }
        let started = ContinuousClock.now
        let journal = Journal(parsing: text)
        #expect(ContinuousClock.now - started < .seconds(90))   // a hang guard (9.5 s in a debug build alone; CI is busier), the counts below are the test
        #expect(journal.habits.count == 100_000)
        #expect(journal.habit(named: "Habit-99999") != nil)
        #expect(journal.entries.count == 2_000)
        #expect(journal.entries.allSatisfy { journal.habits[Int($0.habit)].name.hasPrefix("Habit-") })
        #expect(journal.diagnostics.count == 2_000)
        #expect(journal.diagnostics.allSatisfy { $0.rule == JournalBuilder.Rule.undeclaredHabit })
        // Suggestions are made while the budget lasts, then left out.
        let hinted = journal.diagnostics.filter { $0.message.contains("did you mean") }.count
        #expect(hinted >= 1 && hinted <= JournalBuilder.suggestionBudget / 100_000)
    }

    @Test("a generated journal with 5,000 habits builds cleanly")
    func generatedManyHabits() {
        let generated = JournalGenerator(seed: 5, entries: 5_000, habits: 5_000, entriesPerDay: 200).generate()
        let journal = Journal(parsing: generated.text)
        #expect(journal.diagnostics.isEmpty)
        #expect(journal.entries.count == generated.expected.totalEntries)
    }

    @Test("a 10,000-deep include chain stops at the depth limit with a diagnostic")
    func deepIncludeChain() throws {
        var files: [String: String] = [:]
        for i in 0..<10_000 {
            files["f\(i).units"] = "2025-01-01 habit H\(i)\ninclude \"f\(i + 1).units\"\n"
        }
        let journal = Journal.load(path: "f0.units", loader: .memory(files))
        let includeErrors = journal.diagnostics.filter { $0.rule == JournalBuilder.Rule.include }
        #expect(includeErrors.count == 1)
        #expect(includeErrors.first?.message.contains("deeper than \(JournalBuilder.maximumIncludeDepth)") == true)
        #expect(journal.files.count == JournalBuilder.maximumIncludeDepth)
        #expect(journal.habits.count == JournalBuilder.maximumIncludeDepth)
    }

    @Test("an include cycle is a diagnostic, not a loop")
    func includeCycle() {
        let files = ["a.units": "include \"b.units\"\n", "b.units": "include \"a.units\"\n"]
        let journal = Journal.load(path: "a.units", loader: .memory(files))
        #expect(journal.diagnostics.map(\.rule) == [JournalBuilder.Rule.include])
    }

    @Test("numbers with 40 (and more) digits are a clear error", arguments: [16, 38, 39, 40, 41, 100, 5000])
    func longNumbers(digits: Int) {
        for digit in ["1", "9"] {
            let number = String(repeating: digit, count: digits)
            for spelling in [number, "-" + number, number + ".5", "0." + number, "+" + number + "." + number] {
                let journal = Journal(parsing: "2025-01-01 habit Reading\n2025-01-02 Reading \(spelling)\n")
                #expect(journal.entries.isEmpty, "\(spelling)")
                #expect(journal.diagnostics.count == 1, "\(spelling)")
                let message = journal.diagnostics.first?.message ?? ""
                #expect(message.contains("number too large") || message.contains("too many decimal places"), "\(message)")
            }
        }
    }

    @Test("the largest numbers the format allows add up without trapping")
    func largestNumbers() {
        let big = String(repeating: "9", count: 15) + "." + String(repeating: "9", count: 9)
        var text = "2025-01-01 habit Reading\n2025-01-01 habit Debt\n"
        for _ in 0..<1_000 { text += "2025-01-02 Reading \(big)\n2025-01-02 Debt -\(big)\n" }
        let journal = Journal(parsing: text)
        #expect(journal.diagnostics.isEmpty)
        let summary = JournalSummary(journal, through: CivilDate(year: 2025, month: 1, day: 2)!)
        #expect(summary.totalUnits == .zero)
        let reading = summary.habits.first { $0.name == "Reading" }!
        #expect(reading.units.description == "999999999999999999.999999")
        #expect((Amount(billionths: .max) * Amount(billionths: .max)).billionths == .max)
    }
}
