import Testing
@testable import UnitsKit
import UnitsTestSupport

@Suite struct ExportRoundTripTests {
    /// Export each example to CSV, import it into an empty journal: the same
    /// totals per habit and day, and a journal without errors.
    @Test(arguments: InteropFixtures.examples)
    func csvRoundTripKeepsDailyTotals(path: String) throws {
        let original = Journal.load(path: path)
        #expect(!original.hasErrors)
        let csv = JournalExport(original).csv()
        let result = ImportFormat.units.importFiles([ImportFile(path: "export.csv", bytes: Array(csv.utf8))],
            source: "export.csv",
            existing: Journal(), today: CivilDate(iso: "2025-12-14")!)
        #expect(result.problems.isEmpty)
        let imported = Journal(parsing: "units 1\n" + result.text, path: "imported.units")
        #expect(imported.diagnostics.filter { $0.severity == .error }.map(\.message) == [])
        #expect(imported.entries.count == original.entries.count)
        let before = DailyTotals.of(original), after = DailyTotals.of(imported)
        #expect(after == before)
        #expect(before.count > 200)
    }

    /// The fast byte writer and the field-by-field reference agree on every
    /// example and on generated journals with every construct (notes with
    /// commas and quotes, tags, tasks, unit changes, check habits).
    @Test(arguments: [1, 2, 3, 4, 5])
    func byteWriterMatchesTheReference(seed: Int) throws {
        let generated = JournalGenerator(seed: UInt64(seed), entries: 3_000).generate()
        let journal = Journal(parsing: generated.text, path: "generated, \"\(seed)\".units")
        #expect(JournalExport(journal).csv() == ExportCSVOracle(journal).csv())
        for path in InteropFixtures.examples {
            let example = Journal.load(path: path)
            #expect(JournalExport(example).csv() == ExportCSVOracle(example).csv(), "\(path)")
        }
        let tricky = Journal(parsing: """
            units 1
            2025-01-01 habit Walk
              unit: lap
              size: 0.25 miles
            2025-01-01 habit Meditate
              kind: check
            2025-01-02 Walk 3 #park #"x" ; "quoted", with a comma
            2025-01-03 Meditate kinda
            2025-01-03 task "Call, mom" 2 #phone
            2025-01-04 done "Call, mom"

            """, path: "a,b.units")
        #expect(JournalExport(tricky).csv() == ExportCSVOracle(tricky).csv())
    }

    @Test func csvHasTheDocumentedColumnsAndOneRowPerEntry() throws {
        let journal = Journal.load(path: InteropFixtures.examples[0])
        let rows = try CSV.parse(Array(JournalExport(journal).csv().utf8))
        #expect(rows[0].fields == ["date", "habit", "group", "value", "unit", "measure", "state", "tags", "note", "file", "line"])
        #expect(rows.count == journal.entries.count + 1)
        #expect(rows.allSatisfy { $0.fields.count == 11 })
        // Walk: 4 laps of 0.25 miles on the first day, on line 49.
        let walk = try #require(rows.first { $0.fields[1] == "Walk" })
        #expect(walk.fields == ["2025-09-01", "Walk", "", "4", "lap", "1 miles", "", "", "", InteropFixtures.examples[0], "49"])
    }

    @Test func checkHabitsExportTheirStandingStateAndGroup() throws {
        let journal = Journal.load(path: InteropFixtures.examples[1])
        let rows = try CSV.parse(Array(JournalExport(journal).csv().utf8))
        let run = try #require(rows.first { $0.fields[1] == "Run" })
        #expect(run.fields[2] == "Exercise")
        #expect(["yes", "kinda", "no"].contains(run.fields[6]))
        #expect(run.fields[4] == "")   // a check habit's number has no unit
    }

    @Test func jsonHoldsTheWholeModel() throws {
        let journal = Journal.load(path: InteropFixtures.examples[0])
        let json = JournalExport(journal).json()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["schema"] as? String == "units-export")
        #expect((object["entries"] as? [Any])?.count == journal.entries.count)
        #expect((object["tasks"] as? [Any])?.count == journal.tasks.count)
        #expect((object["seasons"] as? [Any])?.count == 1)
        let habits = try #require(object["habits"] as? [[String: Any]])
        let reading = try #require(habits.first { $0["name"] as? String == "Reading" })
        #expect((reading["units"] as? [[String: Any]])?.map { $0["name"] as? String } == ["page", "chapter"])
    }
}

import Foundation
