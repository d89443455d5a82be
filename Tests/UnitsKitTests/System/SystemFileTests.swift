import Foundation
import Testing
@testable import UnitsKit

/// The typed wrappers of System/ over the C library's file calls: what they
/// do, and the errno and words they fail with.
@Suite struct SystemFileTests {
    @Test func writeReadRenameRemove() throws {
        let directory = TestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/a"
        try SystemFile.writeFile(Array("hello\n".utf8), to: path, mode: 0o600)
        #expect(try SystemFile.status(atPath: path).st_size == 6)
        #expect(try SystemFile.status(atPath: path).st_mode & 0o777 == 0o600)

        let fd = try SystemFile.openFile(path, O_RDWR | O_APPEND | O_CLOEXEC)
        try SystemFile.writeAll(fd, Array("world\n".utf8))
        try SystemFile.flushToDisk(fd)
        var buffer = [UInt8](repeating: 0, count: 5)
        let n = try buffer.withUnsafeMutableBytes { try SystemFile.readSome(fd, into: $0, at: 6) }
        #expect(n == 5 && buffer == Array("world".utf8))
        try SystemFile.truncate(fd, to: 3)
        #expect(try SystemFile.status(fd).st_size == 3)
        SystemFile.closeDescriptor(fd)

        try SystemFile.renameFile(path, to: directory + "/b")
        #expect(SystemFile.kind(atPath: path) == nil)
        #expect(SystemFile.kind(atPath: directory + "/b") == S_IFREG)
        try SystemFile.hardLink(directory + "/b", to: directory + "/c")
        #expect(try SystemFile.status(atPath: directory + "/c").st_nlink == 2)
        try SystemFile.removeFile(directory + "/b")
        try SystemFile.makeDirectory(directory + "/d")
        #expect(SystemFile.kind(atPath: directory + "/d") == S_IFDIR)
        #expect(SystemFile.resolvedPath(directory + "/d/../c") == SystemFile.resolvedPath(directory) .map { $0 + "/c" })
    }

    /// A failure names the call and the path and keeps errno, said in words.
    @Test func failuresCarryErrnoAndWords() throws {
        let directory = TestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let missing = directory + "/missing"
        #expect(throws: SystemError("open", missing, code: ENOENT)) { try SystemFile.openFile(missing, O_RDONLY) }
        #expect(throws: SystemError("rename", directory + "/x", code: ENOENT)) { try SystemFile.renameFile(missing, to: directory + "/x") }
        #expect(throws: SystemError("unlink", missing, code: ENOENT)) { try SystemFile.removeFile(missing) }
        #expect(throws: SystemError("mkdir", directory, code: EEXIST)) { try SystemFile.makeDirectory(directory) }
        try SystemFile.writeFile([], to: directory + "/e")
        #expect(throws: SystemError("link", directory + "/e", code: EEXIST)) { try SystemFile.hardLink(directory + "/e", to: directory + "/e") }
        #expect(throws: SystemError("fsync", code: EBADF)) { try SystemFile.flushToDisk(-1) }
        do { _ = try SystemFile.status(atPath: missing) } catch {
            #expect(error.description == "\(missing): no such file")
        }
    }

    /// The lock is exclusive between two descriptors of one file; without
    /// waiting, the second is told EWOULDBLOCK.
    @Test func exclusiveLock() throws {
        let directory = TestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/lock"
        try SystemFile.writeFile([], to: path)
        let first = try SystemFile.openFile(path, O_RDONLY | O_CLOEXEC)
        let second = try SystemFile.openFile(path, O_RDONLY | O_CLOEXEC)
        try SystemFile.lockExclusive(first, wait: true)
        #expect(throws: SystemError("flock", code: EWOULDBLOCK)) { try SystemFile.lockExclusive(second, wait: false) }
        SystemFile.closeDescriptor(first)
        try SystemFile.lockExclusive(second, wait: false)
        SystemFile.closeDescriptor(second)
    }

    /// A pipe and line-at-a-time streams over it, as the benchmark's spawner talks.
    @Test func pipeAndStreams() throws {
        let ends = try SystemStream.pipe()
        let writer = try #require(SystemStream(ends.write, mode: "w"))
        let reader = try #require(SystemStream(ends.read, mode: "r"))
        writer.write("one two\n")
        writer.write("last")
        SystemFile.closeDescriptor(ends.write)
        #expect(reader.readLine() == "one two")
        #expect(reader.readLine() == "last")
        #expect(reader.readLine() == nil)
    }

    @Test func bytesAndEnvironment() {
        let a = Array("abcdef".utf8), b = Array("abcxef".utf8)
        #expect(SystemBytes.equal(a, b, count: 3))
        #expect(!SystemBytes.equal(a, b, count: 4))
        a.withUnsafeBytes { raw in
            #expect(SystemBytes.first(UInt8(ascii: "d"), from: raw.baseAddress!, count: 6) == raw.baseAddress! + 3)
            #expect(SystemBytes.first(UInt8(ascii: "z"), from: raw.baseAddress!, count: 6) == nil)
        }
        SystemEnvironment.set("UNITS_SYSTEM_FILE_TEST", "v=1")
        #expect(SystemEnvironment.value("UNITS_SYSTEM_FILE_TEST") == "v=1")
        #expect(SystemEnvironment.value("UNITS_SYSTEM_FILE_TEST_UNSET") == nil)
        #expect(SystemClock.todayUTC().description.count == 10)
    }
}
