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

    /// Day one (definitions.md D9): a habit declared today is under pace
    /// nowhere, and the next day its week counts only the days it existed.
    @Test func aHabitDeclaredTodayIsNotUnderPaceAnywhere() {
        let journal = Journal(parsing: "units 1\n2025-03-06 habit A\n  floor: 7\n2025-03-07 A 1\n")
        let declared = ReportContext(journal: journal, today: CivilDate(iso: "2025-03-06")!)
        let today = TodayReport(declared)
        #expect(today.counts.map(\.isUnderPace) == [false])
        #expect(StatusReport(declared).underPace.isEmpty)
        #expect(today.habitOfTheDay == nil)
        #expect(today.counts.first?.pace?.scaledFloor == Fraction(4))
        let next = ReportContext(journal: journal, today: CivilDate(iso: "2025-03-07")!)
        #expect(TodayReport(next).counts.map(\.isUnderPace) == [true])
        #expect(StatusReport(next).underPace == ["A"])
        #expect(TodayReport(next).habitOfTheDay.map { journal.habits[$0.habit].name } == "A")
    }
}
