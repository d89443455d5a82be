import Testing
@testable import UnitsKit
import UnitsTestSupport

/// `LineList` packs a tree's lines into 8 to 12 bytes each; every line must read
/// back exactly as stored, packed or kept whole.
struct LineListTests {
    static func line(_ kind: LineKind = .entry, _ start: Int32, _ contentEnd: Int32, _ end: Int32,
                     first: Int32 = 0, count: Int32 = 0) -> SyntaxLine {
        SyntaxLine(kind: kind, start: start, contentEnd: contentEnd, end: end, firstToken: first, tokenCount: count)
    }

    /// Table: lines as a parser might append them, some that do not pack.
    static let lines: [SyntaxLine] = [
        line(.version, 3, 10, 11, first: 0, count: 2),        // after a byte-order mark
        line(.blank, 11, 11, 13),                              // CRLF
        line(.entry, 13, 40, 41, first: 2, count: 3),
        line(.comment, 41, 50, 51, first: 5, count: 65_534),
        line(.invalid, 51, 60, 61, first: 65_539, count: 65_535),  // token count past 16 bits
        line(.entry, 70, 80, 81, first: 131_074, count: 0),        // a gap before it: line 4 kept whole
        line(.entry, 81, 81, 400, first: 131_074, count: 0),       // an ending past 255 bytes
        line(.attribute, 400, 420, 420, first: 131_074, count: Int32.max),  // last, no line ending
    ]

    @Test func everyLineReadsBackAsAppended() {
        var list = LineList()
        for line in Self.lines { list.append(line) }
        #expect(Array(list) == Self.lines)
        #expect(list.count == Self.lines.count && list.last == Self.lines.last)
        #expect(Set(list.exceptions.keys) == [4, 6, 7])
        // Past a page, and back to one number a page once the tokens go.
        var long = LineList()
        var expected: [SyntaxLine] = []
        for k in 0..<Int32(3000) {
            let line = Self.line(k % 7 == 0 ? .comment : .entry, 10 * k, 10 * k + 9, 10 * k + 10, first: k / 7 * 2 + (k % 7 == 0 ? 0 : 2), count: k % 7 == 0 ? 2 : 0)
            long.append(line)
            expected.append(line)
        }
        #expect(Array(long) == expected && long.pages.count == 3 && long.pages.allSatisfy { !$0.firsts.isEmpty })
        for k in expected.indices { expected[k].tokenCount = 0; expected[k].firstToken = 0 }
        for k in expected.indices { long[k] = expected[k] }
        long.compactTokens(from: 0)
        // (The first page keeps its arrays: see `LineList.TokenPage`.)
        #expect(Array(long) == expected && long.pages.dropFirst().allSatisfy { $0.firsts.isEmpty && $0.uniformFirst == 0 })
        #expect(long.pages[0].firsts.count == LineList.pageSize)
        // Emptied and reused, one line at a time, as a line parsed again is.
        for k in 0..<3 {
            long.removeAll(keepingCapacity: true)
            let line = Self.line(.entry, 0, 5, 6, first: Int32(k), count: Int32(k))
            long.append(line)
            #expect(Array(long) == [line] && long.pages.count == 1)
        }
    }

    @Test func settingALineChangesThatLineOnly() {
        var list = LineList()
        for line in Self.lines { list.append(line) }
        var expected = Self.lines
        // What a block parse does: move a line's tokens, let an entry's go.
        for (index, change) in [(2, Self.line(.entry, 13, 40, 41, first: 9, count: 0)),
                                (3, Self.line(.comment, 41, 50, 51, first: 9, count: 1)),
                                (1, Self.line(.blank, 12, 12, 13)),          // a new start: line 0 keeps its end
                                (7, Self.line(.attribute, 400, 410, 430)),   // the last line's end
                                (4, Self.line(.invalid, 51, 60, 61, first: 10, count: 2))] {
            list[index] = change
            expected[index] = change
            #expect(Array(list) == expected, "line \(index)")
        }
        #expect(list == { var l = LineList(); for x in expected { l.append(x) }; return l }())
    }

    @Test func aParsedTreeKeepsItsLines() {
        let text = "\u{FEFF}units 1\r\n\n2025-01-01 habit Walk\n  unit: lap\n2025-01-02 Walk 3 ; note\n2025-01-03 Walk"
        let tree = Parser.parse(text, path: "<t>")
        #expect(tree.lines.count == 6)
        #expect(String(decoding: tree.printed(), as: UTF8.self) == text)
        var start = Int32(tree.byteOrderMarkLength)
        for line in tree.lines {
            #expect(line.start == start && line.contentEnd <= line.end)
            start = line.end
        }
        #expect(Int(start) == tree.file.bytes.count)
        #expect(tree.lines.exceptions.isEmpty)
    }

    /// Random appends, sets and compactions against a plain array of lines.
    @Test func randomChangesReadBackAsAnArray() {
        var random = SplitMix64(state: 2026)
        for round in 0..<60 {
            var list = LineList(), model: [SyntaxLine] = []
            var offset: Int32 = 0, token: Int32 = 0
            for _ in 0..<Int.random(in: 1...2600, using: &random) {
                let kind = LineKind(rawValue: UInt8.random(in: 0...19, using: &random))!
                let length = Int32.random(in: 0...30, using: &random), ending = Int32.random(in: 0...9, using: &random)
                let count = Int.random(in: 0..<5, using: &random) == 0 ? Int32.random(in: 0...3, using: &random) : 0
                let gap: Int32 = Int.random(in: 0..<200, using: &random) == 0 ? 3 : 0
                let line = Self.line(kind, offset + gap, offset + gap + length, offset + gap + length + ending, first: token, count: count)
                list.append(line)
                model.append(line)
                offset = line.end
                token += count
            }
            for _ in 0..<Int.random(in: 0...300, using: &random) {
                let k = Int.random(in: 0..<model.count, using: &random)
                var line = model[k]
                switch Int.random(in: 0..<3, using: &random) {
                case 0: line.tokenCount = 0; line.firstToken = Int32.random(in: 0...5, using: &random)
                case 1: line.tokenCount = Int32.random(in: 1...4, using: &random)
                default: line.kind = .entry
                }
                list[k] = line
                model[k] = line
                if Int.random(in: 0..<20, using: &random) == 0 { list.compactTokens(from: Int.random(in: 0..<model.count, using: &random)) }
            }
            #expect(Array(list) == model, "round \(round)")
            list.compactTokens(from: 0)
            #expect(Array(list) == model, "round \(round), compacted")
        }
    }
}
