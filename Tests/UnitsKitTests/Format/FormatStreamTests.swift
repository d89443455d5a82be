import Testing
@testable import UnitsKit

/// `units-fmt --check` answers a block at a time. Its verdict
/// must be the whole-file path's (format, compare, self-check) on every
/// journal, at block sizes that cut every kind of block, and it must
/// defer to that path whenever the file has errors.
@Suite struct FormatStreamTests {
    /// The whole-file answer: nil when the file does not parse or the self-check fails.
    static func reference(_ bytes: [UInt8]) -> FormatStream.Verdict? {
        let tree = Parser.parse(SourceFile(path: "t.units", bytes: bytes))
        guard case .formatted(let out) = Formatter.format(tree) else { return nil }
        if out == bytes { return .canonical }
        return FormatCheck.problem(input: tree, output: out) == nil ? .notCanonical : nil
    }

    /// `units-fmt --check`'s answer (it writes nothing, so no self-check):
    /// nil when the file does not parse, else whether formatting changes a byte.
    static func referenceWithoutSelfCheck(_ bytes: [UInt8]) -> FormatStream.Verdict? {
        let tree = Parser.parse(SourceFile(path: "t.units", bytes: bytes))
        guard case .formatted(let out) = Formatter.format(tree) else { return nil }
        return out == bytes ? .canonical : .notCanonical
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
        return out
    }

    @Test func sameVerdictAsTheWholeFile() throws {
        var answered = 0, canonical = 0
        for (name, bytes) in try Self.inputs() {
            let expected = Self.reference(bytes)
            for blockLines in [1, 2, 3, 7, 64, 4096] {
                let got = FormatStream.verdict(SourceFile(path: "t.units", bytes: bytes), blockLines: blockLines)
                #expect(got == expected, "\(name) at \(blockLines) lines a block")
                let check = FormatStream.verdict(SourceFile(path: "t.units", bytes: bytes), blockLines: blockLines, selfCheck: false)
                #expect(check == Self.referenceWithoutSelfCheck(bytes), "\(name) at \(blockLines) lines a block, no self-check")
            }
            if expected != nil { answered += 1 }
            if expected == .canonical { canonical += 1 }
        }
        // Both answers occur (the comparison is not vacuous).
        #expect(answered > 20)
        #expect(canonical > 10)
    }

    /// The one-pass answer (FormatStreamCanonical) says "canonical" exactly
    /// when the whole file formats to itself, at every block size; it never
    /// trusts the widths a file's padding claims without measuring them.
    @Test func onePassCanonicalOnlyWhenTheWholeFileSays() throws {
        var inputs = try Self.inputs()
        // Consistent padding wider than any line needs: every line prints
        // back as it is under the claimed widths, yet the file is not canonical.
        inputs.append(("over-padded-names", Array("units 1\n\n2025-01-01 habit Read\n2025-01-01 habit Run\n2025-01-02 Read   1\n2025-01-02 Run    2\n".utf8)))
        inputs.append(("over-padded-notes", Array("units 1\n\n2025-01-01 habit Read\n2025-01-02 Read 1    ; a\n2025-01-02 Read 22   ; b\n".utf8)))
        inputs.append(("over-padded-keys", Array("units 1\n\n2025-01-01 habit Read\n  unit:   page\n  color:  red\n".utf8)))
        inputs.append(("over-padded-values", Array("units 1\n\n2025-01-01 habit Read\n  unit: page   ; a\n  size: 2      ; b\n".utf8)))
        inputs.append(("under-padded-later", Array("units 1\n\n2025-01-01 habit Read\n2025-01-01 habit Meditate\n2025-01-02 Read 1\n2025-01-02 Meditate 2\n".utf8)))
        var canonical = 0
        for (name, bytes) in inputs {
            let expected = Self.reference(bytes)
            let parses = Parser.parse(SourceFile(path: "t.units", bytes: bytes)).diagnostics.isEmpty
            for blockLines in [1, 2, 3, 7, 4096] {
                let got = FormatStream.canonicalPass(SourceFile(path: "t.units", bytes: bytes), blockLines: blockLines)
                // A file with errors may stop at a difference before them
                // (the two-pass path then finds them); never "canonical".
                let want: Set<FormatStream.CanonicalPass> = !parses ? [.unparsed, .differs] : expected == .canonical ? [.canonical] : [.differs]
                #expect(want.contains(got), "\(name) at \(blockLines) lines a block: \(got)")
            }
            if expected == .canonical { canonical += 1 }
        }
        #expect(canonical > 10)
        for name in ["over-padded-names", "over-padded-notes", "over-padded-keys", "over-padded-values", "under-padded-later"] {
            let bytes = inputs.first { $0.name == name }!.bytes
            #expect(Self.reference(bytes) == .notCanonical, "\(name)")
            #expect(FormatStream.verdict(SourceFile(path: "t.units", bytes: bytes)) == .notCanonical, "\(name)")
        }
    }

