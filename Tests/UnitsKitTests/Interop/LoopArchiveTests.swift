import Testing
@testable import UnitsKit

/// Loop's `Archived?` column (`HabitList.writeCSV`: `habit.isArchived.toString()`,
/// so `true` or `false`) becomes an `archive` line.
@Suite struct LoopArchiveTests {
    static let today = CivilDate(iso: "2025-12-14")!
    static let header = "Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?\n"

    static func run(_ files: [(String, String)], existing: Journal = Journal()) -> ImportResult {
        LoopImporter.parse(files.map { ImportFile(path: $0.0, bytes: Array($0.1.utf8)) }, source: "export", existing: existing, today: today)
    }

    static let export = [
        ("export/Habits.csv", header + "001,Gym,YES_NO,,,1,1,#E53935,,,,true\n002,Read,YES_NO,,,1,1,#3949AB,,,,false\n003,Old,YES_NO,,,1,1,#3949AB,,,,true\n"),
        ("export/001 Gym/Checkmarks.csv", "Date,Value,Notes\n2025-12-03,YES_MANUAL,\n2025-12-02,NO,\n"),
        ("export/002 Read/Checkmarks.csv", "Date,Value,Notes\n2025-12-04,YES_MANUAL,\n2025-12-01,YES_MANUAL,\n"),
        ("export/003 Old/Checkmarks.csv", "Date,Value,Notes\n"),
    ]

    /// After the last check-in (same day, below it); a habit with none on
    /// its declaration day; a habit not archived gets nothing.
    @Test func archivedHabitsAreArchivedAfterTheirLastCheckIn() {
        let result = Self.run(Self.export)
        #expect(result.problems == [])
        let lines = result.text.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.contains(" archive ") } == ["2025-12-01 archive Old", "2025-12-03 archive Gym"])
        #expect(lines.firstIndex(of: "2025-12-03 Gym yes")! < lines.firstIndex(of: "2025-12-03 archive Gym")!)
        let journal = Journal(parsing: "units 1\n" + result.text)
        #expect(journal.diagnostics.map(\.message) == [])
        #expect(journal.habit(named: "Gym")!.isArchived(on: Self.today))
        #expect(!journal.habit(named: "Read")!.isArchived(on: Self.today))
        // Importing again adds nothing, the archive lines included.
        let again = Self.run(Self.export, existing: journal)
        #expect(again.text == "" && again.problems == [])
    }

    /// A journal that already has the habit archived gets no second `archive`.
    @Test func alreadyArchivedInTheJournal() {
        let journal = Journal(parsing: "units 1\n2025-11-01 habit Gym\n  kind: check\n2025-11-02 archive Gym\n")
        let result = Self.run(Self.export, existing: journal)
        #expect(result.problems == [])
        #expect(!result.text.contains("archive Gym"))
    }

    @Test func anythingButTrueOrFalseIsABadLine() {
        let result = Self.run([("Habits.csv", Self.header + "001,Gym,YES_NO,,,1,1,#E53935,,,,yes\n")])
        #expect(result.problems.map(\.line) == [2])
        #expect(result.problems.first?.message == "expected true or false in Archived?, got 'yes'")
    }

    /// Notes on days that write no entry are kept as comments, and a
    /// second import adds them no more.
    @Test func notesOnDaysWithoutAnEntryAreKept() {
        let files = [
            ("export/Habits.csv", Self.header + "001,Run,YES_NO,,,3,7,#E53935,,,,false\n002,Read,NUMERICAL,,,1,1,#3949AB,pages,AT_LEAST,10.0,false\n"),
            ("export/001 Run/Checkmarks.csv", "Date,Value,Notes\n2025-12-03,YES_AUTO,Rest day\n2025-12-02,UNKNOWN,\"Rain, no run\"\n2025-12-01,YES_MANUAL,\n"),
            ("export/002 Read/Checkmarks.csv", "Date,Value,Notes\n2025-12-02,0,No book with me\n2025-12-01,12000,\n"),
        ]
        let result = Self.run(files)
        #expect(result.problems == [])
        #expect(result.entryCount == 2)
        for line in ["; 2025-12-03 Run (Loop YES_AUTO, not a check-in): Rest day\n", "; 2025-12-02 Run (Loop UNKNOWN): Rain, no run\n",
                     "; 2025-12-02 Read (Loop 0): No book with me\n"] {
            #expect(result.text.contains(line), "\(line)")
        }
        let journal = Journal(parsing: "units 1\n" + result.text)
        #expect(journal.diagnostics.map(\.message) == [])
        let again = Self.run(files, existing: journal)
        #expect(again.text == "" && again.problems == [])
    }
}
