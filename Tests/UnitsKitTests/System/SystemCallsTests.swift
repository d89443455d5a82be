import Foundation
import Testing
@testable import UnitsKit

/// The calls whose layout differs between glibc and Darwin (System/ and the
/// C target CSystem), each against what the system says another way.
@Suite(.serialized) struct SystemCallsTests {
    /// The file time read through CSystem (glibc's and Darwin's own field) is the
    /// one Foundation reports, to the microsecond.
    @Test func modificationTimeIsTheFilesOwn() throws {
        let directory = TestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/f"
        try TestFiles.write(path, Array("x".utf8))
        var times = [timespec(tv_sec: 1_700_000_000, tv_nsec: 123_456_789), timespec(tv_sec: 1_700_000_000, tv_nsec: 123_456_789)]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        let nanoseconds = try #require(SystemFile.modificationNanoseconds(path))
        #expect(nanoseconds == 1_700_000_000_123_456_789)
        let date = try #require(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date)
        #expect(abs(date.timeIntervalSince1970 - Double(nanoseconds) / 1e9) < 1e-5)
        #expect(SystemFile.modificationNanoseconds(directory + "/none") == nil)
    }

    nonisolated(unsafe) static var caught: sig_atomic_t = 0

    /// A handler installed through CSystem's sigaction runs; an ignored
    /// signal stays ignored when asked to (nohup's choice survives).
    @Test func signalHandlersAndIgnoredSignals() {
        Self.caught = 0
        #expect(SystemSignals.handle(SIGUSR1) { _ in SystemCallsTests.caught = 1 })
        // The test runner's threads block signals; raise sends to this one.
        SystemSignals.unblock(SIGUSR1)
        raise(SIGUSR1)
        #expect(Self.caught == 1)
        SystemSignals.restoreDefault(SIGUSR1)

        signal(SIGUSR2, SIG_IGN)
        SystemSignals.unblock(SIGUSR2)
        #expect(!SystemSignals.handle(SIGUSR2, keepIgnored: true) { _ in SystemCallsTests.caught = 2 })
        raise(SIGUSR2)   // still ignored: the process lives on
        #expect(Self.caught == 1)
        SystemSignals.restoreDefault(SIGUSR2)
    }

    /// posix_spawn's file actions (a struct in glibc, a pointer on Darwin)
    /// and wait4's status and usage.
    @Test func spawnRedirectAndWait() throws {
        let directory = TestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let output = directory + "/out"
        let actions = SpawnFileActions()
        actions.open(1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let pid = try #require(actions.spawn("/bin/sh", ["sh", "-c", "echo spawned; exit 7"]))
        let child = try #require(SystemProcess.waitForChild(pid))
        #expect(child.status == 7)
        #expect(child.peakBytes > 100_000, "peak \(child.peakBytes) bytes: ru_maxrss not in bytes?")
        #expect(String(decoding: try TestFiles.read(output), as: UTF8.self) == "spawned\n")

        let killed = try #require(SpawnFileActions().spawn("/bin/sh", ["sh", "-c", "kill -9 $$"]))
        #expect(SystemProcess.waitForChild(killed)?.status == 128 + SIGKILL)
    }

    /// The process's own figures: peak memory in bytes (not kilobytes),
    /// the environment, the executable, no terminal on a file.
    @Test func processFigures() throws {
        let big = [UInt8](repeating: 1, count: 8 << 20)
        #expect(big.reduce(0) { $0 &+ Int($1) } == 8 << 20)
        #expect(SystemProcess.peakResidentBytes() > 8 << 20)
        #expect(SystemProcess.cpuSeconds() > 0)
        #expect(SystemEnvironment.variables()["PATH"] == ProcessInfo.processInfo.environment["PATH"])
        let executable = try #require(SystemProcess.executablePath())
        #expect(executable.hasPrefix("/") && FileManager.default.isExecutableFile(atPath: executable), "\(executable)")
        let fd = SystemFile.openDescriptor("/dev/null", O_WRONLY)
        defer { SystemFile.closeDescriptor(fd) }
        #expect(SystemProcess.terminalColumns(fd) == nil)
    }
}
