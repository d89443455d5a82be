import Testing
@testable import UnitsKit

/// The last guard before a terminal: what it keeps, what it
/// escapes, and that JSON of ours holds nothing a terminal acts on.
@Suite struct TerminalGuardTests {
    static func guarded(_ bytes: [UInt8], color: Bool) -> [UInt8] {
        bytes.withUnsafeBufferPointer { TerminalGuard.guarded($0, keepingColor: color) } ?? bytes
    }

    static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// (input, shown with colour kept, shown with colour escaped)
    static let table: [(String, [UInt8], String, String)] = [
        ("plain", Array("Read 3 pages\tok\n".utf8), "Read 3 pages\tok\n", "Read 3 pages\tok\n"),
        ("non-ASCII", Array("読書 ◆ é 🙂\n".utf8), "読書 ◆ é 🙂\n", "読書 ◆ é 🙂\n"),
        ("OSC 52", Array("a\u{1B}]52;c;aGk=\u{07}b".utf8), "a\\x1B]52;c;aGk=\\x07b", "a\\x1B]52;c;aGk=\\x07b"),
        ("OSC 0 with ST", Array("\u{1B}]0;t\u{1B}\\x".utf8), "\\x1B]0;t\\x1B\\x", "\\x1B]0;t\\x1B\\x"),
        ("colour", Array("\u{1B}[1;31mred\u{1B}[0m".utf8), "\u{1B}[1;31mred\u{1B}[0m", "\\x1B[1;31mred\\x1B[0m"),
        ("cursor move", Array("\u{1B}[2J\u{1B}[H".utf8), "\\x1B[2J\\x1B[H", "\\x1B[2J\\x1B[H"),
        ("cut colour", Array("x\u{1B}[31".utf8), "x\\x1B[31", "x\\x1B[31"),
        ("CRLF", Array("a,b\r\nc\r\n".utf8), "a,b\r\nc\r\n", "a,b\r\nc\r\n"),
        ("lone CR inside", Array("ab\rc".utf8), "ab\\x0Dc", "ab\\x0Dc"),
        ("CR starting a write", Array("\r  ▕██▏".utf8), "\r  ▕██▏", "\\x0D  ▕██▏"),
        ("DEL and NUL", [0x61, 0x7F, 0x00, 0x62], "a\\x7F\\x00b", "a\\x7F\\x00b"),
        ("C1 CSI", Array("a\u{9B}31mb\u{85}".utf8), "a\\u{9B}31mb\\u{85}", "a\\u{9B}31mb\\u{85}"),
        ("U+00A0 is no control", Array("a\u{A0}b".utf8), "a\u{A0}b", "a\u{A0}b"),
        ("lone 0x9B byte", [0x61, 0x9B, 0x62], "a\\x9Bb", "a\\x9Bb"),
        ("overlong", [0xC0, 0xAF, 0x0A], "\\xC0\\xAF\n", "\\xC0\\xAF\n"),
        ("surrogate", [0xED, 0xA0, 0x80], "\\xED\\xA0\\x80", "\\xED\\xA0\\x80"),
        ("cut scalar", [0x61, 0xE8, 0xAA], "a\\xE8\\xAA", "a\\xE8\\xAA"),
        ("past U+10FFFF", [0xF4, 0x90, 0x80, 0x80], "\\xF4\\x90\\x80\\x80", "\\xF4\\x90\\x80\\x80"),
    ]

    @Test func table() {
        for (name, input, kept, escaped) in Self.table {
            #expect(Self.text(Self.guarded(input, color: true)) == kept, "\(name), colour kept")
            #expect(Self.text(Self.guarded(input, color: false)) == escaped, "\(name), colour escaped")
        }
    }

    /// The guard keeps exactly the colour sequences `TerminalText` takes
    /// for one (the same parameter limit), below and past it.
    @Test func colourSequencesAsTerminalTextTakesThem() {
        for count in [0, 1, 30, 31, 32, 33, 40] {
            let sequence = "\u{1B}[" + String(repeating: "1", count: count) + "m"
            let kept = Self.guarded(Array(sequence.utf8), color: true) == Array(sequence.utf8)
            let taken = TerminalText.colorSequenceEnd(Array(sequence.unicodeScalars), from: 0) != nil
            #expect(kept == taken, "\(count) parameters")
        }
        #expect(TerminalText.colorSequenceEnd(Array("\u{1B}[31m".unicodeScalars), from: 0) != nil)
    }

    /// Clean text is not copied; the guard's output is always safe, and
    /// safe output passes it unchanged (random bytes, both modes).
    @Test func outputIsSafeAndStable() {
        #expect(Array("clean\n".utf8).withUnsafeBufferPointer { TerminalGuard.guarded($0, keepingColor: true) } == nil)
        var random = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = [0x1B, 0x5B, 0x33, 0x3B, 0x6D, 0x5D, 0x07, 0x0D, 0x0A, 0x09, 0x7F, 0xC2, 0x9B, 0x85, 0xE8, 0xAA, 0x9E, 0xF0, 0x9F, 0x99, 0x82, 0x61]
        for _ in 0..<2_000 {
            let input = (0..<Int.random(in: 0..<40, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            for color in [true, false] {
                let once = Self.guarded(input, color: color)
                #expect(TerminalText.isValidUTF8(once))
                #expect(!once.contains(0x07) && !once.contains(0x7F))
                // Every ESC left starts a colour sequence, and only when colour is kept.
                for (k, byte) in once.enumerated() where byte == 0x1B {
                    #expect(color && k + 1 < once.count && once[k + 1] == UInt8(ascii: "["))
                }
                // A guarded output has nothing left to escape (a CR at its start aside).
                let stable = once.first == 0x0D ? Array(once.dropFirst()) : once
                #expect(Self.guarded(stable, color: color) == stable)
            }
        }
    }

    /// JSON of ours escapes DEL and the C1 controls too, and reads back as the text.
    @Test func jsonEscapesEveryControl() throws {
        let text = "a\u{1B}]52;c;x\u{07}b\u{7F}c\u{9B}31md\u{85}e\u{A0}f é"
        let quoted = JSONWriter.quoted(text)
        #expect(quoted == "\"a\\u001b]52;c;x\\u0007b\\u007fc\\u009b31md\\u0085e\u{A0}f é\"")
        #expect(Array(quoted.utf8).withUnsafeBufferPointer { TerminalGuard.guarded($0, keepingColor: false) } == nil)
        #expect(try JSONParser.parse(quoted) == .string(text))
    }
}
