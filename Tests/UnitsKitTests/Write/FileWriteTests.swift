import Foundation
import Testing
@testable import UnitsKit

/// A temporary directory for one test.
final class TemporaryDirectory {
    let path: String
    init() {
        path = try! SystemFile.makeTemporaryDirectory(NSTemporaryDirectory() + "/units-kit-XXXXXX")
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
    func file(_ name: String, _ text: String? = nil) -> String {
        let full = path + "/" + name
        if let text { FileManager.default.createFile(atPath: full, contents: Data(text.utf8)) }
        return full
    }
    func read(_ name: String) -> String { String(decoding: FileManager.default.contents(atPath: path + "/" + name) ?? Data(), as: UTF8.self) }
    func mode(_ name: String) -> mode_t { var info = stat(); stat(path + "/" + name, &info); return info.st_mode & 0o7777 }
}

@Suite struct FileCommitTests {
    @Test func replacesKeepingPermissions() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("j.units", "old\n")
        try? FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        try LockedFile.open(path).replace(with: Array("new\n".utf8))
        #expect(dir.read("j.units") == "new\n")
        #expect(dir.mode("j.units") == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["j.units"])
    }

    @Test func writesThroughSymlinks() throws {
        let dir = TemporaryDirectory()
        let target = dir.file("real.units", "old\n")
        let link = dir.path + "/link.units"
        try? FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        try LockedFile.open(link).replace(with: Array("new\n".utf8))
        #expect(try SystemFile.linkStatus(atPath: link).st_mode & S_IFMT == S_IFLNK)
        #expect(dir.read("real.units") == "new\n")
    }

    @Test func createNeverOverwrites() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("j.units")
        try FileCommit.create(path, bytes: Array("first\n".utf8))
        #expect(throws: WriteError.self) { try FileCommit.create(path, bytes: Array("second\n".utf8)) }
        #expect(dir.read("j.units") == "first\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["j.units"])
    }
}

@Suite struct JournalWriteTests {
    @Test func appendsUnderALockAndRecordsUndo() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("habits.units", "units 1\r\n2025-12-01 habit R")
        let state = dir.path + "/state"
        let result = JournalWrite.perform(path: path, settings: WriteSettings(undoDirectory: state)) { _ in JournalChange(lines: ["2025-12-02 R 1"], summary: "s") }
        guard case .success(let done) = result else { Issue.record("\(result)"); return }
        #expect(done.undoWarning == nil)
        #expect(dir.read("habits.units") == "units 1\r\n2025-12-01 habit R\r\n2025-12-02 R 1\r\n")
        #expect(dir.mode("state/" + UndoStack(journal: path, directory: state).location.split(separator: "/").last!) == 0o600)
        guard case .success = JournalUndo.perform(path: path, directory: state) else { Issue.record("undo failed"); return }
        #expect(dir.read("habits.units") == "units 1\r\n2025-12-01 habit R")
    }

    @Test func writesNothingWhenRefusedOrInvalid() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("habits.units", "units 1\n2025-12-01 habit R\n")
        let refused = JournalWrite.perform(path: path, settings: WriteSettings()) { (_) throws(WriteRefusal) -> JournalChange in throw WriteRefusal("no") }
        guard case .failure(.refused("no")) = refused else { Issue.record("\(refused)"); return }
        // The full check catches a line that would break the journal.
        let broken = JournalWrite.perform(path: path, settings: WriteSettings()) { _ in JournalChange(lines: ["2025-12-02 Unknown 1"], summary: "") }
        guard case .failure(.wouldBreak(let errors)) = broken else { Issue.record("\(broken)"); return }
        #expect(errors.first?.message.contains("'Unknown' is not declared") == true)
        #expect(dir.read("habits.units") == "units 1\n2025-12-01 habit R\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["habits.units"])
    }

    @Test func waitsForTheLock() throws {
        let dir = TemporaryDirectory()
        let path = dir.file("habits.units", "units 1\n")
        /// The lock holder, handed to another thread on purpose.
        final class Holder: @unchecked Sendable { let file: LockedFile; init(_ f: LockedFile) { file = f } }
        let holder = Holder(try LockedFile.open(path))
        let started = Date()
        let thread = Thread {
            Thread.sleep(forTimeInterval: 0.3)
            try? holder.file.append(Array("; held\n".utf8))
            holder.file.close()
        }
        thread.start()
        let result = JournalWrite.perform(path: path, settings: WriteSettings()) { journal in
            JournalChange(lines: ["; after"], summary: "")
        }
        #expect(Date().timeIntervalSince(started) >= 0.25)
        guard case .success = result else { Issue.record("\(result)"); return }
        #expect(dir.read("habits.units") == "units 1\n; held\n; after\n")
    }
}

@Suite struct RenamePlanTests {
    @Test func findsReferencesOnlyWhereLinesNameTheHabit() {
        let journal = Journal(parsing: """
            2025-01-01 group G
            2025-01-01 habit R
              group: G
              title: R
            2025-01-02 R 1 #R ; R
            2025-01-03 task "R" R
            2025-01-04 season R 2025-01-05
            ; R

            """)
        let plan = RenamePlan(journal: journal, renaming: "R", to: "Q")
        #expect(plan.references == 3)
        #expect(String(decoding: plan.files[0].after, as: UTF8.self).contains("habit Q\n  group: G\n  title: R\n2025-01-02 Q 1 #R ; R\n2025-01-03 task \"R\" Q\n2025-01-04 season R"))
        #expect(RenamePlan(journal: journal, renaming: "G", to: "H").references == 2)
    }
}
