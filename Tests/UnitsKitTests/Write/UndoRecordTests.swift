import Foundation
import Testing
@testable import UnitsKit
import UnitsTestSupport

@Suite struct UndoRecordTests {
    static let before = Array("units 1\n2025-12-14 Reading 3\n".utf8)
    static let after = Array("units 1\n2025-12-14 Reading 3\n2025-12-14 Reading 1\n".utf8)

    @Test func aChangeIsWholeLinesAndRestoresExactly() {
        let append = UndoRecord.FileChange(path: "/j", before: Self.before, after: Self.after)
        #expect(append.isAppend)
        #expect(append.sizeBefore == Self.before.count)
        #expect(append.restoredBytes(Self.after) == Self.before)
        #expect(UndoRecord(summary: "", files: [append]).appendedText == "2025-12-14 Reading 1")
        // A rewrite in the middle: the changed line, whole.
        let old = Array("a 1\nb 22\nc 3\n".utf8), new = Array("a 1\nb 23\nc 3\n".utf8)
        let rewrite = UndoRecord.FileChange(path: "/j", before: old, after: new)
        #expect(!rewrite.isAppend)
        #expect(rewrite.removed == Array("b 22\n".utf8) && rewrite.inserted == Array("b 23\n".utf8))
        #expect(rewrite.restoredBytes(new) == old)
        // Edge cases: whole files, empty files, no final newline.
        for (a, b) in [("", "x\n"), ("x\n", ""), ("a", "b"), ("a\nb", "a\nc"), ("abc\n", "xbc\n"), ("a\n", "a\na\n"), ("3 W 3\n", "1 W 2\n3 W 3\n")] {
            let change = UndoRecord.FileChange(path: "/j", before: Array(a.utf8), after: Array(b.utf8))
            #expect(change.restoredBytes(Array(b.utf8)) == Array(a.utf8), "\(a) → \(b)")
            #expect(change.sizeAfter == b.utf8.count && change.sizeBefore == a.utf8.count)
        }
    }

    /// The byte-at-a-time computation the eight-at-a-time one replaced.
    static func reference(_ before: [UInt8], _ after: [UInt8]) -> (offset: Int, removed: [UInt8], inserted: [UInt8]) {
        let shorter = min(before.count, after.count)
        var prefix = 0
        while prefix < shorter, before[prefix] == after[prefix] { prefix += 1 }
        let appendOnly = prefix == before.count
        while !appendOnly, prefix > 0, before[prefix - 1] != 0x0A { prefix -= 1 }
        var suffix = 0
        while suffix < shorter - prefix, before[before.count - 1 - suffix] == after[after.count - 1 - suffix] { suffix += 1 }
        func atLineStart(_ bytes: [UInt8], _ index: Int) -> Bool { index == 0 || bytes[index - 1] == 0x0A }
        while !appendOnly, suffix > 0, !(atLineStart(before, before.count - suffix) && atLineStart(after, after.count - suffix)) { suffix -= 1 }
        return (prefix, Array(before[prefix..<(before.count - suffix)]), Array(after[prefix..<(after.count - suffix)]))
    }

    @Test func theFastComparisonAgreesWithTheByteAtATimeOne() {
        var random = SplitMix64(state: 12)
        let alphabet = Array("ab\n 1".utf8)
        for _ in 0..<20_000 {
            let base = (0..<Int.random(in: 0...40, using: &random)).map { _ in alphabet.randomElement(using: &random)! }
            var other = base
            // A few edits: insertions, deletions and changes anywhere.
            for _ in 0..<Int.random(in: 0...3, using: &random) {
                let at = Int.random(in: 0...other.count, using: &random)
                let byte = alphabet.randomElement(using: &random)!
                switch Int.random(in: 0..<3, using: &random) {
                case 0: other.insert(byte, at: at)
                case 1: if at < other.count { other.remove(at: at) }
                default: if at < other.count { other[at] = byte }
                }
            }
            let change = UndoRecord.FileChange(path: "/j", before: base, after: other)
            let expected = Self.reference(base, other)
            let same = change.offset == expected.offset && change.removed == expected.removed
            #expect(same && change.inserted == expected.inserted, "\(base) → \(other)")
            #expect(change.restoredBytes(other) == base)
        }
    }

    @Test func refusesUnlessTheFileIsAsTheWriteLeftIt() {
        let change = UndoRecord.FileChange(path: "/j", before: Self.before, after: Self.after)
        #expect(change.refusal(against: Self.after, shownAs: "f") == nil)
        #expect(change.refusal(against: Self.before, shownAs: "f")?.contains("was changed since") == true)
        #expect(change.refusal(against: Self.after + Array("x\n".utf8), shownAs: "f")?.contains("lines were added") == true)
        var edited = Self.after
        edited[0] = UInt8(ascii: "U")
        #expect(change.refusal(against: edited, shownAs: "f")?.contains("was changed since") == true)
    }
}

