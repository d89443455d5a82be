import Foundation
import Testing
@testable import UnitsCLI
import UnitsKit

/// The write path against real processes: concurrency with the formatter,
/// the lock's wait message and timeout, signals during a rewrite, temporaries
/// left by a killed process, hard links, read-only files and devices.
@Suite struct WritePathProcessTests {
    static func tool(_ name: String) throws -> String {
        let units = try #require(unitsExecutable(), "build the executables first (swift build)")
        return URL(fileURLWithPath: units).deletingLastPathComponent().appendingPathComponent(name).path
    }

    static func spawn(_ tool: String, _ arguments: [String], scratch: Scratch, environment: [String: String] = [:]) throws -> Process {
        let process = Process()
        // The test runner's children inherit ignored SIGINT/SIGTERM (which
        // units leaves ignored, as it should); env gives them the default back.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["--default-signal=INT,TERM", try Self.tool(tool)] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: scratch.directory)
        process.environment = ["UNITS_NOW": scratch.now, "XDG_STATE_HOME": scratch.stateHome].merging(environment) { $1 }
        return process
    }

    static func run(_ process: Process) throws -> (status: Int32, out: String, err: String) {
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let o = out.fileHandleForReading.readDataToEndOfFile(), e = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }

    static func temporaries(in directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.contains(".tmp-") }
    }

    /// 50 `units log` and 5 `units-fmt` at once on a journal that starts
    /// out of layout: every line lands exactly once, and the result is
    /// canonical and lint-clean.
    @Test func fiftyLogsAndFiveFormattersLoseNothing() throws {
        let messy = WriteMatrixTests.journal.replacingOccurrences(of: "2025-12-13 Walk          3", with: "2025-12-13   Walk  3")
        let scratch = Scratch(messy)
        var processes: [Process] = []
        for i in 0..<50 {
            processes.append(try Self.spawn("units", ["log", "General", "\(i + 1)", "--note", "writer \(i)", "--file", scratch.journal], scratch: scratch))
            if i % 10 == 5 { processes.append(try Self.spawn("units-fmt", [scratch.journal], scratch: scratch)) }
        }
        for process in processes {
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
        }
        for process in processes { process.waitUntilExit() }
        #expect(processes.allSatisfy { $0.terminationStatus == 0 }, "\(processes.map(\.terminationStatus))")
        // A last units-fmt only if no formatter ran after the first logs; then canonical.
        let lines = scratch.text().split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        for i in 0..<50 {
            #expect(lines.filter { $0 == "2025-12-14 General \(i + 1) ; writer \(i)" }.count == 1, "writer \(i)")
        }
        #expect(runTool(LintCommand.self, ["--strict", scratch.journal]).code == .ok)
        let check = runTool(FormatCommand.self, ["--check", scratch.journal])
        #expect(check.code == .ok, "not canonical:\n\(scratch.text())")
        #expect(Self.temporaries(in: scratch.directory).isEmpty)
    }

    /// A writer that finds the journal locked says so after a second and
    /// gives up after the timeout, writing nothing.
    @Test func lockWaitSaysSoAndTimesOut() throws {
        let scratch = Scratch(baseJournal)
        let holder = try LockedFile.open(scratch.journal)
        defer { holder.close() }
        let started = Date()
        let result = try Self.run(try Self.spawn("units", ["log", "Reading", "--file", scratch.journal], scratch: scratch,
                                                 environment: ["UNITS_LOCK_TIMEOUT": "2"]))
        let elapsed = Date().timeIntervalSince(started)
        #expect(result.status == 1)
        #expect(result.err.contains("waiting for the lock on \(scratch.journal)…"), "\(result.err)")
        #expect(result.err.contains("held the lock on the journal for 2 s; gave up, nothing was written"), "\(result.err)")
        #expect(elapsed >= 1.9 && elapsed < 10)
        #expect(scratch.text() == baseJournal)
    }

    /// SIGINT or SIGTERM while the temporary of a rewrite exists removes it;
    /// the journal is the old one.
    @Test(arguments: [SIGINT, SIGTERM])
    func signalDuringARewriteRemovesTheTemporary(signal: Int32) throws {
        let messy = baseJournal.replacingOccurrences(of: "units 1", with: "units   1")
        let scratch = Scratch(messy)
        let process = try Self.spawn("units-fmt", [scratch.journal], scratch: scratch, environment: ["UNITS_TEST_PAUSE_BEFORE_RENAME": "3000"])
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var waited = 0
        while Self.temporaries(in: scratch.directory).isEmpty && waited < 200 { Thread.sleep(forTimeInterval: 0.02); waited += 1 }
        #expect(!Self.temporaries(in: scratch.directory).isEmpty, "the rewrite never started")
        SystemSignals.send(signal, to: process.processIdentifier)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(Self.temporaries(in: scratch.directory).isEmpty)
        #expect(scratch.text() == messy)
    }

    /// A temporary left by a killed process is removed by the next write
    /// once it is older than any write takes (never while it is fresh: its
    /// process may be alive in another PID namespace or on another machine).
    @Test func aKilledRewriteLeavesNothingAfterTheNextWrite() throws {
        let messy = baseJournal.replacingOccurrences(of: "units 1", with: "units   1")
        let scratch = Scratch(messy)
        let process = try Self.spawn("units-fmt", [scratch.journal], scratch: scratch, environment: ["UNITS_TEST_PAUSE_BEFORE_RENAME": "3000"])
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        var waited = 0
        while Self.temporaries(in: scratch.directory).isEmpty && waited < 200 { Thread.sleep(forTimeInterval: 0.02); waited += 1 }
        SystemSignals.send(SIGKILL, to: process.processIdentifier)
        process.waitUntilExit()
        let left = Self.temporaries(in: scratch.directory)
        #expect(left.count == 1)
        #expect(scratch.text() == messy)
        #expect(scratch.run(["log", "Reading", "1"]).code == .ok)
        #expect(Self.temporaries(in: scratch.directory) == left)
        for name in left { WriteRecoveryTests.age(scratch.directory + "/" + name, seconds: FileCommit.staleAge + 5) }
        #expect(scratch.run(["log", "Reading", "1"]).code == .ok)
        #expect(Self.temporaries(in: scratch.directory).isEmpty)
    }

    /// Hard links are kept (a rewrite is refused, an append works), a
    /// read-only journal and a device are refused.
    @Test func hardLinksReadOnlyFilesAndDevices() throws {
        let scratch = Scratch(WriteMatrixTests.journal.replacingOccurrences(of: "units 1", with: "units  1"))
        let link = scratch.directory + "/link.units"
        #expect((try? SystemFile.hardLink(scratch.journal, to: link)) != nil)
        #expect(scratch.run(["log", "Walk", "1"]).code == .ok)               // an append keeps the link
        let backfill = scratch.run(["log", "Walk", "1", "--date", "2025-12-11"])
        #expect(backfill.code == .failure)
        #expect(backfill.err.contains("has 2 hard links"), "\(backfill.err)")
        let fmt = runTool(FormatCommand.self, [scratch.journal])
        #expect(fmt.code == .failure)
        #expect(fmt.err.contains("has 2 hard links"), "\(fmt.err)")
        #expect(FileManager.default.contents(atPath: link) == FileManager.default.contents(atPath: scratch.journal))
        try? FileManager.default.removeItem(atPath: link)
        try? FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: scratch.journal)
        let before = scratch.bytes()
        let readOnly = scratch.run(["log", "Walk", "1"])
        #expect(readOnly.code == .failure)
        #expect(readOnly.err.contains("is read-only (mode 444)"), "\(readOnly.err)")
        #expect(scratch.bytes() == before)
        try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: scratch.journal)
        // Something that is no file is said to be what it is, never "no such
        // journal; create it with units init" (which would refuse it), by
        // writers and readers alike.
        let fifo = NSTemporaryDirectory() + "units-fifo-" + UUID().uuidString
        #expect((try? SystemFile.makeFIFO(fifo)) != nil)
        defer { try? FileManager.default.removeItem(atPath: fifo) }
        for (path, said) in [("/dev/null", "/dev/null: is a device, not a journal"), ("/tmp", "/tmp: is a directory, not a journal"),
                             (fifo, "is a FIFO, not a journal")] {
            for command in [["log", "General", "1"], ["today"], ["entries"]] {
                let run = scratch.run(command + ["--file", path], file: false)
                #expect(run.code == .failure)
                #expect(run.err.contains(said) && !run.err.contains("no such journal"), "\(command) \(path): \(run.err)")
            }
        }
    }
}
