import Testing
@testable import UnitsKit
import UnitsTestSupport

/// Plain entry lines take a one-pass fast path in the parser. It
/// must give exactly the tree of the general path (lines, kinds, tokens,
/// diagnostics) on every line, accepted or not: table-driven near misses,
/// then random lines built from entry fragments, then whole journals.
@Suite struct EntryFastPathTests {
    static func assertSame(_ text: String, _ comment: Comment? = nil) {
        let file = SourceFile(path: "t.units", text: text)
        let fast = Parser.parse(file), slow = Parser.parseWithoutFastPath(file)
        #expect(fast.lines == slow.lines, comment ?? "\(text)")
        #expect(fast.tokens == slow.tokens, comment ?? "\(text)")
        #expect(fast.diagnostics == slow.diagnostics, comment ?? "\(text)")
        #expect(fast.printed() == file.bytes)
    }

    static let declarations = "units 1\n2025-01-01 habit Read\n2025-01-01 habit Run\n"

    @Test(arguments: [
        "2025-01-02 Read 1", "2025-01-02 Read 1.5", "2025-01-02 Read -0.25", "2025-01-02 Read +3",
        "2025-01-02 Read yes", "2025-01-02 Read kinda", "2025-01-02 Read no", "2025-01-02 Read skip",
        "2025-01-02   Read    1   ", "2025-01-02 Read 1 #a #b-c.d_e", "2025-01-02 Read 1 ; note  ",
        "2025-01-02 Read 1 #t ;n", "2025-01-02 Read 1;x", "2025-01-02 Read 1 #", "2025-01-02 Read 1 ##a",
        "2025-01-02 Read 1 #a;b", "2025-01-02 Read 1 word", "2025-01-02 Read 1 \"s\"", "2025-01-02 Read",
        "2025-01-02 Read ", "2025-01-02 habit X", "2025-01-02 unit Read 1", "2025-01-02 pause Read 2025-02-01",
        "2025-01-02 min Read 1", "2025-01-02 goal Read 1", "2025-01-02 1Read 1", "2025-01-02 Re\"ad 1",
        "2025-01-02 Re;ad 1", "2025-01-02 \"Read\" 1", "2025-01-02 Read \"1\"", "2025-01-02 Read ;1",
        "2025-01-02 Read 1.", "2025-01-02 Read .5", "2025-01-02 Read 1.1234567891", "2025-01-02 Read 1.123456789",
        "2025-01-02 Read 1234567890123456", "2025-01-02 Read 123456789012345", "2025-01-02 Read --1", "2025-01-02 Read 1e3",
        "2025-02-30 Read 1", "2025-13-01 Read 1", "0000-01-01 Read 1", "2025/01/02 Read 1", "2025-1-2 Read 1",
        "2025-01-02x Read 1", "20250102 Read 1", "2025-01-02 Undeclared 5", "2025-01-02 Read 1 #tag #",
        "2025-01-02 Read yes #t ; n", "2025-01-02 Read 1\r", "2025-01-02 Read 1 ;", "2025-01-02 _x 1",
        "2025-01-02 Read 0", "2025-01-02 Read 00.10", "2025-01-02 Read 1 #a ;b #c",
        "2025-01-02 Чтение 1", "2025-01-02 Ré\t1", "2025-01-02 Read\t1", "2025-01-02\tRead 1", "2025-01-02 Read 1\t#a",
        "2025-01-02 Read 1 #a\t; n", "2025-01-02 Read 1 ; é\tnote", "2025-01-02 R\u{1}x 1", "2025-01-02 Read 1 #é\u{1B}",
        "2025-01-02 R\u{7F} 1", "2025-01-02 Read 1 \u{2003}#a", "2025-01-02 \u{00A0}Read 1",
    ])
    func tableLine(_ line: String) {
        Self.assertSame(Self.declarations + line + "\n")
        Self.assertSame(Self.declarations + line)
        Self.assertSame(Self.declarations + line + "\r\n" + line + "\n")
    }

    @Test func randomLines() {
        let dates = ["2025-01-02", "2025-01-03", "2025-02-29", "2024-02-29", "2025-1-02", "2025-01-02;", "9999-12-31", "2025-01-0x"]
        let names = ["Read", "R", "Run-1", "a.b", "_", "habit", "unit", "kinda", "1x", "Re#d", "\"Q\"", "Ré", "x;", "#t"]
        let values = ["1", "0.5", "-2", "+1.000000001", "yes", "no", "skip", "kinda", "1.", "1..2", "x", "\"1\"", ";c", "#t", "1;", "12345678901234567"]
        let tails = ["", " ", "  #a", " #a #b", " ; note", " #a ; n #b", " # a", " #", " #a#b", " x", " \"s\"", ";n", " ;", "\t#a", " #é", " ; é\tx", " #a\u{1}", "\u{85}"]
        let spaces = [" ", "  ", "\t", ""]
        var random = SplitMix64(state: 15)
        var text = Self.declarations
        for _ in 0..<4000 {
            text += dates[random.below(dates.count)] + spaces[random.below(spaces.count)] + names[random.below(names.count)]
            text += spaces[random.below(spaces.count)] + values[random.below(values.count)] + tails[random.below(tails.count)]
            text += random.below(20) == 0 ? "\r\n" : "\n"
        }
        Self.assertSame(text)
    }

