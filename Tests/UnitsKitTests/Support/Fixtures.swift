import Foundation
@testable import UnitsKit
import UnitsTestSupport

/// Paths of the repository's folders, found from this file's location.
enum Fixtures {
    static let repositoryRoot: URL = URL(fileURLWithPath: PackageRoot.of(#filePath))

    static var examples: [URL] {
        let dir = repositoryRoot.appendingPathComponent("Examples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix(".units") }.sorted().map { dir.appendingPathComponent($0) }
    }

    /// The journal built from text, with its diagnostics.
    static func journal(_ text: String, files: [String: String] = [:]) -> Journal {
        Journal(parsing: text, path: "test.units", loader: .memory(files))
    }

    /// The messages of a journal's diagnostics, as `rule: message`.
    static func findings(_ journal: Journal) -> [String] {
        journal.diagnostics.map { "\($0.rule): \($0.message)" }
    }
}