@Suite struct UndoStackTests {
    let dir = TemporaryDirectory()

    func stack() -> (UndoStack, String) {
        let journal = dir.file("habits.units", "units 1\n")
        return (UndoStack(journal: journal, directory: dir.path + "/state/units/undo"), dir.path)
    }

    @Test func livesInTheStateFolderKeyedByTheRealPath() {
        #expect(UndoStack.directory(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"]) == "/s/units/undo")
        #expect(UndoStack.directory(environment: ["XDG_STATE_HOME": "relative", "HOME": "/h"]) == "/h/.local/state/units/undo")
        #expect(UndoStack.directory(environment: ["HOME": "/h"]) == "/h/.local/state/units/undo")
        let a = UndoStack(journal: "/x/habits.units", directory: "/d"), b = UndoStack(journal: "/y/habits.units", directory: "/d")
        #expect(a.location != b.location)
        #expect(a.location.hasPrefix("/d/") && a.location.hasSuffix("-habits.units.undo"))
    }

    @Test func keepsTheLastFiftyAndRoundTrips() throws {
        let (stack, _) = stack()
        for i in 0..<60 {
            let change = UndoRecord.FileChange(path: stack.journal, before: Array("a\n".utf8), after: Array("a\n\(i)\n".utf8))
            try stack.push(UndoRecord(summary: "write \(i)\nsecond line", files: [change]))
        }
        let records = try stack.load()
        #expect(records.count == UndoStack.limit)
        #expect(records.last?.summary == "write 59 second line")
        #expect(records.first?.summary == "write 10 second line")
        #expect(records.last?.files.first?.inserted == Array("59\n".utf8))
    }

    /// Damaged records (hostile numbers included) are refused, never trusted or trapped on.
    @Test(arguments: [
        "garbage",
        "units-undo 3\njournal JOURNAL\nrecord\nfile JOURNAL\noffset 9223372036854775807\nsize-after 10\nhash-after 0\nremoved\ninserted 0a\nend\n",
        "units-undo 3\njournal JOURNAL\nrecord\nfile JOURNAL\noffset 5\nsize-after 99999999999999999999\nhash-after 0\nremoved\ninserted 0a\nend\n",
        "units-undo 3\njournal JOURNAL\nrecord\nfile JOURNAL\noffset 5\nsize-after 5\nhash-after 0\nremoved\ninserted 0a0a\nend\n",
        "units-undo 3\njournal JOURNAL\nrecord\nfile JOURNAL\noffset -1\nsize-after 5\nhash-after 0\nremoved\ninserted 0a\nend\n",
        "units-undo 3\njournal JOURNAL\nrecord\nfile JOURNAL\noffset 0\nsize-after 5\nhash-after zz\nremoved\ninserted 0a\nend\n",
        "units-undo 3\njournal JOURNAL\nrecord\nfile JOURNAL\noffset 0\nsize-after 5\nhash-after 0\nremoved\ninserted 0\nend\n",
        "units-undo 3\njournal JOURNAL\nrecord\nsummary x\n",
        "units-undo 3\njournal /somewhere/else.units\n",
        // An older stack, whose records have no checks.
        "units-undo 2\njournal JOURNAL\nrecord\nfile JOURNAL\noffset 0\nsize-after 1\nhash-after af63bd4c8601b7be\nremoved\ninserted 0a\nend\n",
        // A record without its check, and one whose check does not fit.
        "units-undo 3\njournal JOURNAL\nrecord\nfile JOURNAL\noffset 0\nsize-after 1\nhash-after af63bd4c8601b7be\nhash-before cbf29ce484222325\nremoved\ninserted 0a\nend\n",
        "units-undo 3\njournal JOURNAL\nrecord\nfile JOURNAL\noffset 0\nsize-after 1\nhash-after af63bd4c8601b7be\nhash-before cbf29ce484222325\nremoved\ninserted 0a\ncheck 1\nend\n",
    ])
    func refusesADamagedStack(text: String) throws {
        let (stack, _) = stack()
        try UndoStack.makeDirectory(FileReader.directory(of: stack.location))
        FileManager.default.createFile(atPath: stack.location, contents: Data(text.replacingOccurrences(of: "JOURNAL", with: stack.journal).utf8))
        #expect(throws: UndoStack.Damaged.self) { try stack.load() }
        guard case .failure(.refused(let message)) = JournalUndo.perform(path: stack.journal, directory: FileReader.directory(of: stack.location)) else {
            Issue.record("a damaged stack was used"); return
        }
        #expect(message.contains("damaged"))
    }
}

extension UndoRecord.FileChange {
    /// What undo gives back from `bytes`, nil when it refuses.
    func restoredBytes(_ bytes: [UInt8]) -> [UInt8]? { try? restored(from: bytes, shownAs: "f").get() }
}
