#if canImport(Glibc)
import Glibc
#endif
import Testing
import UnitsCLI
import UnitsKit

@Suite struct FormatCommandTests {
    let messy = "units 1\n2025/9/1 habit Walk\n2025-09-01   Walk +3\n"
    let canonical = "units 1\n2025-09-01 habit Walk\n2025-09-01 Walk 3\n"

    @Test func rewritesInPlaceAndNamesTheFile() throws {
        let dir = Scratch.directory(), path = dir + "/j.units"
        try Scratch.write(path, messy)
        let result = run(FormatCommand.self, [path])
        #expect(result.code == .ok)
        #expect(result.out == "\(path)\n")
        #expect(try Scratch.read(path) == canonical)
    }

    @Test func leavesABrokenFileByteForByteUntouched() throws {
        let dir = Scratch.directory(), path = dir + "/j.units"
        let broken = "units 1\r\n2025/9/1 habit Walk  \n2025-09-01 Walk lots\n\n\n"
        try Scratch.write(path, broken)
        let before = Scratch.mtime(path)
        usleep(20_000)
        let result = run(FormatCommand.self, [path])
        #expect(result.code == .usage)
        #expect(result.err.contains("j.units:3:17: error:"))
        #expect(try FileReader.readBytes(atPath: path) == Array(broken.utf8))
        #expect(Scratch.mtime(path) == before)
    }

    @Test func doesNotWriteACanonicalFile() throws {
        let dir = Scratch.directory(), path = dir + "/j.units"
        try Scratch.write(path, canonical)
        let before = Scratch.mtime(path)
        usleep(20_000)
        let result = run(FormatCommand.self, [path])
        #expect(result.code == .ok && result.out.isEmpty)
        #expect(Scratch.mtime(path) == before)
    }

    @Test func checkNamesFilesAndChangesNothing() throws {
        let dir = Scratch.directory()
        try Scratch.write(dir + "/a.units", messy)
        try Scratch.write(dir + "/b.units", canonical)
        let result = run(FormatCommand.self, ["--check", dir + "/a.units", dir + "/b.units"])
        #expect(result.code == .failure)
        #expect(result.out == "\(dir)/a.units\n")
        #expect(try Scratch.read(dir + "/a.units") == messy)
        #expect(run(FormatCommand.self, ["--check", dir + "/b.units"]).code == .ok)
    }

    @Test func diffPrintsAUnifiedDiff() throws {
        let dir = Scratch.directory(), path = dir + "/j.units"
        try Scratch.write(path, messy)
        let result = run(FormatCommand.self, ["--diff", path])
        #expect(result.code == .failure)
        #expect(result.out == """
            --- a/\(path)
            +++ b/\(path)
            @@ -1,3 +1,3 @@
             units 1
            -2025/9/1 habit Walk
            -2025-09-01   Walk +3
            +2025-09-01 habit Walk
            +2025-09-01 Walk 3

            """)
        #expect(try Scratch.read(path) == messy)
    }

    @Test func standardInputToStandardOutput() {
        let result = run(FormatCommand.self, [], stdin: "\u{FEFF}" + messy.split(separator: "\n").joined(separator: "\r\n"))
        #expect(result.code == .ok)
        #expect(result.out == canonical)
        let broken = run(FormatCommand.self, ["--stdin-filepath", "mine.units", "-"], stdin: "2025-09-01 x\n")
        #expect(broken.code == .usage)
        #expect(broken.err.contains("mine.units:1:"))
        #expect(broken.out.isEmpty)
    }

    @Test func unreadableFileIsExitTwo() {
        let result = run(FormatCommand.self, ["/nonexistent/j.units"])
        #expect(result.code == .usage)
        #expect(result.err.contains("no such file"))
    }

    @Test func keepsPermissionsWhenRewriting() throws {
        let dir = Scratch.directory(), path = dir + "/j.units"
        try Scratch.write(path, messy)
        chmod(path, 0o600)
        #expect(run(FormatCommand.self, [path]).code == .ok)
        var info = stat()
        _ = stat(path, &info)
        #expect(info.st_mode & 0o777 == 0o600)
    }
}
