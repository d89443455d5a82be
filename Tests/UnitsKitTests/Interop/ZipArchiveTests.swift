import Foundation
import Testing
@testable import UnitsKit
import UnitsTestSupport

/// The zip reader and inflate against archives and deflate streams made by
/// the real tools: Info-ZIP `zip` and Python's `zipfile`/`zlib` (the same
/// zlib Java's `ZipOutputStream`, Loop's writer, uses). A tool that is
/// missing makes its test print SKIPPED.
@Suite struct ZipArchiveTests {
    /// Runs a tool in `directory`; nil (and SKIPPED printed) when it cannot run.
    static func run(_ tool: String, _ arguments: [String], in directory: String, input: String? = nil) -> Int32? {
        guard let path = ["/usr/bin/", "/bin/", "/usr/local/bin/"].map({ $0 + tool }).first(where: { FileManager.default.isExecutableFile(atPath: $0) })
            ?? (tool == "python3" ? ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":").map({ "\($0)/python3" })
                .first(where: { FileManager.default.isExecutableFile(atPath: $0) }) : nil) else {
            print("SKIPPED: \(tool) is not installed (apt-get install \(tool == "python3" ? "python3" : tool))"); return nil
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let pipe = Pipe()
        if input != nil { process.standardInput = pipe }
        guard (try? process.run()) != nil else { print("SKIPPED: \(tool) cannot run"); return nil }
        if let input { pipe.fileHandleForWriting.write(Data(input.utf8)); try? pipe.fileHandleForWriting.close() }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Why the archive is refused, or nil when it is read.
    static func refusal(_ bytes: [UInt8], path: String, entryLimit: Int = ZipArchive.entryLimit,
                        totalLimit: Int = ZipArchive.totalLimit) -> ZipArchive.ZipError? {
        do { _ = try ZipArchive(bytes, path: path, entryLimit: entryLimit, totalLimit: totalLimit); return nil } catch { return error }
    }

    static func temporaryDirectory() -> String {
        let dir = NSTemporaryDirectory() + "units-zip-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Files of every kind inflate has to handle: empty, short text, long
    /// repetitive text (long matches, dynamic Huffman), random bytes
    /// (stored blocks), one byte repeated (the longest matches).
    static func sampleFiles() -> [(String, [UInt8])] {
        var rng = SplitMix64(state: 7)
        var csv = "Date,Value,Notes\n"
        for i in 0..<5000 { csv += "2025-\(String(format: "%02d", i % 12 + 1))-\(String(format: "%02d", i % 28 + 1)),\(["YES_MANUAL", "NO", "YES_AUTO", "UNKNOWN"][rng.below(4)]),\(rng.oneIn(9) ? "\"note, \(i)\"" : "")\n" }
        return [
            ("empty.txt", []),
            ("Habits.csv", Array("Position,Name\n001,Méditer ☀\n".utf8)),
            ("001 Read/Checkmarks.csv", Array(csv.utf8)),
            ("random.bin", (0..<70_000).map { _ in UInt8(truncatingIfNeeded: rng.next()) }),
            ("zeros.bin", [UInt8](repeating: 0, count: 300_000)),
        ]
    }

    static func writeSamples(_ dir: String) {
        for (name, bytes) in sampleFiles() {
            let path = dir + "/" + name
            try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            FileManager.default.createFile(atPath: path, contents: Data(bytes))
        }
    }

    static func expectSamples(_ archive: ZipArchive, sourceLocation: SourceLocation = #_sourceLocation) {
        let files = Dictionary(uniqueKeysWithValues: archive.entries.map { ($0.name, $0.bytes) })
        for (name, bytes) in sampleFiles() {
            #expect(files[name] == bytes, "\(name)", sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: [["-0"], ["-1"], ["-6"], ["-9"]])
    func infoZipArchives(level: [String]) throws {
        let dir = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        Self.writeSamples(dir)
        guard let status = Self.run("zip", ["-q", "-r"] + level + ["out.zip", "empty.txt", "Habits.csv", "001 Read", "random.bin", "zeros.bin"], in: dir) else { return }
        #expect(status == 0)
        let archive = try ZipArchive(try FileReader.readBytes(atPath: dir + "/out.zip"), path: "out.zip")
        Self.expectSamples(archive)
        #expect(!archive.entries.contains { $0.name.hasSuffix("/") })   // `001 Read/` is a directory entry
    }

    /// Python's zipfile, stored and deflated at every level, and written to
    /// a pipe so that every entry has a data descriptor (as Java's
    /// `ZipOutputStream`, Loop's writer, does).
    @Test(arguments: ["ZIP_STORED", "ZIP_DEFLATED"], [1, 6, 9])
    func pythonArchives(method: String, level: Int) throws {
        let dir = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        Self.writeSamples(dir)
        let script = """
            import sys, zipfile, os
            class Pipe:
                def __init__(self, f): self.f = f
                def write(self, b): return self.f.write(b)
                def flush(self): self.f.flush()
            names = ["empty.txt", "Habits.csv", "001 Read/Checkmarks.csv", "random.bin", "zeros.bin"]
            for out, stream in (("seekable.zip", False), ("streamed.zip", True)):
                with open(out, "wb") as f:
                    with zipfile.ZipFile(Pipe(f) if stream else f, "w", zipfile.\(method), compresslevel=\(level)) as z:
                        for n in names:
                            with open(n, "rb") as src, z.open(n, "w") as dst: dst.write(src.read())
            """
        guard let status = Self.run("python3", ["-"], in: dir, input: script) else { return }
        #expect(status == 0)
        for name in ["seekable.zip", "streamed.zip"] {
            let bytes = try FileReader.readBytes(atPath: dir + "/" + name)
            if name == "streamed.zip" { #expect(bytes[6] & 0x08 != 0) }   // data descriptor flag
            Self.expectSamples(try ZipArchive(bytes, path: name))
        }
    }

    /// Raw deflate streams from zlib with every strategy (fixed Huffman
    /// only, Huffman only, run-length) and level.
    @Test func inflateMatchesZlib() throws {
        let dir = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        Self.writeSamples(dir)
        let script = """
            import zlib
            data = open("001 Read/Checkmarks.csv", "rb").read() + open("random.bin", "rb").read()[:5000] + b"ab" * 4000
            for level in range(0, 10):
                for name, strategy in (("default", zlib.Z_DEFAULT_STRATEGY), ("fixed", zlib.Z_FIXED), ("huffman", zlib.Z_HUFFMAN_ONLY), ("rle", zlib.Z_RLE), ("filtered", zlib.Z_FILTERED)):
                    c = zlib.compressobj(level, zlib.DEFLATED, -15, 9, strategy)
                    open("%s-%d.deflate" % (name, level), "wb").write(c.compress(data) + c.flush())
            open("plain", "wb").write(data)
            """
        guard let status = Self.run("python3", ["-"], in: dir, input: script) else { return }
        #expect(status == 0)
        let plain = try FileReader.readBytes(atPath: dir + "/plain")
        for name in ["default", "fixed", "huffman", "rle", "filtered"] {
            for level in 0...9 {
                let stream = try FileReader.readBytes(atPath: dir + "/\(name)-\(level).deflate")
                #expect(try Inflate.inflate(stream[...], limit: plain.count) == plain, "\(name) \(level)")
                #expect(throws: Inflate.InflateError.self) { try Inflate.inflate(stream[...], limit: plain.count - 1) }
            }
        }
    }

    @Test func encryptedAndZip64AreRefusedByName() throws {
        let dir = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        Self.writeSamples(dir)
        guard Self.run("zip", ["-q", "-P", "secret", "locked.zip", "Habits.csv"], in: dir) == 0,
              Self.run("zip", ["-q", "-fz", "big.zip", "Habits.csv"], in: dir) == 0 else { return }
        #expect(Self.refusal(try FileReader.readBytes(atPath: dir + "/locked.zip"), path: "locked.zip")
                == ZipArchive.ZipError(path: "locked.zip", message: "'Habits.csv' is encrypted; export it again without a password"))
        let big = Self.refusal(try FileReader.readBytes(atPath: dir + "/big.zip"), path: "big.zip")
        #expect(big?.path == "big.zip" && big?.message.contains("zip64") == true, "\(String(describing: big))")
        // Python's zip64 end records (forced with a tiny file-count limit).
        let script = "import zipfile\nzipfile.ZIP_FILECOUNT_LIMIT = 1\nwith zipfile.ZipFile('py64.zip', 'w') as z:\n    z.writestr('a', 'x'); z.writestr('b', 'y')\n"
        guard Self.run("python3", ["-"], in: dir, input: script) == 0 else { return }
        let py64 = Self.refusal(try FileReader.readBytes(atPath: dir + "/py64.zip"), path: "py64.zip")
        #expect(py64?.message.contains("zip64") == true, "\(String(describing: py64))")
    }

    /// Zip bombs: an entry declaring more than the limit is refused before
    /// inflating; one whose header lies about its size stops at the size
    /// it declared.
    @Test func bombsAreRefused() throws {
        let dir = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        Self.writeSamples(dir)
        guard Self.run("zip", ["-q", "-9", "bomb.zip", "zeros.bin"], in: dir) == 0 else { return }
        let bytes = try FileReader.readBytes(atPath: dir + "/bomb.zip")
        #expect(bytes.count < 3000)   // 300,000 zeros
        #expect(Self.refusal(bytes, path: "bomb.zip", entryLimit: 100_000)?.message
                == "'zeros.bin' would inflate to 300000 bytes, more than the 100000 bytes an entry may have")
        #expect(Self.refusal(bytes, path: "bomb.zip", totalLimit: 100_000)?.message == "the entries would inflate to more than 100000 bytes together")
        // The central directory says 1,000 bytes: inflate stops there.
        var lying = bytes
        let directory = Int(bytes[bytes.count - 6]) | Int(bytes[bytes.count - 5]) << 8 | Int(bytes[bytes.count - 4]) << 16
        lying[directory + 24] = 0xE8; lying[directory + 25] = 0x03; lying[directory + 26] = 0; lying[directory + 27] = 0
        let lie = Self.refusal(lying, path: "bomb.zip")
        #expect(lie?.message.contains("inflates to more than 1000 bytes") == true, "\(String(describing: lie))")
    }

    /// Damaged archives: truncated, bytes flipped, spans zeroed or copied
    /// elsewhere. Every one is read or refused with an error; none traps.
    @Test func damagedArchivesNeverCrash() throws {
        let dir = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        Self.writeSamples(dir)
        guard Self.run("zip", ["-q", "-r", "-6", "good.zip", "Habits.csv", "001 Read"], in: dir) == 0 else { return }
        let good = try FileReader.readBytes(atPath: dir + "/good.zip")
        var rng = SplitMix64(state: 19)
        var refused = 0, read = 0
        for round in 0..<1500 {
            var bytes = good
            switch round % 4 {
            case 0: bytes = Array(bytes.prefix(rng.below(bytes.count)))
            case 1: for _ in 0...rng.below(8) { bytes[rng.below(bytes.count)] ^= UInt8(1 << rng.below(8)) }
            case 2:
                let start = rng.below(bytes.count), length = min(rng.below(64) + 1, bytes.count - start)
                for i in start..<(start + length) { bytes[i] = rng.oneIn(2) ? 0 : 0xFF }
            default:
                let from = rng.below(bytes.count), to = rng.below(bytes.count), length = min(rng.below(40) + 1, bytes.count - max(from, to))
                for i in 0..<length { bytes[to + i] = good[from + i] }
            }
            if let error = Self.refusal(bytes, path: "damaged.zip") { refused += 1; #expect(error.path == "damaged.zip") } else { read += 1 }
        }
        #expect(refused > 1000)
        // Random deflate streams too.
        for _ in 0..<3000 {
            let stream = (0..<rng.below(200)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            _ = try? Inflate.inflate(stream[...], limit: 10_000)
        }
        #expect(Self.refusal([0x50, 0x4B, 0x03, 0x04], path: "x.zip") == ZipArchive.ZipError(path: "x.zip", message: "not a zip archive (no end of central directory record)"))
    }
}
