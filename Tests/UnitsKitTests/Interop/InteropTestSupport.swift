import Foundation
import Testing
@testable import UnitsKit
import UnitsTestSupport

/// Paths and helpers shared by the interop tests.
enum InteropFixtures {
    /// The package root, found from this file's path.
    static let root = PackageRoot.of(#filePath)

    static let inputs = root + "/Tests/UnitsKitTests/Interop/Inputs"
    static let expected = root + "/Tests/UnitsKitTests/Interop/Expected"
    static let examples = ["habits", "checkins", "minimal"].map { root + "/Examples/\($0).units" }

    static func bytes(_ path: String) throws -> [UInt8] { try FileReader.readBytes(atPath: path) }

    /// Compares with a golden file; `UNITS_RECORD=1` rewrites it.
    static func expectGolden(_ text: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let path = expected + "/" + name
        if ProcessInfo.processInfo.environment["UNITS_RECORD"] == "1" {
            try FileManager.default.createDirectory(atPath: expected, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        let golden = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == golden, "differs from \(name); rerun with UNITS_RECORD=1 to re-record", sourceLocation: sourceLocation)
    }
}