    @Test func wholeJournals() throws {
        for (name, bytes) in try BlockParseTests.inputs() {
            let file = SourceFile(path: name, bytes: bytes)
            let fast = Parser.parse(file), slow = Parser.parseWithoutFastPath(file)
            #expect(fast.lines == slow.lines, "\(name)")
            #expect(fast.tokens == slow.tokens, "\(name)")
            #expect(fast.diagnostics == slow.diagnostics, "\(name)")
        }
    }

    /// The model builder's parse reads plain entry lines straight into
    /// records (`Parser.Blocks.collectingEntries`, no tokens): every value, state,
    /// name and date must give the very entry (and diagnostic) of the
    /// token path, whichever block boundary falls where.
    @Test func builderRecords() {
        let values = ["1", "0", "-0", "+0.000", "1.5", "-0.25", "+3", "0.001", "0.0001", "1.2345", "2147483.647", "2147483.648",
                      "-2147483.648", "-2147483.649", "9999999999", "10000000000", "123456789012345", "1.123456789",
                      "0000000000000001", "00.100", "yes", "kinda", "no", "skip", "1e3", "x", "1.", ".5"]
        let names = ["Read", "Run", "Group", "General", "Undeclared", "Café", "Cafe\u{301}", "habit", "R"]
        var text = "units 1\n2025-01-01 group Group\n2025-01-01 habit Read\n  unit: page\n2025-01-01 habit Run\n  kind: check\n2025-01-01 habit Café\n"
        var random = SplitMix64(state: 151)
        for k in 0..<3000 {
            let date = ["2025-01-02", "2025-01-03", "2025-02-30", "2025/1/3", "9999-12-31", "0001-01-01", "2025.01.4"][random.below(7)]
            text += "\(date) \(names[random.below(names.count)]) \(values[random.below(values.count)])"
            text += ["", " #t", " ; n", "\t#x", " ;é"][random.below(5)] + "\n"
            // Versions change mid-stream: entries carry the version in force.
            if k % 97 == 0 { text += "2025-01-02 unit Read chapter ch = \(k % 5 + 1) pages\n" }
            if k % 89 == 0 { text += "2025-01-02 goal Read \(k % 7 + 1)\n" }
            if k % 500 == 0 { text += "2025-01-02 habit Late\(k)\n2025-01-02 Late\(k) 1\n" }
        }
        let whole = Journal(tree: Parser.parse(SourceFile(path: "t.units", text: text)), loader: .memory([:]))
        #expect(whole.entries.count > 1000)
        for blockLines in [1, 3, 4096] {
            var builder = JournalBuilder(loader: .memory([:]))
            builder.addParsingInBlocks(SourceFile(path: "t.units", text: text), canonicalPath: "t.units", blockLines: blockLines)
            let blocks = builder.finish()
            #expect(blocks.entries == whole.entries, "\(blockLines)")
            #expect(Array(blocks.entries) == Array(whole.entries), "\(blockLines)")
            #expect(ModelFingerprint(blocks) == ModelFingerprint(whole), "\(blockLines)")
            #expect(blocks.diagnostics.map(BlockParseTests.describe) == whole.diagnostics.map(BlockParseTests.describe), "\(blockLines)")
            #expect(blocks.files[0].printed() == Array(text.utf8))
            // The same tree as a block parse that tokenises, then drops, the entry lines.
            let dropped = Parser.parse(SourceFile(path: "t.units", text: text), in: .init(lines: blockLines)) { _ in true }
            #expect(blocks.files[0].lines == dropped.lines, "\(blockLines)")
            #expect(blocks.files[0].tokens == dropped.tokens, "\(blockLines)")
        }
    }

    /// The one-pass number read agrees with `NumberLexeme`: plain exactly
    /// when valid, and in thousandths when it has at most 10 integer and 3
    /// fraction digits and fits 32 bits.
    @Test func plainNumberIsNumberLexeme() {
        var random = SplitMix64(state: 99)
        let alphabet = Array("0123456789.+-x".utf8)
        var words: [[UInt8]] = ["0", "1", "-0", "+1", "1.", ".5", "1.5", "1.25", "1.125", "1.0625", "2147483.647", "2147483.648",
                                "-2147483.648", "-2147483.649", "9999999999", "99999999999", "123456789012345", "1234567890123456",
                                "1.123456789", "1.1234567890", "0.001", "00000000001.5"].map { Array($0.utf8) }
        for _ in 0..<20_000 {
            words.append((0..<(1 + random.below(14))).map { _ in alphabet[random.below(random.below(3) == 0 ? alphabet.count : 10)] })
        }
        for word in words {
            let text = String(decoding: word, as: UTF8.self)
            var expected: (isPlain: Bool, thousandths: Int32?) = (false, nil)
            if case .valid(let amount) = NumberLexeme.parse(word) {
                let parts = text.drop { $0 == "+" || $0 == "-" }.split(separator: ".", omittingEmptySubsequences: false)
                let short = parts[0].count <= 10 && (parts.count == 1 || parts[1].count <= 3)
                expected = (true, short ? Int32(exactly: amount.billionths / 1_000_000) : nil)
            }
            word.withUnsafeBufferPointer { b in
                let got = ParserState.plainNumber(b)
                #expect(got.isPlain == expected.isPlain && got.thousandths == expected.thousandths, "\(text)")
            }
        }
    }
}
