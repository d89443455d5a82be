import Foundation
import Testing
import UnitsCLI
import UnitsKit

@Suite struct FormatCommandTests {
    let messy = "units 1\n2025/9/1 habit Walk\n2025-09-01   Walk +3\n"
    let canonical = "units 1\n2025-09-01 habit Walk\n2025-09-01 Walk 3\n"

    @Test func rewritesInPlaceAndNamesTheFile() throws {
        let dir = FmtLintScratch.directory(), path = dir + "/j.units"
        try FmtLintScratch.write(path, messy)
        let result = runTool(FormatCommand.self, [path])
        #expect(result.code == .ok)
        #expect(result.out == "\(path)\n")
        #expect(try FmtLintScratch.read(path) == canonical)
    }

    @Test func leavesABrokenFileByteForByteUntouched() throws {
        let dir = FmtLintScratch.directory(), path = dir + "/j.units"
        let broken = "units 1\r\n2025/9/1 habit Walk  \n2025-09-01 Walk lots\n\n\n"
        try FmtLintScratch.write(path, broken)
        let before = FmtLintScratch.mtime(path)
        Thread.sleep(forTimeInterval: 0.02)
        let result = runTool(FormatCommand.self, [path])
        #expect(result.code == .usage)
        #expect(result.err.contains("j.units:3:17: error:"))
        #expect(try FileReader.readBytes(atPath: path) == Array(broken.utf8))
        #expect(FmtLintScratch.mtime(path) == before)
    }

    @Test func doesNotWriteACanonicalFile() throws {
        let dir = FmtLintScratch.directory(), path = dir + "/j.units"
        try FmtLintScratch.write(path, canonical)
        let before = FmtLintScratch.mtime(path)
        Thread.sleep(forTimeInterval: 0.02)
        let result = runTool(FormatCommand.self, [path])
        #expect(result.code == .ok && result.out.isEmpty)
        #expect(FmtLintScratch.mtime(path) == before)
    }

    @Test func checkNamesFilesAndChangesNothing() throws {
        let dir = FmtLintScratch.directory()
        try FmtLintScratch.write(dir + "/a.units", messy)
        try FmtLintScratch.write(dir + "/b.units", canonical)
        let result = runTool(FormatCommand.self, ["--check", dir + "/a.units", dir + "/b.units"])
        #expect(result.code == .failure)
        #expect(result.out == "\(dir)/a.units\n")
        #expect(try FmtLintScratch.read(dir + "/a.units") == messy)
        #expect(runTool(FormatCommand.self, ["--check", dir + "/b.units"]).code == .ok)
    }

    /// The diff applies with the real tools, from `/` (its paths are the
    /// file's absolute path less the slash): GNU patch -p1 and git apply.
    @Test func diffAppliesWithPatchAndGitApply() throws {
        for tool in [["/usr/bin/patch", "-p1", "-i"], ["/usr/bin/git", "apply"]] {
            guard FileManager.default.isExecutableFile(atPath: tool[0]) else {
                print("SKIPPED diffAppliesWithPatchAndGitApply: no \(tool[0])")
                continue
            }
            let dir = FmtLintScratch.directory(), path = dir + "/j.units", patchFile = dir + "/fmt.diff"
            try FmtLintScratch.write(path, messy)
            let diff = runTool(FormatCommand.self, ["--diff", path]).out
            try FmtLintScratch.write(patchFile, diff)
            let (status, output) = try CLIFixtures.run(tool[0], Array(tool.dropFirst()) + [patchFile], in: "/")
            #expect(status == 0, "\(tool[0]): \(output)")
            #expect(try FmtLintScratch.read(path) == canonical, "\(tool[0])")
        }
    }

    @Test func diffPrintsAUnifiedDiff() throws {
        let dir = FmtLintScratch.directory(), path = dir + "/j.units"
        try FmtLintScratch.write(path, messy)
        let result = runTool(FormatCommand.self, ["--diff", path])
        #expect(result.code == .failure)
        // Headed as git heads it: an absolute path without its leading slash.
        let relative = String(path.drop { $0 == "/" })
        #expect(result.out == """
            --- a/\(relative)
            +++ b/\(relative)
            @@ -1,3 +1,3 @@
             units 1
            -2025/9/1 habit Walk
            -2025-09-01   Walk +3
            +2025-09-01 habit Walk
            +2025-09-01 Walk 3

            """)
        #expect(try FmtLintScratch.read(path) == messy)
    }

    @Test func standardInputToStandardOutput() {
        let result = runTool(FormatCommand.self, [], stdin: "\u{FEFF}" + messy.split(separator: "\n").joined(separator: "\r\n"))
        #expect(result.code == .ok)
        #expect(result.out == canonical)
        let broken = runTool(FormatCommand.self, ["--stdin-filepath", "mine.units", "-"], stdin: "2025-09-01 x\n")
        #expect(broken.code == .usage)
        #expect(broken.err.contains("mine.units:1:"))
        #expect(broken.out.isEmpty)
    }

    @Test func unreadableFileIsExitTwo() {
        let result = runTool(FormatCommand.self, ["/nonexistent/j.units"])
        #expect(result.code == .usage)
        #expect(result.err.contains("no such file"))
    }

    @Test func keepsPermissionsWhenRewriting() throws {
        let dir = FmtLintScratch.directory(), path = dir + "/j.units"
        try FmtLintScratch.write(path, messy)
        try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        #expect(runTool(FormatCommand.self, [path]).code == .ok)
        let info = try SystemFile.status(atPath: path)
        #expect(info.st_mode & 0o777 == 0o600)
    }
}
