import Foundation
import Testing
@testable import UnitsKit

/// An import appends its lines already laid out as the printer lays them
/// out (`ImportResult.laidOutBytes`), so the printer's pass over them
/// changes nothing and the self-check needs no second parse (for speed). On every real sample file: the printer leaves the lines as they
/// are, and they mean what the lines as mapped mean.
@Suite struct ImportLayoutTests {
    @Test(arguments: [
        (ImportFormat.loop, "loop/Checkmarks.csv"),
        (.loop, "loop/003 Drink water/Checkmarks.csv"),
        (.loop, "loop-current/Checkmarks.csv"),
        (.loop, "loop-current/002 Read/Checkmarks.csv"),
        (.harsh, "harsh.log"),
        (.harsh, "harsh/test_log"),
        (.habitctl, "habitctl.log"),
        (.timedot, "work.timedot"),
        (.todotxt, "todo.txt"),
    ])
    func appendedLinesAreAsThePrinterPrintsThem(format: ImportFormat, input: String) throws {
        let result = format.importFiles([ImportFile(path: input, bytes: try InteropFixtures.bytes(InteropFixtures.inputs + "/" + input))],
            source: input,
            existing: Journal(), today: ImportTests.today)
        let laid = Array("units 1\n".utf8) + result.laidOutBytes()
        let tree = Parser.parse(SourceFile(path: "j.units", bytes: laid))
        #expect(tree.diagnostics.isEmpty)
        let printed = WriteLayout.layOut(tree, added: 0..<tree.lines.count)
        #expect(String(decoding: printed, as: UTF8.self) == String(decoding: laid, as: UTF8.self))
        let mapped = Parser.parse(SourceFile(path: "j.units", bytes: Array("units 1\n".utf8) + result.bytes))
        #expect(FormatCheck.problem(input: mapped, output: laid) == nil)
    }

    /// A run of entries with notes and tags, and a declaration's attributes.
    @Test func notesTagsAndAttributes() {
        let result = ImportTests.run(.harsh, "2025-01-01 : Daily standup : y : Great meeting\n2025-01-01 : Gym : y : Leg day : 1.5\n2025-01-02 : Running : n\n")
        let laid = Array("units 1\n".utf8) + result.laidOutBytes()
        let tree = Parser.parse(SourceFile(path: "j.units", bytes: laid))
        #expect(WriteLayout.layOut(tree, added: 0..<tree.lines.count) == laid)
    }

    /// The lines are written once after the caller's prefix, and are the
    /// lines as mapped, aligned.
    @Test func prefixThenTheMappedLinesAligned() {
        let result = ImportTests.run(.harsh, "2025-01-01 : Daily standup : y : Great meeting\n2025-01-01 : Gym : y : Leg day : 1.5\n2025-01-02 : Running : n\n")
        let prefix = Array("units 1\n".utf8)
        let laid = result.laidOutBytes(prefix: prefix)
        #expect(laid == prefix + result.laidOutBytes())
        let mapped = Parser.parse(SourceFile(path: "j.units", bytes: prefix + result.bytes))
        #expect(FormatCheck.problem(input: mapped, output: laid) == nil)
        #expect(!result.isEmpty && ImportTests.run(.harsh, "").isEmpty)
    }

    /// A block of 10,000 entry lines is kept when it is as printed,
    /// re-printed when any line (first, middle, last) is not.
    @Test(arguments: [-1, 0, 4095, 4096, 6000, 9999])
    func largeBlocksAreComparedInChunks(spoil: Int) {
        var log = ""
        var date = CivilDate(year: 2000, month: 1, day: 1)!
        for k in 0..<10_000 {
            log += "\(date) : \(k % 2 == 0 ? "Gym" : "Standup") : y\(k % 7 == 0 ? " : note \(k)" : "")\n"
            if k % 2 == 1 { date = date.adding(days: 1) }
        }
        let laid = ImportTests.run(.harsh, log).laidOutBytes(prefix: Array("units 1\n".utf8))
        var text = String(decoding: laid, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let entries = lines.indices.filter { lines[$0].first?.isNumber == true && !lines[$0].contains(" habit ") }
        #expect(entries.count == 10_000)
        if spoil >= 0 {
            // Two spaces after the name become one more: still the same meaning, not canonical.
            lines[entries[spoil]] = lines[entries[spoil]].replacingOccurrences(of: "Gym ", with: "Gym  ").replacingOccurrences(of: "Standup ", with: "Standup  ")
            text = lines.joined(separator: "\n")
        }
        let tree = Parser.parse(SourceFile(path: "j.units", bytes: Array(text.utf8)))
        let printed = WriteLayout.layOut(tree, added: 0..<tree.lines.count)
        #expect(printed == laid)
    }
}
