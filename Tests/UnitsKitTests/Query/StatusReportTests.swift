import Testing
@testable import UnitsKit

/// `units status` computes its figures without building the today view
///; they must be the today view's, on every journal and day.
@Suite struct StatusReportTests {
    @Test func statusAgreesWithTheTodayView() throws {
        var journals = [Journal(parsing: ReportOutputTests.hostile), Journal(parsing: ReportDefinitionTests.text)]
        for name in ["habits.units", "checkins.units", "minimal.units"] {
            let bytes = try TestFiles.read(ReportOutputTests.examples + "/" + name)
            journals.append(Journal(parsing: String(decoding: bytes, as: UTF8.self), path: name))
        }
        var compared = 0
        for journal in journals {
            for day in ["2025-09-01", "2025-10-15", "2025-11-30", "2025-12-01", "2025-12-03", "2025-12-14", "2026-01-01"] {
                let context = ReportContext(journal: journal, today: CivilDate(iso: day)!)
                let status = StatusReport(context), today = TodayReport(context)
                #expect(status.totalUnits == today.totalUnits)
                #expect(status.mustDos == today.mustDos)
                #expect(status.underPace == today.counts.filter(\.isUnderPace).map(\.habit.name))
                let states = today.checks.compactMap(\.state)
                #expect(status.answers == (states.filter { $0 == .yes }.count, states.filter { $0 == .kinda }.count,
                                           states.filter { $0 == .no }.count))
                if status.answers.yes + status.answers.kinda + status.answers.no > 0 || !status.underPace.isEmpty { compared += 1 }
            }
        }
        #expect(compared > 5)   // the journals do exercise check-ins and paces
    }
}
