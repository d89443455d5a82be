import Testing
@testable import UnitsKit

/// The formatter's self-check: on generated and fuzz-damaged
/// journals, whatever parses formats to text that parses and means the same
/// (same model), and `FormatCheck` agrees.
@Suite struct FormatCheckTests {
    /// The two inputs fuzzing found: both lint clean, and both used to format
    /// into a different journal (an unterminated string; a value turned comment).
    /// The third came from the long fuzz run (seed 12077682749951): a word
    /// `#` against the colon before a string is written as `"#"`, and the
    /// title must stay the same text. The last two (an invalid `size`, an
    /// error the formatter keeps) came from the run of 2026-11-23.
    @Test(arguments: ["units 1\n2025-01-01 habit R\n  title   :\"abc\n", "units 1\n2025-01-01 habit R\n  icon:;x\n",
                      "units 1\n2025-01-01 habit R\n  title:#\t \"Read   daily\" ; note\n",
                      // The long fuzz run of 2026-11-23 (seeds 28981129728553, 36609978128660):
                      // a numeric attribute's word against its colon.
                      "units 1\n2025-01-01 habit R\n  unit: block blk\n  size :;01.5\tmiles\n",
                      "units 1\n2025-01-01 habit R\n  unit: lap\n  size :\"\t 01.5 \t page\n",
                      // Seed 32081510706756: a unit name against its colon is quoted,
                      // and `unit: "\"ap"` names the same unit.
                      "units 1\n2025-01-01 habit R\n  unit:\"ap  ;tab\there\n2025-01-02 R 1\n"])
    func regressions(_ text: String) throws {
        let tree = Parser.parse(text)
        #expect(!tree.diagnostics.contains { $0.severity == .error })
        let formatted = try #require(Formatter.formatted(text))
        #expect(FormatCheck.problem(input: tree, output: Array(formatted.utf8)) == nil, "\(formatted)")
        #expect(ModelFingerprint(Journal(parsing: text)) == ModelFingerprint(Journal(parsing: formatted)))
        #expect(Formatter.formatted(formatted) == formatted)
    }

    @Test func noticesAChangedMeaning() {
        let tree = Parser.parse("units 1\n2025-01-01 habit R\n  icon:;x\n")
        #expect(FormatCheck.problem(input: tree, output: Array("units 1\n2025-01-01 habit R\n  icon: ;x\n".utf8)) != nil)
        #expect(FormatCheck.problem(input: tree, output: Array("units 1\n2025-01-01 habit R\n  title: \"x\n".utf8)) != nil)
        #expect(FormatCheck.problem(input: tree, output: Array("units 1\n2025-01-02 habit R\n  icon: \";x\"\n".utf8)) != nil)
    }

    /// The exact complaints (the output is read a block at a time: the
    /// wording and line numbers are those of the whole-file comparison).
    @Test(arguments: [
        ("units 1\n2025-01-01 habit R\n", "units 1\n2025-01-01 habit R\n2025-01-02 R 1\n", "the canonical text would have 3 lines instead of 2"),
        ("units 1\n2025-01-01 habit R\n2025-01-02 R 1\n", "units 1\n\n2025-01-01 habit R\n", "the canonical text would have 2 lines instead of 3"),
        ("units 1\n\n2025-01-01 habit R\n", "units 1\n2025-01-02 habit R\n", "line 3 would change meaning"),
        ("units 1\n2025-01-01 habit R\n", "units 1\n2025-01-01 habit R\n  title: \"x\n",
         "the canonical text would not parse (3:10: unterminated string: expected a closing '\"' before the end of the line)"),
    ])
    func exactComplaints(_ input: String, _ output: String, _ expected: String) {
        #expect(FormatCheck.problem(input: Parser.parse(input), output: Array(output.utf8)) == expected)
    }

    /// Output identical to a clean input needs no second parse; identical to
    /// an input with an error, it is still refused for that error.
    @Test func identicalBytes() {
        let clean = "units 1\n2025-01-01 habit R\n2025-01-02 R 1\n"
        #expect(FormatCheck.problem(input: Parser.parse(clean), output: Array(clean.utf8)) == nil)
        let broken = "units 1\n2025-01-01 habit R\n  title: \"x\n"
        #expect(FormatCheck.problem(input: Parser.parse(broken), output: Array(broken.utf8))
                == "the canonical text would not parse (3:10: unterminated string: expected a closing '\"' before the end of the line)")
    }

    /// Past the first block of the output (4,096 lines).
    @Test func complaintsPastTheFirstBlock() {
        let body = (0..<5_000).map { "2025-01-01 R \($0)\n" }
        let input = "units 1\n2025-01-01 habit R\n" + body.joined()
        var changed = body
        changed[4_500] = "2025-01-01 R 0.5\n"
        #expect(FormatCheck.problem(input: Parser.parse(input), output: Array(input.utf8)) == nil)
        #expect(FormatCheck.problem(input: Parser.parse(input), output: Array(("units 1\n2025-01-01 habit R\n" + changed.joined()).utf8))
                == "line 4503 would change meaning")
        #expect(FormatCheck.problem(input: Parser.parse(input), output: Array((input + "\n\n2025-01-02 R 1\n").utf8))
                == "the canonical text would have 5003 lines instead of 5002")
    }

    /// Generated messy journals, each damaged at random (bytes deleted,
    /// duplicated, replaced by syntax characters): when the damaged text
    /// parses, its canonical form parses, means the same and is a fixed point.
    @Test func generatedAndDamagedJournals() throws {
        let specials = Array(" \t;#\":=\"\\/-.0123456789abc\n".utf8)
        var checked = 0
        for seed in 0..<1000 {
            var generator = MessyJournalGenerator(seed: UInt64(seed))
            var bytes = Array(generator.journal().utf8)
            var random = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 | 1
            func next(_ bound: Int) -> Int {
                random ^= random << 13; random ^= random >> 7; random ^= random << 17
                return Int(random % UInt64(max(bound, 1)))
            }
            for _ in 0..<(1 + next(4)) where !bytes.isEmpty {
                let at = next(bytes.count)
                switch next(3) {
                case 0: bytes.remove(at: at)
                case 1: bytes.insert(bytes[at], at: at)
                default: bytes[at] = specials[next(specials.count)]
                }
            }
            let tree = Parser.parse(SourceFile(path: "fuzz", bytes: bytes))
            guard case .formatted(let output) = Formatter.format(tree) else { continue }
            checked += 1
            #expect(FormatCheck.problem(input: tree, output: output) == nil, "seed \(seed)")
            let text = String(decoding: bytes, as: UTF8.self), formatted = String(decoding: output, as: UTF8.self)
            if String(decoding: Array(text.utf8), as: UTF8.self).utf8.elementsEqual(bytes) {
                #expect(ModelFingerprint(Journal(parsing: text)) == ModelFingerprint(Journal(parsing: formatted)), "seed \(seed)")
            }
            #expect(Formatter.formatted(formatted) == formatted, "seed \(seed): not idempotent")
        }
        #expect(checked > 150)
    }
}
