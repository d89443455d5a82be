import Testing
@testable import UnitsKit

/// A string's display width: wide characters two, marks and controls none.
@Suite struct DisplayWidthTests {
    @Test("a string's width is the sum over its scalars")
    func stringWidth() {
        let cases: [(String, Int)] = [("", 0), ("abc", 3), ("é", 1), ("e\u{301}", 1), ("読書", 4), ("●○·", 3), ("😀", 2), ("a\u{1B}b", 2)]
        for (string, width) in cases { #expect(DisplayWidth.of(string) == width, "\(string)") }
    }
}
