import Testing
import UnitsKit

/// Each messy `Inputs/NAME.units` formats to the checked-in
/// `Inputs/NAME.formatted.units`. Re-record with UNITS_RECORD=1.
@Suite struct FormatterGoldenTests {
    static let inputs = TestFiles.directory(#filePath, "Inputs")

    static var cases: [String] {
        TestFiles.list(inputs).filter { $0.hasSuffix(".units") && !$0.hasSuffix(".formatted.units") }.sorted()
    }

    @Test(arguments: cases)
    func formatsToGolden(_ name: String) throws {
        let input = try TestFiles.read(Self.inputs + "/" + name)
        guard case .formatted(let output) = Formatter.format(input, path: name) else {
            Issue.record("\(name) did not parse")
            return
        }
        let goldenPath = Self.inputs + "/" + name.dropLast(".units".count) + ".formatted.units"
        if TestFiles.recording { try TestFiles.write(goldenPath, output) }
        let golden = try TestFiles.read(goldenPath)
        #expect(String(decoding: output, as: UTF8.self) == String(decoding: golden, as: UTF8.self))
        // The golden file is itself canonical.
        guard case .formatted(let again) = Formatter.format(golden, path: name) else { Issue.record("golden does not parse"); return }
        #expect(again == golden)
    }

    @Test func refusesLinesThatDoNotParse() {
        let outcome = Formatter.format(Array("2025-09-01 habit Walk\n2025-09-01 Walk lots\n".utf8), path: "x")
        guard case .refused(let errors) = outcome else { Issue.record("formatted a broken file"); return }
        #expect(errors.map(\.rule) == ["syntax"])
    }

    @Test func emptyAndBlankFilesBecomeEmpty() {
        #expect(Formatter.formatted("") == "")
        #expect(Formatter.formatted("\n\n  \t\r\n") == "")
        #expect(Formatter.formatted("units 1") == "units 1\n")
    }

    @Test func alignmentIsLocalToABlock() throws {
        let before = "2025-09-01 habit A\n2025-09-01 habit Long-name\n\n2025-09-01 A 1\n2025-09-01 A 2\n\n2025-09-02 A 1\n"
        let after = before + "2025-09-02 Long-name 5\n"
        let a = try #require(Formatter.formatted(before)), b = try #require(Formatter.formatted(after))
        let diff = UnifiedDiff.diff(old: Array(a.utf8), new: Array(b.utf8), oldName: "a", newName: "b", context: 0)
        // Only the last block (one old line, one new line) changes.
        #expect(diff.split(separator: "\n").filter { $0.hasPrefix("-") && !$0.hasPrefix("---") }.count == 1)
        #expect(b.hasSuffix("2025-09-02 A         1\n2025-09-02 Long-name 5\n"))
        #expect(b.contains("2025-09-01 A 1\n2025-09-01 A 2\n"))
    }

    @Test func canonicalNumbers() {
        let cases: [(String, String)] = [("+3", "3"), ("007", "7"), ("3.50", "3.5"), ("-0", "0"), ("-0.0", "0"),
                                         ("0.25", "0.25"), ("-1.0", "-1"), ("10", "10"), ("0", "0"), ("-0.5", "-0.5")]
        for (written, canonical) in cases {
            #expect(Formatter.formatted("2025-09-01 General \(written)\n") == "2025-09-01 General \(canonical)\n", "\(written)")
        }
    }
}
