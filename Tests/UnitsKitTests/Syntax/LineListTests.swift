import Testing
@testable import UnitsKit

/// `LineList` packs a tree's lines into 12 bytes each; every line must read
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
        #expect(MemoryLayout<LineList.Packed>.stride == 12)
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
}
