import Testing
@testable import UnitsKit

/// An import appends its lines already laid out as the printer lays them
/// out (`ImportResult.laidOutBytes`), so the printer's pass over them
/// changes nothing and the self-check needs no second parse (issue 19's
/// speed). On every real sample file: the printer leaves the lines as they
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
        let result = format.importer(existing: Journal(), today: ImportTests.today)(try InteropFixtures.bytes(InteropFixtures.inputs + "/" + input), input)
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
}
