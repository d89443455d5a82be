import Testing
@testable import UnitsKit

/// `StatsLines` keeps a stats line in 48 bytes; every line must read back
/// exactly as appended, packed or (past 64-bit billionths) kept whole.
struct StatsLinesTests {
    static func same(_ a: StatsReport.Line, _ b: StatsReport.Line) -> Bool {
        a.id == b.id && a.week == b.week && a.lifetime == b.lifetime && a.isArchived == b.isArchived
            && Array(a.averages) == Array(b.averages)
            && a.windows.units.0 == b.windows.units.0 && a.windows.units.1 == b.windows.units.1 && a.windows.units.2 == b.windows.units.2
            && a.windows.days.0 == b.windows.days.0 && a.windows.days.1 == b.windows.days.1 && a.windows.days.2 == b.windows.days.2
    }

    @Test func linesReadBackAsAppended() {
        let journal = Journal(parsing: "2025-01-01 habit A\n2025-01-01 habit B\n")
        let huge = Amount(billionths: Int128(Int64.max) + 1), negative = Amount(billionths: Int128(Int64.min))
        let cases: [(Amount, Amount, (Amount, Amount, Amount), (Int32, Int32, Int32), Bool)] = [
            (3, 10, (1, 2, 3), (7, 30, 90), false),
            (Amount("0.25")!, Amount("-1.5")!, (0, Amount("0.000000001")!, 5), (0, 12, 12), true),
            (huge, 1, (1, 1, 1), (7, 7, 7), false),                 // past 64 bits: kept whole
            (1, 2, (3, 4, negative), (1, 2, 3), false),             // the smallest that packs
            (1, 2, (3, 4, 5), (7, 30, 300), false),                 // a window day past a byte
        ]
        var lines = StatsLines(habits: journal.habits)
        var expected: [StatsReport.Line] = []
        for (k, c) in cases.enumerated() {
            let line = StatsReport.Line(habits: journal.habits, id: k % 2, week: c.0, windows: WindowUnits(units: c.2, days: c.3),
                                        lifetime: c.1, isArchived: c.4)
            lines.append(line)
            expected.append(line)
        }
        #expect(lines.count == expected.count)
        #expect(MemoryLayout<StatsLines.Packed>.stride == 48)
        for k in expected.indices {
            #expect(Self.same(lines[k], expected[k]), "line \(k)")
            #expect(lines.week(k) == expected[k].week && lines.lifetime(k) == expected[k].lifetime)
            #expect(lines[k].habit?.name == journal.habits[k % 2].name)
        }
    }
}
