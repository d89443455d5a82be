import Foundation
import Testing
@testable import UnitsKit
import UnitsTestSupport

/// `Journal.load` maps a large root file instead of copying it.
/// A mapped file must read exactly as the same bytes read into an array:
/// the same bytes, slices and texts, and the same journal, diagnostics,
/// lint findings, export and printed tree.
@Suite struct MappedFileTests {
    /// `bytes` repeated until the file is past the mapping threshold.
    static func large(_ bytes: [UInt8]) -> [UInt8] {
        guard !bytes.isEmpty else { return [] }
        var out = bytes
        while out.count < FileReader.mappingThreshold + 1 { out += bytes }
        return out
    }

    @Test("a mapped file gives the bytes, slices and texts of the file read")
    func mappedBytes() throws {
        let directory = TestFiles.temporaryDirectory()
        let path = directory + "/big.units"
        let text = Array("2025-01-02 Read 3 ; é 読\n".utf8)
        let bytes = Self.large(text)
        try TestFiles.write(path, bytes)
        let file = try FileReader.readSourceFile(atPath: path)
        #expect(file.isMapped)
        #expect(file.count == bytes.count)
        #expect(file.withBytes { Array($0) } == bytes)
        #expect(file.bytes == bytes)
        #expect(file.bytes == bytes)   // the copy, made once, again
        #expect(Array(file.slice(11..<15)) == Array("Read".utf8))
        let tree = Parser.parse(file)
        let tokens = Array(tree.tokens(of: tree.lines[0]))
        #expect(tree.text(tokens[1]) == "Read")
        #expect(Array(tree.bytes(tokens[2])) == Array("3".utf8))
        #expect(tree.printed() == bytes)
        // A small file is read, not mapped.
        try TestFiles.write(directory + "/small.units", text)
        let small = try FileReader.readSourceFile(atPath: directory + "/small.units")
        #expect(!small.isMapped && small.bytes == text)
        // The reasons of a file that cannot be read are those of `readBytes`.
        for bad in [directory + "/missing.units", directory] {
            var mapped = "", read = ""
            do { _ = try FileReader.readSourceFile(atPath: bad) } catch { mapped = error.description }
            do { _ = try FileReader.readBytes(atPath: bad) } catch { read = error.description }
            #expect(!mapped.isEmpty && mapped == read)
        }
    }

    @Test("pages let go behind a parse read back as the file's bytes")
    func releasedPagesReadBack() throws {
        let directory = TestFiles.temporaryDirectory()
        let path = directory + "/released.units"
        var bytes = Self.large(Array("2025-01-02 Read 3 ; é 読\n".utf8))
        while bytes.count < 4 * FileReader.mappingThreshold { bytes += bytes }
        try TestFiles.write(path, bytes)
        let file = try FileReader.readSourceFile(atPath: path)
        #expect(file.isMapped)
        let before = Parser.parse(file).printed()
        // Every page, then part, then an offset past the end: each time the
        // bytes are the file's, and a parse (which lets pages go as it
        // reads) gives the same tree.
        for offset in [file.count, 5000, 0, file.count + 100, 3 * 4096 + 1] {
            file.releaseResidentPages(before: offset)
            #expect(file.withBytes { Array($0) } == bytes)
        }
        #expect(Parser.parse(file, in: .init(lines: 7)) { _ in true }.printed() == before)
        #expect(before == bytes)
        // A file held in memory has no pages to let go.
        let held = SourceFile(path: "held", bytes: bytes)
        held.releaseResidentPages(before: held.count)
        #expect(held.bytes == bytes)
    }

    @Test("lint and export, which let pages go as they read, read a large mapped journal as the file read")
    func releasingReadersAgree() throws {
        // Enough lines that the lint line pass and the export let pages go
        // several times (every 4096 lines and entries).
        let bytes = JournalGenerator(seed: 7, entries: 20_000, habits: 6, entriesPerDay: 30).generate().bytes
        let path = TestFiles.temporaryDirectory() + "/large.units"
        try TestFiles.write(path, bytes)
        let today = CivilDate(iso: "2025-12-14")!
        let reading = JournalLoader(read: { path in try FileReader.readBytes(atPath: path) })
        let mapped = Journal.load(path: path), read = Journal.load(path: path, loader: reading)
        #expect(mapped.files[0].file.isMapped && mapped.files[0].lines.count > 3 * JournalBuilder.blockLines)
        let lint = { (j: Journal) in Linter.lint(j, configuration: LintConfiguration(today: today)).map(BlockParseTests.describe) }
        #expect(lint(mapped) == lint(read))
        #expect(JournalExport(mapped).csvBytes() == JournalExport(read).csvBytes())
        // Read again after the pages went: the same bytes.
        #expect(mapped.files[0].printed() == bytes)
    }

    @Test("a journal loaded from a mapped file is the journal of its bytes")
    func sameJournal() throws {
        let directory = TestFiles.temporaryDirectory()
        let today = CivilDate(iso: "2025-12-14")!
        let reading = JournalLoader(read: { path in try FileReader.readBytes(atPath: path) })
        var compared = 0
        for (index, input) in try BlockParseTests.inputs().enumerated() where index % 3 == 0 {
            let bytes = Self.large(input.bytes)
            guard !bytes.isEmpty else { continue }
            let path = directory + "/\(index).units"
            try TestFiles.write(path, bytes)
            let mapped = Journal.load(path: path)
            let read = Journal.load(path: path, loader: reading)
            #expect(mapped.files[0].file.isMapped)
            #expect(read.files[0].file.isMapped == false)
            #expect(mapped.entries == read.entries, "\(input.name)")
            #expect(ModelFingerprint(mapped) == ModelFingerprint(read), "\(input.name)")
            #expect(mapped.diagnostics.map(BlockParseTests.describe) == read.diagnostics.map(BlockParseTests.describe), "\(input.name)")
            let lint = { (j: Journal) in Linter.lint(j, configuration: LintConfiguration(today: today)).map(BlockParseTests.describe) }
            #expect(lint(mapped) == lint(read), "\(input.name)")
            #expect(JournalExport(mapped).csvBytes() == JournalExport(read).csvBytes(), "\(input.name)")
            #expect(mapped.files[0].printed() == bytes, "\(input.name)")
            let rendered = { (j: Journal) -> String in
                var renderer = DiagnosticRenderer()
                return renderer.render(Array(j.diagnostics.prefix(50)))
            }
            #expect(rendered(mapped) == rendered(read), "\(input.name)")
            compared += 1
        }
        #expect(compared > 5)
    }
}

/// A mapped journal cut short by another program while it is read is a
/// clean failure (a message, exit 1), not a crash by SIGBUS.
@Suite struct TruncatedMappingTests {
    @Test func truncatedWhileReadExitsCleanly() async {
        await #expect(processExitsWith: .exitCode(1), observing: [\.standardErrorContent]) {
            let path = TestFiles.temporaryDirectory() + "/cut.units"
            try TestFiles.write(path, MappedFileTests.large(Array("2025-01-02 Read 3\n".utf8)) + Array(repeating: 0x0A, count: 1 << 16))
            let file = try FileReader.readSourceFile(atPath: path)
            guard file.isMapped else { SystemProcess.exit(3) }
            try FileHandle(forWritingAtPath: path)?.truncate(atOffset: 0)
            // Reading a page past the new end of the file raises SIGBUS.
            let last = file.withBytes { $0[$0.count - 1] }
            SystemProcess.exit(last == 0x0A ? 4 : 5)
        }
        .map { result in
            #expect(String(decoding: result.standardErrorContent, as: UTF8.self) == TruncatedMappingGuard.message)
        }
    }
}
