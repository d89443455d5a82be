import Testing
import UnitsKit

/// `sortByPosition` (index sort, then swaps along the permutation's cycles)
/// against the plain stable sort it replaced, on random findings over
/// several files, with ties, range-less findings, fix-its and sorted input.
@Suite struct DiagnosticSortTests {
    /// The reference: stable by file (first appearance), then start.
    static func reference(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        var fileOrder: [String: Int] = [:]
        for d in diagnostics where fileOrder[d.path ?? ""] == nil { fileOrder[d.path ?? ""] = fileOrder.count }
        return diagnostics.enumerated().sorted { a, b in
            let fa = fileOrder[a.element.path ?? ""]!, fb = fileOrder[b.element.path ?? ""]!
            if fa != fb { return fa < fb }
            let sa = a.element.range?.start ?? -1, sb = b.element.range?.start ?? -1
            if sa != sb { return sa < sb }
            return a.offset < b.offset
        }.map(\.element)
    }

    @Test(arguments: 0..<40)
    func matchesTheStableSort(seed: Int) {
        var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ 1
        func below(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        let files = (0..<(1 + below(4))).map { SourceFile(path: "f\($0).units", bytes: Array(repeating: 0x41, count: 500)) }
        let count = [0, 1, 2, 7, 100, 1000][seed % 6]
        var diagnostics: [Diagnostic] = []
        for i in 0..<count {
            let file = files[below(files.count)]
            let start = below(seed % 3 == 0 ? 5 : 400)
            let range = SourceRange(file: file, start: start, end: start + below(20))
            switch below(10) {
            case 0:
                diagnostics.append(Diagnostic(.error, rule: "unreadable", "finding \(i)", path: "other\(below(2)).units"))
            case 1:
                diagnostics.append(Diagnostic(.warning, rule: "r\(below(3))", "finding \(i)", at: range,
                                              fixIt: FixIt(message: "fix \(i)", range: range, replacement: "x")))
            default:
                diagnostics.append(Diagnostic(.warning, rule: "r\(below(3))", "finding \(i)", at: range))
            }
        }
        if seed % 5 == 4 { diagnostics = Self.reference(diagnostics) }
        let expected = Self.reference(diagnostics)
        #expect(diagnostics.sortedByPosition() == expected)
        var inPlace = diagnostics
        inPlace.sortByPosition()
        #expect(inPlace == expected)
        // Messages are unique: equal arrays mean the same order, ties kept.
        #expect(inPlace.map(\.message) == expected.map(\.message))
    }

    @Test func pathFollowsTheRangeAndAFixItSurvivesACopy() {
        let file = SourceFile(path: "a.units", text: "2025-01-01 Reading 5\n")
        let range = SourceRange(file: file, start: 11, end: 18)
        var d = Diagnostic(.warning, rule: "r", "m", at: range, fixIt: FixIt(message: "f", range: range, replacement: "Read"))
        #expect(d.path == "a.units")
        #expect(d.fixIt?.replacement == "Read")
        let copy = d
        d.fixIt = nil
        d.path = "elsewhere.units"
        #expect(copy.fixIt?.message == "f" && copy.path == "a.units")
        #expect(d.fixIt == nil && d.path == "elsewhere.units")
        #expect(Diagnostic(.error, rule: "io", "cannot read", path: "x.units").path == "x.units")
    }
}
