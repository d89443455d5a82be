import Foundation
import UnitsKit

/// File helpers for golden tests: paths next to the test source, reading,
/// writing, listing, and the re-record switch.
enum TestFiles {
    /// UNITS_RECORD=1 rewrites golden files from the current output.
    static var recording: Bool { getenv("UNITS_RECORD").map { String(cString: $0) == "1" } ?? false }

    /// A folder next to the test source file.
    static func directory(_ filePath: String, _ name: String) -> String {
        FileReader.directory(of: filePath) + "/" + name
    }

    /// The package root (for Examples/ and Grammar/).
    static func packageRoot(_ filePath: String) -> String {
        var dir = FileReader.directory(of: filePath)
        while !FileReader.exists(dir + "/Package.swift"), dir != "/" { dir = FileReader.directory(of: dir) }
        return dir
    }

    static func read(_ path: String) throws -> [UInt8] { try FileReader.readBytes(atPath: path) }

    static func write(_ path: String, _ bytes: [UInt8]) throws {
        try FileCommit.overwrite(path, bytes: bytes, mode: 0o644)
    }

    static func list(_ directory: String) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    }

    /// A fresh empty temporary directory.
    static func temporaryDirectory() -> String {
        try! SystemFile.makeTemporaryDirectory("/tmp/units-test-XXXXXX")
    }
}
