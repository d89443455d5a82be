import Testing
@testable import UnitsKit

/// `TodayCountTable.widths` measures names and units and takes the number
/// columns from one row: it must be what `ReportText.columnWidths` measures
/// of every row, on every journal and day, plain and in colour.
@Suite struct TodayCountTableTests {
    @Test func widthsAreTheMeasuredWidths() throws {
        var journals = [Journal(parsing: ReportOutputTests.hostile), Journal(parsing: ReportDefinitionTests.text)]
        for (name, bytes) in try BlockParseTests.inputs() {
            journals.append(Journal(parsing: String(decoding: bytes, as: UTF8.self), path: name))
        }
        var compared = 0, underPace = 0
        for journal in journals {
            for day in ["2025-09-01", "2025-11-30", "2025-12-03", "2025-12-14", "2026-01-01"] {
                let report = TodayReport(ReportContext(journal: journal, today: CivilDate(iso: day)!))
                for style in [TerminalStyle.plain, TerminalStyle(color: true)] {
                    let table = TodayCountTable(report, style: style)
                    for mark in [TodayCountTable.fullMark, TodayCountTable.shortMark] {
                        let measured = ReportText.columnWidths(count: report.counts.count) { table.cells($0, mark: mark) }
                        #expect(table.widths(mark: mark) == measured, "\(day) \(mark)")
                    }
                }
                if !report.counts.isEmpty { compared += 1 }
                if report.counts.contains(where: \.isUnderPace) { underPace += 1 }
            }
        }
        // The comparison saw tables, and tables with the mark.
        #expect(compared > 20 && underPace > 3, "\(compared) \(underPace)")
    }
}
