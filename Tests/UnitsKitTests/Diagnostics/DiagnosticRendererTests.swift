import Testing
@testable import UnitsKit

struct DiagnosticRendererTests {
    @Test func rendersFileLineColumnSourceAndCaret() {
        let tree = Parser.parse("units 1\n2025-12-14 Reading lots\n", path: "habits.units")
        var renderer = DiagnosticRenderer()
        #expect(renderer.render(tree.diagnostics) == """
            habits.units:2:20: error: expected a number of units, or yes, kinda, no or skip, found 'lots' [syntax]
            2025-12-14 Reading lots
                               ^~~~

            """)
    }

    @Test func caretsCountDisplayWidthAndKeepTabs() {
        let tree = Parser.parse("2025-12-14\t読書 lots", path: "x.units")
        var renderer = DiagnosticRenderer()
        let lines = renderer.render(tree.diagnostics[0]).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "x.units:1:15: error: expected a number of units, or yes, kinda, no or skip, found 'lots' [syntax]")
        #expect(lines[2] == "          \t     ^~~~")
    }

    @Test func rangeLessDiagnosticsNameTheirPath() {
        var renderer = DiagnosticRenderer()
        let d = Diagnostic(.error, rule: "io", "cannot read journal: no such file", path: "nope.units")
        #expect(renderer.render(d) == "nope.units: error: cannot read journal: no such file [io]\n")
    }

    /// A line of any length is shown as the window around the caret, read
    /// from the bytes near it alone: a 20 kB and a 20 MB line of the same
    /// text around the caret render alike, with `…` at both cut ends.
    @Test(arguments: [UInt8(ascii: "x"), 0])
    func aHugeLineIsReadOnlyAroundTheCaret(filler: UInt8) {
        func rendered(_ length: Int) -> String {
            var bytes = Array("units 1\n2025-12-14 Reading ".utf8)
            let lineStart = 8
            bytes += [UInt8](repeating: filler, count: length)
            bytes += Array("\n".utf8)
            let file = SourceFile(path: "h.units", bytes: bytes)
            let caret = lineStart + (bytes.count - lineStart) / 2
            let diagnostic = Diagnostic(.error, rule: "syntax", "here", at: SourceRange(file: file, start: caret, end: caret + 3))
            var renderer = DiagnosticRenderer()
            return renderer.render(diagnostic).split(separator: "\n").dropFirst().joined(separator: "\n")
        }
        let short = rendered(20_000), huge = rendered(20_000_000)
        #expect(short == huge)
        let lines = huge.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("…") && lines[0].hasSuffix("…"), "\(lines[0].prefix(40))")
        #expect(lines[0].unicodeScalars.count <= DiagnosticRenderer().maximumLineWidth + 1)
        #expect(lines[1].hasSuffix("^~~"))
    }
}
