import Testing
@testable import UnitsKit

@Suite struct UndoRecordTests {
    static let before = Array("units 1\n2025-12-14 Reading 3".utf8)
    static let appended = Array("\n2025-12-14 Reading 1\n".utf8)

    @Test func serialisesAndParses() throws {
        let record = UndoRecord(after: Self.before + Self.appended, appended: Self.appended, summary: "Added 1 unit\nto Reading")
        let parsed = try #require(UndoRecord.parse(record.serialized()))
        #expect(parsed.sizeBefore == Self.before.count)
        #expect(parsed.appended == Self.appended)
        #expect(parsed.hashAfter == record.hashAfter)
        #expect(parsed.summary == "Added 1 unit to Reading")
        #expect(record.appendedText == "2025-12-14 Reading 1")
        #expect(UndoRecord.parse(Array("units-undo 1\nsize-before x\n".utf8)) == nil)
        #expect(UndoRecord.parse(Array("garbage".utf8)) == nil)
    }

    @Test func refusesUnlessTheFileIsAsTheWriteLeftIt() {
        let after = Self.before + Self.appended
        let record = UndoRecord(after: after, appended: Self.appended, summary: "")
        #expect(record.refusal(against: after, path: "f") == nil)
        #expect(record.refusal(against: Self.before + Array("\n2025-12-14 Reading 2\n".utf8), path: "f")?.contains("edited or removed") == true)
        #expect(record.refusal(against: Self.before, path: "f")?.contains("edited or removed") == true)
        #expect(record.refusal(against: after + Array("x\n".utf8), path: "f")?.contains("lines were added") == true)
        var edited = after
        edited[0] = UInt8(ascii: "U")
        #expect(record.refusal(against: edited, path: "f")?.contains("changed elsewhere") == true)
    }

    @Test func livesNextToTheJournal() {
        #expect(UndoRecord.location(for: "/nonexistent-dir/habits.units") == "/nonexistent-dir/.habits.units.undo")
    }
}
