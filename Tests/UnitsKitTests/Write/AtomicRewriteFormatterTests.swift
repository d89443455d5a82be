import Foundation
import Testing
import UnitsKit

/// The formatter's use of FileCommit: read, then replace unless changed.
@Suite struct FileCommitFormatterTests {
    func mode(of path: String) -> mode_t {
        ((try? SystemFile.status(atPath: path))?.st_mode ?? 0) & 0o777
    }

    @Test func replacesAndKeepsPermissions() throws {
        let dir = TestFiles.temporaryDirectory()
        let path = dir + "/j.units"
        try FileCommit.overwrite(path, bytes: Array("old\n".utf8), mode: 0o644)
        try? FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        let snapshot = try FileCommit.read(path)
        try FileCommit.replace(snapshot, with: Array("new\n".utf8))
        #expect(try TestFiles.read(path) == Array("new\n".utf8))
        #expect(mode(of: path) == 0o640)
        #expect(TestFiles.list(dir) == ["j.units"], "no temporary file left behind")
    }

    @Test func writesThroughSymbolicLinks() throws {
        let dir = TestFiles.temporaryDirectory()
        try FileCommit.overwrite(dir + "/real.units", bytes: Array("old\n".utf8), mode: 0o644)
        try? FileManager.default.createSymbolicLink(atPath: dir + "/link.units", withDestinationPath: dir + "/real.units")
        let snapshot = try FileCommit.read(dir + "/link.units")
        try FileCommit.replace(snapshot, with: Array("new\n".utf8))
        #expect(try SystemFile.linkStatus(atPath: dir + "/link.units").st_mode & S_IFMT == S_IFLNK, "the link is still a link")
        #expect(try TestFiles.read(dir + "/real.units") == Array("new\n".utf8))
    }

    @Test func refusesWhenTheFileChangedOnDisk() throws {
        let dir = TestFiles.temporaryDirectory()
        let path = dir + "/j.units"
        try FileCommit.overwrite(path, bytes: Array("one\n".utf8), mode: 0o644)
        let snapshot = try FileCommit.read(path)
        // Someone appends an entry meanwhile (same size is caught by content too).
        try FileCommit.overwrite(path, bytes: Array("two\n".utf8), mode: 0o644)
        #expect(throws: WriteError.self) {
            try FileCommit.replace(snapshot, with: Array("formatted\n".utf8))
        }
        #expect(try TestFiles.read(path) == Array("two\n".utf8))
        #expect(TestFiles.list(dir) == ["j.units"])
    }
}
