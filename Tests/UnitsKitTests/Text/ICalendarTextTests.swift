import Testing
@testable import UnitsKit
import UnitsTestSupport

/// RFC 5545 section 3.1 content lines: CR LF, at most 75 octets a line,
/// folds never inside a UTF-8 sequence, and unfolding gives the line back.
@Suite struct ICalendarTextTests {
    /// The physical lines: the bytes between CR LF pairs (the last pair ends the text).
    static func physicalLines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        #expect(lines.removeLast().isEmpty, "the text ends in a line end")
        #expect(lines.allSatisfy { $0.last == 0x0D }, "every LF follows a CR")
        return lines.map { $0.dropLast() }
    }

    /// Unfolds as RFC 5545 says a reader does: each CR LF followed by a space goes.
    static func unfold(_ bytes: [UInt8]) -> [[UInt8]] {
        physicalLines(bytes).reduce(into: [[UInt8]]()) { lines, line in
            if line.first == 0x20, !lines.isEmpty { lines[lines.count - 1] += line.dropFirst() } else { lines.append(Array(line)) }
        }
    }

    /// Each physical line at most 75 octets, and valid UTF-8 on its own (so no fold split a character).
    static func checkPhysicalLines(_ bytes: [UInt8], _ note: String = "") {
        for line in physicalLines(bytes) {
            #expect(line.count <= 75 && !line.contains(0x0D), "a line of \(line.count) octets \(note)")
            #expect(String(validating: line, as: UTF8.self) != nil, "a fold split a UTF-8 sequence \(note)")
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
