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
}
