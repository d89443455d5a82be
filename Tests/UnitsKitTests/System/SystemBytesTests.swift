import Foundation
import Testing
@testable import UnitsKit
import UnitsTestSupport

/// The array wrappers of System/ that the write path and the merge use on
/// whole journals, against plain loops: slices at any offset, lengths
/// around the eight-byte steps.
@Suite struct SystemBytesTests {
    static func bytes(_ count: Int, _ generator: inout SplitMix64) -> [UInt8] {
        (0..<count).map { _ in UInt8(ascii: "a") + UInt8.random(in: 0...2, using: &generator) }
    }

    @Test func commonPrefixSuffixAndEqualAgreeWithLoops() {
        var generator = TestSeed.generator()
        for _ in 0..<3_000 {
            let shared = Self.bytes(Int.random(in: 0...40, using: &generator), &generator)
            let a = Self.bytes(Int.random(in: 0...3, using: &generator), &generator) + shared + Self.bytes(Int.random(in: 0...20, using: &generator), &generator)
            let b = Self.bytes(Int.random(in: 0...3, using: &generator), &generator) + shared + Self.bytes(Int.random(in: 0...20, using: &generator), &generator)
            let x = a[Int.random(in: 0...a.count, using: &generator)...], y = b[Int.random(in: 0...b.count, using: &generator)...]
            let n = min(x.count, y.count)
            let prefix = (0..<n).first { x[x.startIndex + $0] != y[y.startIndex + $0] } ?? n
            let suffix = (0..<n).first { x[x.endIndex - 1 - $0] != y[y.endIndex - 1 - $0] } ?? n
            #expect(SystemBytes.commonPrefix(x, y) == prefix, "\(Array(x)) \(Array(y))")
            #expect(SystemBytes.commonSuffix(x, y) == suffix, "\(Array(x)) \(Array(y))")
            #expect(SystemBytes.equal(x, y) == (Array(x) == Array(y)))
            #expect(SystemBytes.equal(x, x))
            let needle = Array(shared.prefix(Int.random(in: 1...4, using: &generator)))
            if !needle.isEmpty {
                let found = a.count >= needle.count && (0...(a.count - needle.count)).contains { Array(a[$0..<($0 + needle.count)]) == needle }
                #expect(SystemBytes.contains(a, needle) == found, "\(a) \(needle)")
            }
        }
    }

    /// `readSome` into an array: into its tail, from the file position or
    /// from an offset; 0 at the end.
    @Test func readSomeIntoAnArray() throws {
        let directory = TestFiles.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/a"
        try SystemFile.writeFile(Array("hello world\n".utf8), to: path)
        let fd = try SystemFile.openFile(path, O_RDONLY | O_CLOEXEC)
        defer { SystemFile.closeDescriptor(fd) }
        var buffer = [UInt8](repeating: UInt8(ascii: "."), count: 8)
        #expect(try SystemFile.readSome(fd, into: &buffer, from: 3, at: 6) == 5)
        #expect(buffer == Array("...world".utf8))
        #expect(try SystemFile.readSome(fd, into: &buffer) == 8)
        #expect(buffer == Array("hello wo".utf8))
        #expect(try SystemFile.readSome(fd, into: &buffer, from: 4) == 4)
        #expect(buffer == Array("hellrld\n".utf8))
        #expect(try SystemFile.readSome(fd, into: &buffer) == 0)
        #expect(try SystemFile.readSome(fd, into: &buffer, from: 8) == 0)
    }
}
