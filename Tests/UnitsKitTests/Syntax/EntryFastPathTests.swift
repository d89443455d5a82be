import Testing
@testable import UnitsKit

/// Issue 15: plain entry lines take a one-pass fast path in the parser. It
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
}
