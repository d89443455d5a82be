import Testing
@testable import UnitsKit
import UnitsTestSupport

/// Reports written in pieces give the same bytes as the whole
/// string: `ReportOutput` hands on whole lines; the register, its JSON and
/// CSV are the same in any size of pieces.
@Suite struct ReportOutputTests {
    static let examples = TestFiles.packageRoot(#filePath) + "/Examples"

    /// A journal with what the register's cells must get right: a plural
    /// and a singular unit, a renamed unit, wide names, check-ins by state
    /// and by number, tags, notes with control characters, task units.
    static let hostile = """
        units 1
        2025-12-01 habit Read
          unit: page
        2025-12-01 habit 読書
          unit: chapter
        2025-12-01 habit Gym
          kind: check
        2025-12-02 Read 1 #park ; the \u{1B}[31mred\u{1B}[0m note
        2025-12-02 Read 2.5
        2025-12-02 読書 3 #夜 #late
        2025-12-03 Gym yes ; \u{07}bell
        2025-12-03 Gym 2
        2025-12-04 unit Read leaf
        2025-12-04 Read 1
        2025-12-04 Read 7 #x
        2025-12-05 task "Tidy \u{1B}]0;title\u{07}" 2 Read #home
        2025-12-06 done "Tidy \u{1B}]0;title\u{07}" ; finally
        2025-12-03 Read 4 ; out of order

        """

    /// Trailing spaces: a note ending in spaces, tags ending in a prepended
    /// mark (U+0600, which joins the space after it into one character).
    static let edges = """
        units 1
        2025-12-01 habit Read
          unit: page
        2025-12-01 habit Gym
          kind: check
        2025-12-07 Read 3 #x\u{600}
        2025-12-07 Read 1 ; spaced at the end\u{20}\u{20}\u{20}
        2025-12-07 Gym no #tail\u{600}
        2025-12-08 Gym yes
        2025-12-09 Read -2 ; =HYPERLINK("x"), "quoted"
        2025-12-09 Read 1 #=SUM ; @cmd

        """

    static func journals() throws -> [Journal] {
        var journals = [Journal(parsing: hostile), Journal(parsing: edges),
                        Journal(parsing: edges, path: "=odd, \"quoted\" name.units")]
        for name in ["habits.units", "checkins.units", "minimal.units"] {
            let bytes = try TestFiles.read(examples + "/" + name)
            journals.append(Journal(parsing: String(decoding: bytes, as: UTF8.self), path: name))
        }
        return journals
    }

    /// A byte sink gets the writes in order, in pieces of about the chunk
    /// that end where a write ended (so each is whole UTF-8), and a write
    /// of a chunk or more with nothing held goes on as it is.
    @Test func byteSinkPiecesEndWhereWritesEnd() {
        let writes = (0..<300).map { "w\($0) " + String(repeating: "é", count: $0 % 11) + ($0 % 5 == 0 ? "\n" : "") }
        for chunk in [1, 7, 64, 1 << 16] {
            var pieces: [[UInt8]] = []
            let output = ReportOutput(chunk: chunk, bytes: { pieces.append(Array($0)) })
            for (k, text) in writes.enumerated() {
                if k % 2 == 0 { output.write(text) } else { Array(text.utf8).withUnsafeBufferPointer { output.write(utf8: $0) } }
            }
            output.finish()
            #expect(String(decoding: pieces.joined(), as: UTF8.self) == writes.joined(), "chunk \(chunk)")
            // Each piece is whole writes: the writes' ends are where pieces end.
            var ends = Set<Int>(), at = 0
            for text in writes { at += text.utf8.count; ends.insert(at) }
            var end = 0
            for piece in pieces { end += piece.count; #expect(ends.contains(end), "chunk \(chunk)") }
            #expect(pieces.dropLast().allSatisfy { $0.count >= chunk }, "chunk \(chunk)")
        }
    }

    @Test func piecesAreWholeLinesAndAddUp() {
        let text = (0..<200).map { "line \($0) " + String(repeating: "é", count: $0 % 13) + "\n" }.joined() + "no newline"
        for chunk in [1, 7, 64, 1 << 16] {
            var pieces: [String] = []
            let output = ReportOutput(chunk: chunk) { pieces.append($0) }
            var rest = Substring(text)
            while !rest.isEmpty {
                let n = min(rest.count, 5)
                output.write(String(rest.prefix(n)))
                rest = rest.dropFirst(n)
            }
            output.finish()
            #expect(pieces.joined() == text)
            #expect(pieces.dropLast().allSatisfy { $0.hasSuffix("\n") })
        }
    }

    /// A line far longer than a chunk, written in small pieces (the
    /// register's footer of a total per habit), between short lines: held
    /// until its newline, never handed on cut, whatever the chunk.
    @Test func aLongLineInPiecesIsHandedOnWhole() {
        let long = (0..<3_000).map { "h\($0) \($0 % 7) pages" }.joined(separator: " · ")
        let text = "first\nsecond\n" + long + "\nlast\n" + "tail"
        for chunk in [16, 1 << 10, 1 << 16] {
            var pieces: [String] = []
            let output = ReportOutput(chunk: chunk) { pieces.append($0) }
            output.write("first\nsecond\n")
            var rest = Substring(long)
            while !rest.isEmpty {
                output.write(String(rest.prefix(37)))
                rest = rest.dropFirst(37)
            }
            output.write("\nlast\n")
            output.write("tail")
            output.finish()
            #expect(pieces.joined() == text, "chunk \(chunk)")
            #expect(pieces.dropLast().allSatisfy { $0.utf8.last == 0x0A }, "chunk \(chunk)")
            #expect(pieces.contains { $0.contains(long + "\n") }, "the long line in one piece, chunk \(chunk)")
        }
    }

    @Test func registerStreamedEqualsOneString() throws {
        for journal in try Self.journals() {
            let today = CivilDate(iso: "2025-12-14")!
            for period in [Period.all, Period(from: CivilDate(iso: "2025-12-03"), to: CivilDate(iso: "2025-12-31"))] {
                let report = EntriesReport(ReportContext(journal: journal, today: today, period: period))
                for style in [TerminalStyle.plain, TerminalStyle(color: true)] {
                    let whole = ReportOutput.collect { sink in report.text(style: style, to: sink) }
                    var pieces: [String] = []
                    let output = ReportOutput(chunk: 3) { pieces.append($0) }
                    report.text(style: style, to: output)
                    output.finish()
                    #expect(pieces.joined() == whole)
                    #expect(pieces.count > 1 || report.rows.isEmpty)
                }
                let json = ReportOutput.collect { output in report.json(to: ReportOutput(chunk: 5) { output.write($0) }) }
                #expect(json == ReportOutput.collect { sink in report.json(to: sink) })
                var bytes: [UInt8] = []
                report.json(to: ReportOutput(chunk: 5, bytes: { bytes.append(contentsOf: $0) }))
                #expect(String(decoding: bytes, as: UTF8.self) == json)
                #expect(json.hasSuffix("}\n"))
                let csv = ReportOutput.collect { output in report.csv(to: ReportOutput(chunk: 5) { output.write($0) }) }
                #expect(csv == ReportOutput.collect { sink in report.csv(to: sink) })
            }
        }
    }

    /// The hostile journal's register says what it should (not only the same as the reference).
    @Test func registerCells() throws {
        let journal = Journal(parsing: Self.hostile)
        let text = ReportOutput.collect { sink in EntriesReport(ReportContext(journal: journal, today: CivilDate(iso: "2025-12-14")!)).text(style: .plain, to: sink) }
        #expect(text.contains("2025-12-02  Read    1  page      #park      ; the \\x1B[31mred\\x1B[0m note\n"))
        #expect(text.contains("2025-12-02  Read  2.5  pages\n"))
        #expect(text.contains("2025-12-04  Read    1  leaf\n"))
        #expect(text.contains("2025-12-03  Gym        yes                  ; \\x07bell\n"))
        #expect(text.contains("2025-12-06  Read    2  leafs     #home      task \"Tidy \\x1B]0;title\\x07\"  ; finally\n"))
        #expect(text.hasSuffix("9 entries · Read 3.5 pages · 読書 3 chapters · Read 14 leafs\n"))
        #expect(text.contains("読書"))
        #expect(!text.contains("\u{1B}"))
    }

    @Test func jsonWriterStreamedEqualsFinished() {
        func write(_ w: JSONWriter) {
            w.object {
                w.field("name", "a \"quoted\" \\ name\n\u{01}")
                w.key("rows"); w.array {
                    for k in 0..<300 { w.object { w.field("k", k); w.field("s", String(repeating: "x", count: k % 40)) } }
                }
                w.key("empty"); w.array {}
            }
        }
        let whole = JSONWriter()
        write(whole)
        let streamed = ReportOutput.collect { output in
            let w = JSONWriter(output: output)
            write(w)
            w.close()
        }
        #expect(streamed == whole.finish())
    }

    /// Digits as `String(number)` spells them, at the edges too.
    @Test func decimalDigitsAsString() {
        var numbers = [0, 1, -1, 9, 10, -10, 99, 100, 12_345, -987_654_321, Int.max, Int.min, Int.min + 1]
        var random = TestSeed.generator()
        numbers += (0..<200).map { _ in Int.random(in: Int.min...Int.max, using: &random) >> Int.random(in: 0..<63, using: &random) }
        for n in numbers {
            var bytes: [UInt8] = [0x78]
            DecimalDigits.append(n, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == "x" + String(n))
        }
    }

    @Test func jsonWriterNestsDeeply() {
        let small = JSONWriter()
        small.array { small.value(1); small.array {}; small.object { small.field("a", 2); small.key("b"); small.array { small.value(3) } } }
        #expect(small.finish() == "[\n  1,\n  [],\n  {\n    \"a\": 2,\n    \"b\": [\n      3\n    ]\n  }\n]\n")
        for depth in [31, 32, 33, 63, 64, 65, 100] {
            let w = JSONWriter()
            func nest(_ level: Int) {
                if level == depth { w.value(level); return }
                w.array { w.value(level); nest(level + 1); w.array {} }
            }
            nest(0)
            // By hand: level k (0 ..< depth) is an array at indentation 2k
            // holding its number, the next level and an empty array.
            var expected = ""
            func text(_ level: Int, _ indent: Int) {
                let pad = String(repeating: " ", count: indent)
                if level == depth { expected += pad + "\(level)"; return }
                let inner = String(repeating: " ", count: indent + 2)
                expected += pad + "[\n" + inner + "\(level),\n"
                text(level + 1, indent + 2)
                expected += ",\n" + inner + "[]\n" + pad + "]"
            }
            text(0, 0)
            #expect(w.finish() == expected + "\n", "depth \(depth)")
        }
    }
}
