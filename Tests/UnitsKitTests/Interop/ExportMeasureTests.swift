import Testing
@testable import UnitsKit
import UnitsTestSupport

/// The measure column (`AMOUNT MEASURE`) of `units export --csv` for the
/// measures the writer spells straight into its buffer (not negative,
/// size one or a product that fits an `Amount`) and for the rest (negative
/// counts, a negative product, a product too wide for an `Amount`): each
/// field as the field-by-field reference spells it, guarded or not.
@Suite struct ExportMeasureTests {
    static let journal = """
        2025-12-01 habit Reading
          unit: chapter ch
          size: 20 pages
        2025-12-01 habit Debt
          unit: euro
        2025-12-01 habit Laps
          unit: lap
          size: 0.25 miles
        2025-12-01 habit Huge
          unit: block
          size: 999999999999999 grains
        2025-12-02 Reading 3
        2025-12-02 Reading 0.75
        2025-12-02 Debt -2
        2025-12-02 Debt 0
        2025-12-02 Debt 12.5
        2025-12-02 Laps -4
        2025-12-02 Laps 7
        2025-12-02 Huge 999999999999999
        2025-12-02 Huge -3

        """

    @Test("every measure is the reference's, with and without the formula guard")
    func measuresMatchReference() {
        let journal = Journal(parsing: Self.journal, path: "test.units")
        #expect(!journal.hasErrors, "\(journal.diagnostics)")
        #expect(journal.entries.count == 9)
        for guarded in [true, false] {
            let csv = JournalExport(journal).csv(guardFormulas: guarded)
            #expect(csv == ExportCSVOracle(journal).csv(guardFormulas: guarded), "guard \(guarded)")
        }
        let csv = JournalExport(journal).csv()
        #expect(csv.contains(",3,chapter,60 pages,"))
        #expect(csv.contains(",-2,euro,'-2 euro,"))
        #expect(csv.contains(",7,lap,1.75 miles,"))
    }
}
