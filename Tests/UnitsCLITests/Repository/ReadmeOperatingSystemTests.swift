import Foundation
import Testing
import UnitsTestSupport

/// The README names every feature of the product documents that belongs to
/// a phone's operating system rather than to a file toolkit, and says what
/// stands in for it, so none is silently missing.
@Suite struct ReadmeOperatingSystemTests {
    static let root = URL(fileURLWithPath: PackageRoot.of(#filePath))

    static func section() throws -> String {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "\n## What stays with the operating system\n"))
        let rest = readme[start.upperBound...]
        let end = rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
    }

    @Test func everyAppOnlyFeatureIsNamedWithWhatStandsInForIt() throws {
        let text = try Self.section().lowercased()
        for words in ["paywall", "storekit", "haptic", "erase all data", "rm ", "photo", "link", "encryption at rest",
                      "file system", "support", "app blocking", "widget"] {
            #expect(text.contains(words), "the section does not say '\(words)'")
        }
    }

    @Test func theFrontPageStaysShort() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.split(separator: "\n", omittingEmptySubsequences: false).count <= 300)
    }
}
