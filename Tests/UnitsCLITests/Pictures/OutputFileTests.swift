import Foundation
import Testing
@testable import UnitsCLI
import UnitsKit

/// `--out FILE` of `units html` and `units card` against what may already be
/// at the path: the journal, an include, a read-only file, a device, a FIFO,
/// standard output behind a link.
@Suite struct OutputFileTests {
    static func inode(_ path: String) -> (mode: mode_t, inode: ino_t)? {
        (try? SystemFile.status(atPath: path)).map { ($0.st_mode, $0.st_ino) }
    }

    @Test(arguments: [["html"], ["card", "Reading"]])
    func theJournalAndItsIncludesAreNeverReplaced(command: [String]) {
        let scratch = Scratch(baseJournal + "include \"more.units\"\n")
        scratch.write("2025-12-09 Reading 1\n", to: "more.units")
        let before = scratch.bytes(), include = scratch.bytes("more.units")
        let elsewhere = scratch.run(command + ["--today", "2025-12-14", "--out", scratch.directory + "/fresh.out"])
        #expect(elsewhere.code == .ok, "\(elsewhere.err)")
        for target in [scratch.journal, scratch.directory + "/more.units"] {
            let run = scratch.run(command + ["--today", "2025-12-14", "--out", target])
            #expect(run.code == .failure, "\(command) --out \(target): \(run.err)")
            #expect(run.err.contains("an output file never replaces it"), "\(run.err)")
            #expect(scratch.bytes() == before && scratch.bytes("more.units") == include)
        }
        // Through a symbolic link to the journal too.
        try? FileManager.default.createSymbolicLink(atPath: scratch.directory + "/page.html", withDestinationPath: scratch.journal)
        #expect(scratch.run(command + ["--today", "2025-12-14", "--out", scratch.directory + "/page.html"]).code == .failure)
        #expect(scratch.bytes() == before)
    }

    @Test func aReadOnlyFileIsRefusedAndAWritableOneReplaced() {
        let scratch = Scratch(baseJournal)
        let page = scratch.directory + "/page.html"
        scratch.write("old page\n", to: "page.html")
        try? FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: page)
        let refused = scratch.run(["html", "--today", "2025-12-14", "--out", page])
        #expect(refused.code == .failure)
        #expect(refused.err.contains("is read-only (mode 444)"), "\(refused.err)")
        #expect(scratch.text("page.html") == "old page\n")
        try? FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: page)
        let written = scratch.run(["html", "--today", "2025-12-14", "--out", page])
        #expect(written.code == .ok, "\(written.err)")
        #expect(scratch.text("page.html").hasPrefix("<!DOCTYPE html>"))
        #expect((Self.inode(page)?.mode ?? 0) & 0o777 == 0o640)
        // `-` is standard output.
        let dash = scratch.run(["html", "--today", "2025-12-14", "--out", "-"])
        #expect(dash.code == .ok && dash.out.hasPrefix("<!DOCTYPE html>"))
    }

    /// A device stays the device (as root a rename over it would replace it
    /// with a regular file); the test makes its own null device.
    @Test func aDeviceIsWrittenInPlace() throws {
        let scratch = Scratch(baseJournal)
        let device = scratch.directory + "/null"
        guard mknod(device, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0 else {
            print("SKIPPED aDeviceIsWrittenInPlace: cannot make a device node here (not root?)")
            return
        }
        let before = try #require(Self.inode(device))
        let run = scratch.run(["card", "Reading", "--today", "2025-12-14", "--out", device])
        #expect(run.code == .ok, "\(run.err)")
        let after = try #require(Self.inode(device))
        #expect(after.mode & S_IFMT == S_IFCHR && after.inode == before.inode)
        #expect(WritePathProcessTests.temporaries(in: scratch.directory).isEmpty)
    }

    @Test func aFIFOWithoutAReaderIsRefusedAtOnce() {
        let scratch = Scratch(baseJournal)
        let fifo = scratch.directory + "/pipe"
        #expect((try? SystemFile.makeFIFO(fifo)) != nil)
        let run = scratch.run(["html", "--today", "2025-12-14", "--out", fifo])
        #expect(run.code == .failure)
        #expect(run.err.contains("FIFO no program is reading"), "\(run.err)")
        #expect(Self.inode(fifo).map { $0.mode & S_IFMT == S_IFIFO } == true)
    }

    /// `--out` a link to standard output (what /dev/stdout is) while
    /// standard output is a file: the page goes to standard output; the
    /// file is not replaced. (The test never names /dev/stdout itself: a
    /// writer that replaced it, as root, would replace the system's link.)
    @Test func standardOutputBehindALinkIsWrittenNotReplaced() throws {
        let scratch = Scratch(baseJournal)
        try? FileManager.default.createSymbolicLink(atPath: scratch.directory + "/out.svg", withDestinationPath: "/dev/fd/1")
        try? FileManager.default.createSymbolicLink(atPath: scratch.directory + "/again.svg", withDestinationPath: "out.svg")
        for target in [scratch.directory + "/out.svg", scratch.directory + "/again.svg"] {
            let file = scratch.directory + "/captured"
            #expect(FileManager.default.createFile(atPath: file, contents: nil))
            let before = try #require(Self.inode(file))
            let process = try WritePathProcessTests.spawn("units", ["card", "Reading", "--today", "2025-12-14", "--out", target,
                                                                    "--file", scratch.journal], scratch: scratch)
            process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
            #expect(try #require(Self.inode(file)).inode == before.inode, "\(target): standard output's file was replaced")
            #expect(scratch.text("captured").hasPrefix("<svg"), "\(target)")
            try? FileManager.default.removeItem(atPath: file)
        }
    }

    /// A tracker's folder whose `log` is a FIFO: refused at once, never read
    /// (a link to /dev/zero is refused by the same check).
    @Test func anImportFolderReadsOnlyRegularFiles() throws {
        let scratch = Scratch(baseJournal)
        let folder = scratch.directory + "/harsh"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect((try? SystemFile.makeFIFO(folder + "/log")) != nil)
        try "Gym: 1\n".write(toFile: folder + "/habits", atomically: true, encoding: .utf8)
        let process = try WritePathProcessTests.spawn("units", ["import", "--from", "harsh", "--file", scratch.journal, folder], scratch: scratch)
        let err = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        let hung = process.isRunning
        if hung { process.terminate(); SystemSignals.send(SIGKILL, to: process.processIdentifier) }
        process.waitUntilExit()
        #expect(!hung, "units import hung on a FIFO in the folder")
        let said = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus != 0)
        #expect(said.contains("not a regular file"), "\(said)")
        #expect(scratch.text() == baseJournal)
    }
}
