import Testing
@testable import UnitsKit

/// The byte scan that decides whether text needs escaping for the terminal
/// (every text report's whole output passes through it) answers as the
/// scan it replaced, a byte at a time with the two bytes before, on random
/// text full of what it must find and what it must not.
@Suite struct TerminalTextScanTests {
    /// The earlier scan, kept here as the reference.
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
                let got = Array(text.utf8).withUnsafeBufferPointer { TerminalText.needsEscaping($0, keepNewlines: keep) }
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
