import Foundation
import Testing
@testable import UnitsCLI
@testable import UnitsKit
import UnitsTestSupport

/// `units serve` keeps the journal's model while the file's bytes stay the
/// same (`JournalMemo`): a tap and a poll on an unchanged journal parse it
/// once, and any change on disk, even one that keeps the size, is seen.
@Suite struct ServeMemoTests {
    static let journal = """
        units 1
        2025-12-01 habit Reading
          unit: page

        2025-12-13 Reading 3

        """

    func backend(_ path: String, memo: JournalMemo) -> ServeApp.Backend {
        let state = FileReader.directory(of: path) + "/state"
        return ServeCommand.backend(path: path, today: "2025-12-14",
                                    io: CommandIO(writeOut: { _ in }, writeErr: { _ in }, environment: ["XDG_STATE_HOME": state]), memo: memo)
    }

    func todayText(_ backend: ServeApp.Backend) -> String {
        guard case .success(let bytes) = backend.today() else { return "" }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func aTapAndAPollOnAnUnchangedJournalParseItOnce() throws {
        let path = try CLI.temporaryFile(Self.journal)
        let memo = JournalMemo()
        let backend = backend(path, memo: memo)
        _ = todayText(backend)
        #expect(memo.builds == 1)
        guard case .success = backend.perform(ServeApp.Action(kind: .log, habit: "Reading", value: "2")) else {
            Issue.record("the tap was refused"); return
        }
        #expect(memo.builds == 1, "the tap parsed the unchanged journal again")
        // The server builds the written journal once it has answered.
        memo.warmAfterWrite(path: path)
        #expect(memo.builds == 2)
        #expect(todayText(backend).contains(#""today": 2"#))
        #expect(memo.builds == 2, "the poll after the tap parsed the journal again")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasSuffix("2025-12-13 Reading 3\n2025-12-14 Reading 2\n"), "\(text)")
    }

    /// An edit in another program that keeps the file's size (and may keep
    /// its modification time) is still a new journal: the memo compares bytes.
    @Test func anEditThatKeepsTheSizeIsSeenByThePollAndTheTap() throws {
        let path = try CLI.temporaryFile(Self.journal + "2025-12-14 Reading 3\n")
        let memo = JournalMemo()
        let backend = backend(path, memo: memo)
        #expect(todayText(backend).contains(#""today": 3"#))
        try (Self.journal + "2025-12-14 Reading 1\n").write(toFile: path, atomically: false, encoding: .utf8)
        #expect(todayText(backend).contains(#""today": 1"#))
        // A correction below zero is refused against the file as it is now.
        try (Self.journal + "2025-12-14 Reading 3\n").write(toFile: path, atomically: false, encoding: .utf8)
        _ = todayText(backend)
        try (Self.journal + "2025-12-14 Reading 1\n").write(toFile: path, atomically: false, encoding: .utf8)
        guard case .failure(let why) = backend.perform(ServeApp.Action(kind: .log, habit: "Reading", value: "-2")) else {
            Issue.record("a correction below zero of the file on disk was written"); return
        }
        #expect(why.message.contains("Reading has 1 today"), "\(why.message)")
    }

    /// The undo record's hashes, the common beginning hashed once, are the
    /// hashes of the whole files.
    @Test func theUndoRecordsHashesAreTheWholeFilesHashes() {
        let seed = UInt64.random(in: 1...UInt64.max)
        print("theUndoRecordsHashesAreTheWholeFilesHashes seed \(seed)")
        var random = SplitMix64(state: seed)
        for _ in 0..<200 {
            let before = (0..<Int(random.next() % 300)).map { _ in UInt8(truncatingIfNeeded: random.next() % 4 == 0 ? 0x0A : random.next()) }
            var after = before
            switch random.next() % 3 {
            case 0: after += (0..<Int(random.next() % 40)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            case 1: if !after.isEmpty { after.removeSubrange(Int(random.next() % UInt64(after.count))..<after.count) }
            default: after.insert(contentsOf: [0x41, 0x0A], at: after.isEmpty ? 0 : Int(random.next() % UInt64(after.count)))
            }
            let change = UndoRecord.FileChange(path: "/j", before: before, after: after)
            #expect(change.hashBefore == UndoRecord.hash(before) && change.hashAfter == UndoRecord.hash(after), "seed \(seed)")
        }
    }
}
