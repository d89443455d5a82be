import Testing
@testable import UnitsKit

/// Decisions Grammar/definitions.md wrote down where the spec was silent,
/// checked directly (the conformance corpus checks them through the CLI).
@Suite struct SpecDecisionTests {
    /// D1: one rounding, half to even, from the exact value.
    @Test(arguments: [
        (Fraction(1, 8), 2, "0.12"), (Fraction(3, 8), 2, "0.38"), (Fraction(31, 7), 9, "4.428571429"),
        (Fraction(-1, 8), 2, "-0.12"), (Fraction(5, 2), 0, "2"), (Fraction(7, 2), 0, "4"),
        (Fraction(944_999_999, 7_000_000_000), 2, "0.13"), (Fraction(2, 7_000_000_000), 9, "0"),
    ])
    func roundsOnceHalfToEven(_ value: Fraction, _ places: Int, _ printed: String) {
        #expect(value.rounded(toPlaces: places).description == printed)
    }

    /// D1: fractions are exact and reduced, so equal values compare equal.
    @Test func fractionArithmeticIsExact() {
        #expect(Fraction(5, 7) * 2 + 3 == Fraction(31, 7))
        #expect(Fraction(2, 4) == Fraction(1, 2))
        #expect(Fraction(Amount("0.714285714")!) < Fraction(5, 7))
        #expect(Fraction(Amount(5), over: 0) == .zero)
        #expect(Fraction(-3, -6) == Fraction(1, 2))
    }

    /// D16: the plural follows the printed number.
    @Test func pluralFollowsThePrintedNumber() {
        #expect(ReportText.count(Amount("0.96")!, "page") == "1 page")
        #expect(ReportText.count(Amount("1.04")!, "page") == "1 page")
        #expect(ReportText.count(Amount("1.06")!, "page") == "1.1 pages")
        #expect(ReportText.count(Fraction(5, 7), "page") == "0.7 pages")
        #expect(ReportText.count(Amount(-1), "page") == "-1 page")
        #expect(ReportText.count(Amount(2), "minutes") == "2 minutes")
    }

    /// Unit names read as English after a number; symbols and names in
    /// other scripts are left as written.
    @Test(arguments: [
        ("page", "pages"), ("km", "km"), ("KM", "KM"), ("kg", "kg"), ("min", "min"), ("h", "h"),
        ("reps", "reps"), ("inch", "inches"), ("box", "boxes"), ("story", "stories"), ("day", "days"),
        ("glass of water", "glass of water"), ("読書", "読書"), ("m²", "m²"), ("push-up", "push-ups"),
    ])
    func unitNamesAfterANumber(unit: String, plural: String) {
        #expect(ReportText.plural(unit, Amount(2)) == plural)
        #expect(ReportText.plural(unit, .one) == unit)
    }

    /// format.md 6, 15, 17: diagnostics the model used to let through.
    @Test(arguments: [
        ("2025-03-03 habit A\n2025-03-04 archive A\n2025-03-05 archive A\n", "archive-state"),
        ("2025-03-03 habit A\n2025-03-04 unarchive A\n", "archive-state"),
        ("2025-03-03 habit General\n", "duplicate-declaration"),
        ("2025-03-03 General 1\n2025-03-04 group General\n", "duplicate-declaration"),
        ("option week-start monday\noption week-start sunday\n", "invalid-option"),
        ("option day-start 04:00\noption day-start 05:00\n", "invalid-option"),
    ])
    func modelDiagnostics(_ text: String, _ rule: String) {
        let journal = Journal(parsing: "units 1\n" + text)
        #expect(journal.diagnostics.map(\.rule) == [rule])
    }

    @Test(arguments: [
        "2025-03-03 habit A\n2025-03-04 archive A\n2025-03-05 unarchive A\n2025-03-06 archive A\n",
        "option week-start monday\noption week-start Mon\n",
        "option day-start 04:00\noption day-start 04:00\n",
    ])
    func noDiagnostic(_ text: String) {
        #expect(Journal(parsing: "units 1\n" + text).diagnostics.isEmpty)
    }

    /// D3, D4: General is declared on the journal's first day and listed first.
    @Test func generalIsFirstAndCountsFromTheFirstDay() {
        let journal = Journal(parsing: "units 1\n2025-01-03 habit A\n2025-01-05 A 1\n2025-01-06 General 2\n")
        let context = ReportContext(journal: journal, today: CivilDate(iso: "2025-01-06")!)
        #expect(context.listed.first?.name == "General")
        #expect(context.declared(journal.habits[journal.habitID(named: "General")!]) == CivilDate(iso: "2025-01-03")!)
        #expect(StatsReport(context).habits.map { $0.habit?.name } == ["General", "A"])
    }
}
