import Testing
@testable import UnitsKit

/// `units-fmt --check` answers a block at a time. Its answer must be the
/// whole-file path's (format, compare) on every journal, at block sizes
/// that cut every kind of block, and it must defer to that path (nil)
/// whenever the file has errors.
@Suite struct CanonicalCheckTests {
    /// The whole-file answer: nil when the file does not parse, else
    /// whether formatting leaves every byte as it is.
    static func reference(_ bytes: [UInt8]) -> Bool? {
        let tree = Parser.parse(SourceFile(path: "t.units", bytes: bytes))
        guard case .formatted(let out) = Formatter.format(tree) else { return nil }
        return out == bytes
    }

    static func inputs() throws -> [(name: String, bytes: [UInt8])] {
        var out = try BlockParseTests.inputs()
        // Canonical versions too, so both answers are exercised.
        for (name, bytes) in out {
            if case .formatted(let canonical) = Formatter.format(bytes, path: name) { out.append((name + "-canonical", canonical)) }
        }
        out.append(("empty", []))
        out.append(("blanks", Array("\n\n\n".utf8)))
        out.append(("bom", [0xEF, 0xBB, 0xBF] + Array("units 1\n".utf8)))
        out.append(("no-final-newline", Array("units 1\n2025-01-01 habit Read\n2025-01-02 Read 1".utf8)))
        out.append(("aligned-across-blocks", Array("""
            units 1

            2025-01-01 habit Read
              unit: page
              ; a comment inside
              size:  2 pages ; note
            ; after

            2025-01-01 habit Run
            2025-01-02 Read 1 ; a
            2025-01-02 Run  10 #t ; b


            2025-01-03 Read 1.50
            """.utf8)))
        // Consistent padding wider than any line needs: every line prints
        // back as it is under the claimed widths, yet the file is not canonical.
        out.append(("over-padded-names", Array("units 1\n\n2025-01-01 habit Read\n2025-01-01 habit Run\n2025-01-02 Read   1\n2025-01-02 Run    2\n".utf8)))
        out.append(("over-padded-notes", Array("units 1\n\n2025-01-01 habit Read\n2025-01-02 Read 1    ; a\n2025-01-02 Read 22   ; b\n".utf8)))
        out.append(("over-padded-keys", Array("units 1\n\n2025-01-01 habit Read\n  unit:   page\n  color:  red\n".utf8)))
        out.append(("over-padded-values", Array("units 1\n\n2025-01-01 habit Read\n  unit: page   ; a\n  size: 2      ; b\n".utf8)))
        out.append(("under-padded-later", Array("units 1\n\n2025-01-01 habit Read\n2025-01-01 habit Meditate\n2025-01-02 Read 1\n2025-01-02 Meditate 2\n".utf8)))
        // A wrong claim in a block before a difference elsewhere, and an error after one.
        out.append(("wrong-claim-then-difference", Array("units 1\n\n2025-01-01 habit Read\n2025-01-01 habit Meditate\n2025-01-02 Read 1\n2025-01-02 Meditate 2\n\n\n2025-01-03  Read 1\n".utf8)))
        out.append(("difference-then-error", Array("units 1\n2025-01-01 habit Read\n2025-01-02  Read 1\n2025-01-03 Read lots\n".utf8)))
        return out
    }

    @Test func sameAnswerAsTheWholeFile() throws {
        var answered = 0, canonical = 0
        for (name, bytes) in try Self.inputs() {
            let expected = Self.reference(bytes)
            for blockLines in [1, 2, 3, 7, 64, 4096] {
                let got = CanonicalCheck.isCanonical(SourceFile(path: "t.units", bytes: bytes), blockLines: blockLines)
                #expect(got == expected, "\(name) at \(blockLines) lines a block")
            }
            if expected != nil { answered += 1 }
            if expected == true { canonical += 1 }
        }
        // Both answers occur (the comparison is not vacuous).
        #expect(answered > 20)
        #expect(canonical > 10)
        for name in ["over-padded-names", "over-padded-notes", "over-padded-keys", "over-padded-values", "under-padded-later",
                     "wrong-claim-then-difference"] {
            let bytes = try Self.inputs().first { $0.name == name }!.bytes
            #expect(Self.reference(bytes) == false, "\(name)")
        }
        #expect(Self.reference(try Self.inputs().first { $0.name == "difference-then-error" }!.bytes) == nil)
    }

    /// The aligned columns take DisplayWidth's shortcut for Latin and
    /// Cyrillic letters: it must agree with the property lookup it skips.
    @Test func displayWidthShortcutAgrees() {
        for v in UInt32(0xA0)..<0x483 where !(0x300..<0x400).contains(v) {
            let scalar = Unicode.Scalar(v)!
            let category = scalar.properties.generalCategory
            let expected = category == .nonspacingMark || category == .enclosingMark || category == .format ? 0 : 1
            #expect(DisplayWidth.of(scalar) == expected, "U+\(String(v, radix: 16))")
        }
    }
}
