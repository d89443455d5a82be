import Testing
@testable import UnitsKit
import UnitsTestSupport

/// The scan that decides whether text needs escaping for the terminal
/// (every text report's whole output passes through it) answers as a
/// byte scan, a byte at a time with the two bytes before, on random text
/// full of what it must find and what it must not.
@Suite struct TerminalTextScanTests {
    /// A byte scan, the reference.
    static func referenceNeedsEscaping(_ utf8: String.UTF8View, keepNewlines: Bool) -> Bool {
        var previous: UInt8 = 0, beforePrevious: UInt8 = 0
        for byte in utf8 {
            if byte < 0x20 {
                if byte == 0x09 || (keepNewlines && byte == 0x0A) { beforePrevious = previous; previous = byte; continue }
                return true
            }
            if byte == 0x7F { return true }
            if previous == 0xC2, (0x80...0x9F).contains(byte) { return true }
            if beforePrevious == 0xEF, previous == 0xB7, (0x90...0xAF).contains(byte) { return true }
            beforePrevious = previous
            previous = byte
        }
        return false
    }

    /// Scalars next to every boundary the scan tests.
    static let pool: [UInt32] = [0x41, 0x20, 0x7E, 0x09, 0x0A, 0x0D, 0x1B, 0x00, 0x1F, 0x7F, 0x80, 0x9F, 0xA0, 0xC2, 0xE9,
                                 0x100, 0x600, 0x8A0, 0xFDCF, 0xFDD0, 0xFDEF, 0xFDF0, 0xFEFF, 0x7BAD, 0x1F600, 0x10FFFF]

    @Test(arguments: 0..<4)
    func sameAnswerAsTheReference(seed: Int) {
        var rng = SplitMix64(state: UInt64(seed) &* 0x9E37_79B9 &+ 17)
        var found = 0
        for _ in 0..<4_000 {
            let length = Int(rng.next() % 12)
            var text = ""
            for _ in 0..<length {
                // Mostly harmless scalars, so that a hit is not always at the start.
                let pick = rng.next() % 4 == 0 ? Self.pool[Int(rng.next() % UInt64(Self.pool.count))] : 0x61 + UInt32(rng.next() % 26)
                text.unicodeScalars.append(Unicode.Scalar(pick)!)
            }
            for keep in [true, false] {
                let expected = Self.referenceNeedsEscaping(text.utf8, keepNewlines: keep)
                let got = TerminalText.needsEscaping(text, keepNewlines: keep)
                #expect(got == expected, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
                if expected { found += 1 }
            }
            // The public forms agree with it: clean text comes back unchanged.
            if !Self.referenceNeedsEscaping(text.utf8, keepNewlines: true) {
                #expect(TerminalText.sanitized(text, keepingColor: false) == text)
            }
        }
        #expect(found > 1_000)
    }
}

/// `JSONWriter`'s string literals, written as bytes, are those of the
/// `String` form it replaced, on random text with every escape in it.
@Suite struct JSONQuotingTests {
    static func referenceQuoted(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x22 && $0 != 0x5C && $0 != 0x7F && $0 != 0xC2 }) { return "\"" + text + "\"" }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                // Controls: C0, DEL and C1 (JSON safe on a terminal).
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    @Test(arguments: 0..<4)
    func sameLiteralsAsTheReference(seed: Int) {
        var rng = SplitMix64(state: UInt64(seed) &* 0x5851_F42D &+ 3)
        let pool: [UInt32] = [0x22, 0x5C, 0x0A, 0x0D, 0x09, 0x00, 0x01, 0x1B, 0x1F, 0x20, 0x7F, 0x80, 0x85, 0x9B, 0x9F, 0xA0, 0xC2, 0xE9, 0x8AAD, 0x1F600]
        for _ in 0..<3_000 {
            var text = ""
            for _ in 0..<Int(rng.next() % 10) {
                let pick = rng.next() % 3 == 0 ? pool[Int(rng.next() % UInt64(pool.count))] : 0x61 + UInt32(rng.next() % 26)
                text.unicodeScalars.append(Unicode.Scalar(pick)!)
            }
            #expect(JSONWriter.quoted(text) == Self.referenceQuoted(text))
            let w = JSONWriter()
            w.object { w.field(text, text); w.key("n"); w.value(Amount(billionths: -1_500_000_000)) }
            #expect(w.finish() == "{\n  \(Self.referenceQuoted(text)): \(Self.referenceQuoted(text)),\n  \"n\": -1.5\n}\n")
        }
    }
}
