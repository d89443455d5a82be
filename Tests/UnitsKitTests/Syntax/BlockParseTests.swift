import Testing
@testable import UnitsKit
import UnitsTestSupport

/// A report's journal is parsed a block of lines at a time and
/// lets go of its entry lines' tokens. It must be the same journal as the
/// whole-file parse: the same lines, the same tokens on demand, the same
/// diagnostics in the same order, entries, notes, tags and lint findings,
/// on the examples and on generated, messy and damaged journals, with
/// block sizes that cut every kind of line.
@Suite struct BlockParseTests {
    /// Journals to compare: examples, generated, messy and damaged.
    static func inputs() throws -> [(name: String, bytes: [UInt8])] {
        var out: [(String, [UInt8])] = []
        let examples = TestFiles.packageRoot(#filePath) + "/Examples"
        for name in TestFiles.list(examples) where name.hasSuffix(".units") {
            out.append((name, try TestFiles.read(examples + "/" + name)))
        }
        for seed in UInt64(0)..<12 {
            let generated = JournalGenerator(seed: seed, entries: 200 + Int(seed) * 37, habits: 5 + Int(seed % 4),
                                             entriesPerDay: 3 + Int(seed % 5) * 7).generate().bytes
            out.append(("generated-\(seed)", generated))
            out.append(("damaged-\(seed)", damage(generated, seed: seed)))
            var messy = MessyJournalGenerator(seed: seed)
            out.append(("messy-\(seed)", Array(messy.journal().utf8)))
        }
        return out
    }

    static func damage(_ original: [UInt8], seed: UInt64) -> [UInt8] {
        var random = SplitMix64(state: seed &* 0x9E37 &+ 11)
        var bytes = original
        for _ in 0..<30 {
            guard !bytes.isEmpty else { break }
            let at = random.below(bytes.count)
            switch random.below(4) {
            case 0: bytes[at] = UInt8(truncatingIfNeeded: random.next())
            case 1: bytes.insert([0x0D, 0x00, 0x22, 0x5C, 0x3B, 0x23, 0xFF, 0x09, 0x20, 0x0A][random.below(10)], at: at)
            case 2: bytes.remove(at: at)
            default:
                let end = min(bytes.count, at + random.below(40))
                bytes.insert(contentsOf: Array(bytes[at..<end]), at: random.below(bytes.count))
            }
        }
        return bytes
    }

    static func describe(_ d: Diagnostic) -> String {
        "\(d.severity) \(d.rule) \(d.range.map { "\($0.file.path):\($0.start)-\($0.end)" } ?? d.path ?? "-") \(d.message)"
    }

    @Test("a block parse gives the whole-file tree, token for token")
    func sameTree() throws {
        for (name, bytes) in try Self.inputs() {
            let file = SourceFile(path: name, bytes: bytes)
            let whole = Parser.parse(file)
            for blockLines in [1, 2, 3, 7, 64, 4096] {
                var seen = 0
                let blocks = Parser.parse(file, in: .init(lines: blockLines)) { block in
                    #expect(block.lines.lowerBound == seen, "\(name) / \(blockLines)")
                    seen = block.lines.upperBound
                    // While the block is handed over, its tokens are all there.
                    for index in block.lines { #expect(block.tree.tokens(of: block.tree.lines[index]) == whole.tokens(of: whole.lines[index])) }
                    return true
                }
                #expect(seen == whole.lines.count, "\(name) / \(blockLines)")
                #expect(blocks.printed() == bytes, "\(name) / \(blockLines)")
                #expect(blocks.lines.count == whole.lines.count)
                for (a, b) in zip(blocks.lines, whole.lines) {
                    #expect(a.kind == b.kind && a.start == b.start && a.contentEnd == b.contentEnd && a.end == b.end, "\(name)")
                    #expect(Array(blocks.tokens(of: a)) == Array(whole.tokens(of: b)), "\(name) / \(blockLines): line at \(a.start)")
                    #expect(blocks.firstToken(of: a) == whole.tokens(of: b).first, "\(name) / \(blockLines): line at \(a.start)")
                }
                #expect(blocks.diagnostics.map(Self.describe) == whole.diagnostics.map(Self.describe), "\(name) / \(blockLines)")
            }
        }
    }

    @Test("a journal built a block at a time is the same journal")
    func sameJournal() throws {
        for (name, bytes) in try Self.inputs() {
            let whole = Journal(tree: Parser.parse(SourceFile(path: name, bytes: bytes)), loader: .memory([:]))
            for blockLines in [1, 5, 4096] {
                var builder = JournalBuilder(loader: .memory([:]))
                builder.addParsingInBlocks(SourceFile(path: name, bytes: bytes), canonicalPath: name, blockLines: blockLines)
                let blocks = builder.finish()
                #expect(blocks.entries == whole.entries, "\(name) / \(blockLines)")
                #expect(ModelFingerprint(blocks) == ModelFingerprint(whole), "\(name) / \(blockLines)")
                #expect(blocks.diagnostics.map(Self.describe) == whole.diagnostics.map(Self.describe), "\(name) / \(blockLines)")
                for entry in whole.entries {
                    #expect(blocks.note(of: entry) == whole.note(of: entry) && blocks.tags(of: entry) == whole.tags(of: entry), "\(name)")
                }
                let today = CivilDate(iso: "2025-12-14")!
                let lint = { (j: Journal) in Linter.lint(j, configuration: LintConfiguration(today: today)).map(Self.describe) }
                #expect(lint(blocks) == lint(whole), "\(name) / \(blockLines)")
                let export = { (j: Journal) in JournalExport(j).csvBytes() }
                #expect(export(blocks) == export(whole), "\(name) / \(blockLines)")
                // Written in small pieces (each ends at a row), the same file.
                var pieces: [UInt8] = []
                JournalExport(blocks).writeCSV(to: ReportOutput(chunk: 100) { piece in
                    #expect(piece.last == 0x0A)
                    pieces += piece
                })
                #expect(pieces == export(whole), "\(name) / \(blockLines)")
            }
        }
    }

    @Test("an entry line's date, name and value read from its words are its tokens")
    func entryTokens() throws {
        var checked = 0
        for (name, bytes) in try Self.inputs() {
            let file = SourceFile(path: name, bytes: bytes)
            let whole = Parser.parse(file)
            var builder = JournalBuilder(loader: .memory([:]))
            builder.addParsingInBlocks(file, canonicalPath: name, blockLines: 64)
            // The model builder's parse (no entry tokens), a plain block
            // parse (entry tokens let go) and the whole tree (all kept).
            let trees = [builder.finish().files[0], Parser.parse(file, in: .init(lines: 5)) { _ in true }, whole]
            for tree in trees {
                #expect(tree.lines.map { [$0.start, $0.end, Int32($0.kind.rawValue)] } == whole.lines.map { [$0.start, $0.end, Int32($0.kind.rawValue)] }, "\(name)")
                for (index, line) in whole.lines.enumerated() where line.kind == .entry {
                    let tokens = Array(whole.tokens(of: line))
                    for k in 0..<min(3, tokens.count) {
                        #expect(tree.entryToken(k, of: tree.lines[index]) == tokens[k], "\(name) line \(index + 1) token \(k)")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 10_000)
        // A line's date: as its first token, parsed, gives it.
        for (name, bytes) in try Self.inputs() {
            let file = SourceFile(path: name, bytes: bytes)
            var builder = JournalBuilder(loader: .memory([:]))
            builder.addParsingInBlocks(file, canonicalPath: name, blockLines: 64)
            let tree = builder.finish().files[0]
            for line in tree.lines {
                let expected = line.kind.isDated ? tree.firstToken(of: line).map { token in
                    guard case .valid(let date) = DateLexeme.parse(tree.bytes(token)) else { return LineDate(token: token, key: 0) }
                    return LineDate(token: token, key: LineDate.key(date))
                } : nil
                let got = tree.date(of: line)
                #expect(got?.token == expected?.token && got?.key == expected?.key, "\(name) at \(line.start)")
            }
        }
        // Strings, tabs, notes and tags around the words.
        let text = "2025-01-01 habit Gym\n2025-01-02\tGym\t 3 #a ; n\n2025-01-02 \"Gym\" yes\n2025-01-03  Gym  no;x\n"
        let file = SourceFile(path: "t.units", text: text)
        let whole = Parser.parse(file)
        let dropped = Parser.parse(file, in: .init(lines: 1)) { _ in true }
        for (index, line) in whole.lines.enumerated() where line.kind == .entry {
            #expect(dropped.lines[index].tokenCount == 0)
            for k in 0..<3 { #expect(dropped.entryToken(k, of: dropped.lines[index]) == whole.tokens(of: line)[whole.tokens(of: line).startIndex + k]) }
        }
    }

    @Test("Journal.load reads includes as the whole-file parse does")
    func loadWithIncludes() {
        let files = [
            "root.units": "units 1\n2025-01-01 habit Walk\ninclude \"more.units\"\n2025-01-02 Walk 2 #park ; fine\n2025-01-03 Nope 1\n",
            "more.units": "2025-01-01 habit Read\n2025-01-02 Read 3 ; a note\n2025-01-02 Read x\n",
            "long.units": "units 1\n2025-01-01 habit Walk\n2025-01-02 Walk 1 ; " + String(repeating: "é", count: 201) + "\n"
                + "2025-01-02 Walk 1 #t ; " + String(repeating: "n", count: 200) + "\n",
        ]
        let loader = JournalLoader.memory(files)
        let lean = Journal.load(path: "root.units", loader: loader)
        let full = Journal(tree: Parser.parse(SourceFile(path: "root.units", text: files["root.units"]!)), loader: loader)
        #expect(lean.entries == full.entries)
        #expect(lean.entries.count == 2)
        #expect(lean.diagnostics.map(Self.describe) == full.diagnostics.map(Self.describe))
        #expect(lean.files.map(\.file.path) == full.files.map(\.file.path))
        #expect(lean.entries.map { lean.note(of: $0) } == ["a note", "fine"])
        #expect(lean.entries.map { lean.tags(of: $0) } == [[], ["park"]])
        #expect(lean.files[0].printed() == Array(files["root.units"]!.utf8))
        // A note over the limit is found on a let-go line too; one at it is not.
        let today = CivilDate(iso: "2025-12-14")!
        let lint = { (j: Journal) in Linter.lint(j, configuration: LintConfiguration(today: today)).map(Self.describe) }
        let long = Journal.load(path: "long.units", loader: loader)
        #expect(lint(long) == lint(Journal(tree: Parser.parse(SourceFile(path: "long.units", text: files["long.units"]!)), loader: loader)))
        #expect(lint(long).filter { $0.contains("note-length") }.count == 1)
    }

    @Test("lineCount counts the line feeds of any bytes, eight at a time")
    func lineCount() {
        var random = SplitMix64(state: 1515)
        let alphabet: [UInt8] = [0x0A, 0x0B, 0x09, 0x8A, 0x0A ^ 0x80, 0xFF, 0x00, 0x7F, 0x80, 0x41, 0x0D, 0x0A]
        for length in Array(0..<40) + [100, 1000, 4097] {
            for _ in 0..<20 {
                let bytes = (0..<length).map { _ in random.below(3) == 0 ? alphabet[random.below(alphabet.count)] : UInt8(truncatingIfNeeded: random.next()) }
                let count = bytes.withUnsafeBufferPointer(Parser.lineCount)
                #expect(count == 1 + bytes.filter { $0 == 0x0A }.count, "\(bytes)")
            }
        }
        #expect(Array(repeating: UInt8(0x0A), count: 17).withUnsafeBufferPointer(Parser.lineCount) == 18)
        // Past the 255 rounds a byte counter holds (every byte a line feed: the most it can count).
        for length in [8 * 255 - 1, 8 * 255, 8 * 255 + 1, 8 * 256 + 7, 100_003] {
            let feeds = Array(repeating: UInt8(0x0A), count: length)
            #expect(feeds.withUnsafeBufferPointer(Parser.lineCount) == length + 1)
            let mixed = (0..<length).map { _ in random.below(2) == 0 ? UInt8(0x0A) : UInt8(truncatingIfNeeded: random.next()) }
            #expect(mixed.withUnsafeBufferPointer(Parser.lineCount) == 1 + mixed.filter { $0 == 0x0A }.count)
        }
    }

    @Test("checkEncoding finds the first NUL, lone CR or bad UTF-8 of any bytes, skipping ASCII eight at a time")
    func checkEncoding() {
        // The byte-at-a-time reference: the first offending offset.
        func reference(_ b: [UInt8]) -> Int? {
            var i = 0
            while i < b.count {
                if b[i] == 0 || b[i] == 0x0D { return i }
                if b[i] < 0x80 { i += 1; continue }
                let n = b[i] >= 0xF0 ? 4 : b[i] >= 0xE0 ? 3 : 2
                guard let s = String(validating: b[i..<min(b.count, i + n)], as: UTF8.self), s.unicodeScalars.count == 1 else { return i }
                i += n
            }
            return nil
        }
        var random = SplitMix64(state: 2424)
        let pieces: [[UInt8]] = [[0x00], [0x0D], [0xC3, 0xA9], [0xE2, 0x80, 0x83], [0xF0, 0x9F, 0x98, 0x80], [0xC3], [0xED, 0xA0, 0x80],
                                 [0xC0, 0x80], [0xFF], Array("abcdefgh".utf8), Array("x".utf8), [0x09], [0x7F]]
        for _ in 0..<3000 {
            var bytes: [UInt8] = []
            for _ in 0..<random.below(12) { bytes += pieces[random.below(pieces.count)] }
            let found = bytes.withUnsafeBufferPointer { ParserState.checkEncoding($0, start: 0, end: bytes.count)?.offset }
            #expect(found == reference(bytes), "\(bytes)")
        }
    }
}
