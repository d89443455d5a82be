import Testing
@testable import UnitsKit

/// RFC 5545 section 3.1 content lines: CR LF, at most 75 octets a line,
/// folds never inside a UTF-8 sequence, and unfolding gives the line back.
@Suite struct ICalendarTextTests {
    /// Unfolds as RFC 5545 says a reader does: a CR LF followed by one space is removed.
    static func unfold(_ bytes: [UInt8]) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var i = 0
        var current: [UInt8] = []
        while i < bytes.count {
            if bytes[i] == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A {
                if i + 2 < bytes.count, bytes[i + 2] == 0x20 { i += 3; continue }
                lines.append(current); current = []; i += 2; continue
            }
            current.append(bytes[i]); i += 1
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// The physical lines, each checked: CR LF ended, at most 75 octets,
    /// valid UTF-8 on its own (so no fold split a character).
    static func checkPhysicalLines(_ bytes: [UInt8], _ note: String = "") {
        #expect(bytes.suffix(2) == [0x0D, 0x0A], "the last line ends in CR LF \(note)")
        var start = 0
        for i in bytes.indices where bytes[i] == 0x0A {
            #expect(i > 0 && bytes[i - 1] == 0x0D, "a bare LF at \(i) \(note)")
            let line = Array(bytes[start..<(i - 1)])
            #expect(line.count <= 75, "a line of \(line.count) octets \(note)")
            #expect(String(validating: line, as: UTF8.self) != nil, "a fold split a UTF-8 sequence \(note)")
            #expect(!line.contains(0x0D), "a bare CR \(note)")
            start = i + 1
        }
    }

    @Test func shortLinesStayWhole() {
        var text = ICalendarText()
        text.line("BEGIN", "VCALENDAR")
        #expect(text.bytes == Array("BEGIN:VCALENDAR\r\n".utf8))
    }

    @Test func longLineFoldsAtSeventyFiveOctets() {
        var text = ICalendarText()
        text.line("DESCRIPTION", String(repeating: "a", count: 200))
        let lines = String(decoding: text.bytes, as: UTF8.self).components(separatedBy: "\r\n")
        #expect(lines[0].utf8.count == 75)
        #expect(lines[1].hasPrefix(" ") && lines[1].utf8.count == 75)
        Self.checkPhysicalLines(text.bytes)
        #expect(Self.unfold(text.bytes) == [Array(("DESCRIPTION:" + String(repeating: "a", count: 200)).utf8)])
    }

    @Test func escapesTextAsRFC5545Says() {
        #expect(ICalendarText.escaped("a,b;c\\d\ne") == "a\\,b\\;c\\\\d\\ne")
        #expect(ICalendarText.escaped("bell\u{07}tab\t") == "bell tab\t")
    }

    /// Random values of ASCII, two-, three- and four-byte scalars: every
    /// physical line fits and is whole UTF-8, and unfolding restores the value.
    @Test(arguments: 0..<4)
    func foldsNeverSplitACharacter(seed: Int) {
        print("ICalendarTextTests seed \(seed)")
        var rng = SplitMix64(state: UInt64(seed) &* 0x9E37_79B9 &+ 43)
        let pool: [UInt32] = [0x61, 0x20, 0x2C, 0x3B, 0x5C, 0xE9, 0x2019, 0x8AAD, 0x1F600, 0x10FFFD]
        for _ in 0..<500 {
            var value = ""
            for _ in 0..<Int(rng.next() % 200) { value.unicodeScalars.append(Unicode.Scalar(pool[Int(rng.next() % UInt64(pool.count))])!) }
            var text = ICalendarText()
            text.text("SUMMARY", value)
            Self.checkPhysicalLines(text.bytes, "(seed \(seed))")
            #expect(Self.unfold(text.bytes) == [Array(("SUMMARY:" + ICalendarText.escaped(value)).utf8)], "seed \(seed)")
        }
    }
}