    /// Each way to the answer on its own agrees with the whole file: the
    /// printing pass (held blocks, as long as it may hold them) and the
    /// two-pass path it falls back to.
    @Test func printingPassAndTwoPassAgree() throws {
        var held = 0, tooLong = 0
        for (name, bytes) in try Self.inputs() {
            let file = SourceFile(path: "t.units", bytes: bytes)
            for selfCheck in [true, false] {
                let expected = selfCheck ? Self.reference(bytes) : Self.referenceWithoutSelfCheck(bytes)
                for blockLines in [1, 2, 3, 7, 4096] {
                    #expect(FormatStream.twoPass(file, blockLines: blockLines, selfCheck: selfCheck) == expected, "\(name) two-pass at \(blockLines), self-check \(selfCheck)")
                    for maxOpen in [1, 3, 100_000] {
                        switch FormatStream.printingPass(file, blockLines: blockLines, maxOpenLines: maxOpen, selfCheck: selfCheck) {
                        case .answer(let got):
                            held += 1
                            #expect(got == expected, "\(name) printing pass at \(blockLines), holding \(maxOpen), self-check \(selfCheck)")
                        case .blockTooLong:
                            tooLong += 1
                            #expect(maxOpen < 100_000, "\(name)")
                        }
                    }
                }
            }
        }
        #expect(held > 100)
        #expect(tooLong > 10)
    }

    @Test func piecesParseAsTheWhole() throws {
        for (name, bytes) in try Self.inputs() {
            let whole = Parser.parse(SourceFile(path: "t.units", bytes: bytes))
            // Cut after every third line feed; each piece parsed as a continuation.
            var parser = StreamingParser(path: "t.units")
            var kinds: [LineKind] = [], texts: [[UInt8]] = []
            var start = 0, feeds = 0
            for (i, b) in bytes.enumerated() where b == ASCII.lf {
                feeds += 1
                if feeds % 3 == 0 || i == bytes.count - 1 {
                    let piece = Array(bytes[start...i])
                    let tree = parser.feed(piece)
                    for line in tree.lines { kinds.append(line.kind); texts.append(tree.tokens(of: line).flatMap { Array(tree.bytes($0)) }) }
                    start = i + 1
                }
            }
            if start < bytes.count {
                let tree = parser.feed(Array(bytes[start...]))
                for line in tree.lines { kinds.append(line.kind); texts.append(tree.tokens(of: line).flatMap { Array(tree.bytes($0)) }) }
            }
            #expect(kinds == whole.lines.map(\.kind), "\(name)")
            #expect(texts == whole.lines.map { whole.tokens(of: $0).flatMap { Array(whole.bytes($0)) } }, "\(name)")
            #expect(parser.diagnostics.map(\.message) == whole.diagnostics.map(\.message), "\(name)")
        }
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
