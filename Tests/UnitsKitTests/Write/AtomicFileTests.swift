#if canImport(Glibc)
import Glibc
#endif
import Testing
import UnitsKit

@Suite struct AtomicFileTests {
    func mode(of path: String) -> mode_t {
        var info = stat()
        _ = stat(path, &info)
        return info.st_mode & 0o777
    }

    @Test func replacesAndKeepsPermissions() throws {
        let dir = TestFiles.temporaryDirectory()
        let path = dir + "/j.units"
        try AtomicFile.replace(path: path, with: Array("old\n".utf8), expectedOriginal: nil)
        chmod(path, 0o640)
        let snapshot = try AtomicFile.read(path: path)
        try AtomicFile.replace(path: path, with: Array("new\n".utf8), expectedOriginal: snapshot)
        #expect(try TestFiles.read(path) == Array("new\n".utf8))
        #expect(mode(of: path) == 0o640)
        #expect(TestFiles.list(dir) == ["j.units"], "no temporary file left behind")
    }

    @Test func writesThroughSymbolicLinks() throws {
        let dir = TestFiles.temporaryDirectory()
        try AtomicFile.replace(path: dir + "/real.units", with: Array("old\n".utf8), expectedOriginal: nil)
        symlink(dir + "/real.units", dir + "/link.units")
        let snapshot = try AtomicFile.read(path: dir + "/link.units")
        try AtomicFile.replace(path: dir + "/link.units", with: Array("new\n".utf8), expectedOriginal: snapshot)
        var info = stat()
        lstat(dir + "/link.units", &info)
        #expect(info.st_mode & S_IFMT == S_IFLNK, "the link is still a link")
        #expect(try TestFiles.read(dir + "/real.units") == Array("new\n".utf8))
    }

    @Test func refusesWhenTheFileChangedOnDisk() throws {
        let dir = TestFiles.temporaryDirectory()
        let path = dir + "/j.units"
        try AtomicFile.replace(path: path, with: Array("one\n".utf8), expectedOriginal: nil)
        let snapshot = try AtomicFile.read(path: path)
        // Someone appends an entry meanwhile (same size is caught by content too).
        try AtomicFile.replace(path: path, with: Array("two\n".utf8), expectedOriginal: nil)
        #expect(throws: AtomicFileError.self) {
            try AtomicFile.replace(path: path, with: Array("formatted\n".utf8), expectedOriginal: snapshot)
        }
        #expect(try TestFiles.read(path) == Array("two\n".utf8))
        #expect(TestFiles.list(dir) == ["j.units"])
    }
}
