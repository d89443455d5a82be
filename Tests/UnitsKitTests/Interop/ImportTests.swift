import Foundation
import Testing
@testable import UnitsKit

@Suite struct ImportTests {
    static let today = CivilDate(iso: "2025-12-14")!

    static func run(_ format: ImportFormat, _ text: String, existing: Journal = Journal()) -> ImportResult {
        format.importFiles([ImportFile(path: "input", bytes: Array(text.utf8))], source: "input",
            existing: existing, today: today)
    }

    /// Each sample file in a real format becomes a valid journal, as recorded.
    @Test(arguments: [
        (ImportFormat.loop, "loop/Checkmarks.csv", "loop.units"),
        (.loop, "loop/003 Drink water/Checkmarks.csv", "loop-numerical.units"),
        (.loop, "loop-current/Checkmarks.csv", "loop-current.units"),
        (.loop, "loop-current/002 Read/Checkmarks.csv", "loop-current-notes.units"),
        (.harsh, "harsh.log", "harsh.units"),
        (.habitctl, "habitctl.log", "habitctl.units"),
        (.timedot, "work.timedot", "timedot.units"),
        (.todotxt, "todo.txt", "todotxt.units"),
    ])
    func sampleFilesImportAsRecorded(format: ImportFormat, input: String, golden: String) throws {
        let path = InteropFixtures.inputs + "/" + input
        let result = format.importFiles([ImportFile(path: input, bytes: try InteropFixtures.bytes(path))],
            source: input,
            existing: Journal(), today: Self.today)
        #expect(result.problems == [])
        let journal = Journal(parsing: "units 1\n" + result.text)
        #expect(journal.diagnostics.map(\.message) == [])
        try InteropFixtures.expectGolden(result.text, golden)
    }

    @Test func loopCodesMapToStates() {
        let result = Self.run(.loop, "Date,Meditate,\n2025-12-03,3,\n2025-12-02,0,\n2025-12-01,2,\n2025-11-30,-1,\n2025-11-29,1,\n")
        let journal = Journal(parsing: "units 1\n" + result.text)
        #expect(journal.entries.map { "\($0.date) \(journal.checkState(of: $0).rawValue)" }
                == ["2025-12-01 yes", "2025-12-02 no", "2025-12-03 skip"])
    }

    @Test func loopNumericalColumnsAreCountsDividedByAThousand() {
        let result = Self.run(.loop, "Date,Pages,\n2025-12-01,12000,\n2025-12-02,2500,\n")
        #expect(result.text.contains("2025-12-01 Pages 12\n"))
        #expect(result.text.contains("2025-12-02 Pages 2.5\n"))
        #expect(!result.text.contains("kind: check"))
    }

    @Test func unmappableLinesAreReportedWithTheirNumbers() {
        #expect(Self.run(.harsh, "2025-12-01 : Meditate : y\n2025-13-01 : Meditate : y\n2025-12-02 : Meditate : maybe\nnonsense\n").problems.map(\.line) == [2, 3, 4])
        #expect(Self.run(.habitctl, "2025-12-01\tRead\ty\n2025-12-02 Read y\n").problems.map(\.line) == [2])
        #expect(Self.run(.timedot, "acct  ....\n2025-12-01\nfos  3x\nfos  ..\n").problems.map(\.line) == [1, 3])
        // An invalid date line refuses the file; its lines never move to the day before.
        let bad = Self.run(.timedot, "2023-02-28\nyoga  ..\n*** 2023-02-29\nyoga  ....\n2023-01-32 desc\nrun  .\n")
        #expect(bad.problems.map(\.line) == [3, 5])
        #expect(Self.run(.todotxt, "x 2025-12-01 2025-12-05 Backwards\n(A) \n").problems.map(\.line) == [1, 2])
        #expect(Self.run(.units, "date,habit,value,state\n2025-12-01,Read,x,\nbad,Read,1,\n").problems.map(\.line) == [2, 3])
        #expect(Self.run(.loop, "Date,A,\n2025-12-01,2,\nyesterday,2,\n").problems.map(\.line) == [3])
    }

    @Test func timedotLinesAsHledgerReadsThem() {
        let result = Self.run(.timedot, "# c\n; c\n* Heading before dates\n2023/1/2 a description ; c\n ;indented\n #indented\nb  aabbaca ; note\n**** DONE\n** 2023.01.03\nc\n")
        #expect(result.problems == [])
        #expect(result.text.contains("""
            2023-01-02 b 1 #a ; note
            2023-01-02 b 0.5 #b ; note
            2023-01-02 b 0.25 #c ; note
            2023-01-02 DONE 0
            2023-01-03 habit c
            """))
        #expect(result.text.hasSuffix("2023-01-03 c 0\n"))
        #expect(!result.text.contains("indented"))
    }

    @Test func timedotQuantities() {
        #expect(TimedotImporter.hours("....") == Amount(1))
        #expect(TimedotImporter.hours(".... ..") == JournalText.amount("1.5"))
        #expect(TimedotImporter.hours("90m") == JournalText.amount("1.5"))
        #expect(TimedotImporter.hours("2") == Amount(2))
        #expect(TimedotImporter.hours("1d") == Amount(24))
        #expect(TimedotImporter.hours("") == .zero)
        #expect(TimedotImporter.hours("3x") == nil)
        // hledger's timedot.test case 4: each of these is exactly 0.25.
        for q in [".", "0.25", ".25", "0,25", ",25", "15m", "0.25h", "900s"] {
            #expect(TimedotImporter.hours(q) == JournalText.amount("0.25"), "\(q)")
        }
        #expect(TimedotImporter.hours("1mo") == Amount(720))
        #expect(TimedotImporter.hours("1y") == Amount(8760))
        #expect(TimedotImporter.hours("1w") == Amount(168))
    }

    @Test func knownHabitsAreNotDeclaredAgainAndKindsMustAgree() {
        let existing = Journal(parsing: "units 1\n2025-11-01 habit Meditate\n  kind: check\n2025-11-01 habit Pages\n")
        let ok = Self.run(.harsh, "2025-12-01 : Meditate : y\n", existing: existing)
        #expect(ok.declaredHabits == [])
        #expect(ok.text == "; imported from input\n2025-12-01 Meditate yes\n")
        let clash = Self.run(.harsh, "2025-12-01 : Pages : y\n", existing: existing)
        #expect(clash.problems.map(\.line) == [1])
    }

    @Test(arguments: [
        ("Wake up early", "Wake-up-early"),
        ("10 push-ups", "_10-push-ups"),
        ("habit", "habit-habit"),
        ("Café au lait", "Café-au-lait"),
        ("fos.haskell", "fos.haskell"),
        ("!!!", "Imported"),
    ])
    func foreignNamesBecomeValidNames(foreign: String, name: String) {
        #expect(JournalText.name(from: foreign) == name)
        #expect(JournalText.isName(name))
    }
}

/// The real files from the trackers' own repositories, kept in
/// `Inputs/` with their source and licence (`Inputs/SOURCES.md`).
@Suite struct RealExportTests {
    /// Loop's own CSV export, `uhabits-core/assets/test/csv_export/PATH`.
    static func loopExport(_ path: String) throws -> [UInt8] {
        try InteropFixtures.bytes(InteropFixtures.inputs + "/loop-export/" + path)
    }

    @Test func loopAllHabitsCheckmarks() throws {
        let bytes = try Self.loopExport("Checkmarks.csv")
        let result = ImportFormat.loop.importFiles([ImportFile(path: "Checkmarks.csv", bytes: bytes)],
            source: "Checkmarks.csv",
            existing: Journal(), today: CivilDate(iso: "2025-12-14")!)
        #expect(result.problems == [])
        #expect(result.declaredHabits.contains("Wake-up-early"))
        #expect(result.text.contains("2015-01-25 Wake-up-early yes\n"))
        #expect(result.text.contains("2015-01-24 Wake-up-early no\n"))
        #expect(!result.text.contains("2015-01-23 Wake-up-early"))   // YES_AUTO
        #expect(Journal(parsing: "units 1\n" + result.text).diagnostics.map(\.message) == [])
    }

    @Test func loopPerHabitCheckmarksWithNotes() throws {
        let bytes = try Self.loopExport("002 Wake up early/Checkmarks.csv")
        let result = ImportFormat.loop.importFiles([ImportFile(path: "002 Wake up early/Checkmarks.csv", bytes: bytes)],
            source: "002 Wake up early/Checkmarks.csv",
            existing: Journal(), today: CivilDate(iso: "2025-12-14")!)
        #expect(result.problems == [])
        #expect(result.text.contains("2015-01-24 Wake-up-early no ; Sick\n"))
        #expect(result.text.contains("2015-01-25 Wake-up-early yes\n"))
        // YES_AUTO is not a check-in, but its note is kept on its day.
        #expect(!result.text.contains("2015-01-23 Wake-up-early yes"))
        #expect(result.text.contains("; 2015-01-23 Wake-up-early (Loop YES_AUTO, not a check-in): Forgot to do it, really\n"))
        #expect(Journal(parsing: "units 1\n" + result.text).diagnostics.map(\.message) == [])
    }
}

extension RealExportTests {
    /// Loop's own `Habits.csv` (every habit `Archived?` false): no
    /// `archive` line.
    @Test func loopHabitsCSVArchivedColumn() throws {
        let bytes = try Self.loopExport("Habits.csv")
        let result = ImportFormat.loop.importFiles([ImportFile(path: "Habits.csv", bytes: bytes)], source: "Habits.csv",
            existing: Journal(), today: CivilDate(iso: "2025-12-14")!)
        #expect(result.problems == [])
        #expect(result.declaredHabits == ["Meditate", "Wake-up-early"])
        #expect(!result.text.contains(" archive "))
        // The same file with Meditate archived, as Loop writes it (`true`).
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        let one = [lines[0], lines[1].replacingOccurrences(of: ",false", with: ",true"), lines[2]].joined(separator: "\n") + "\n"
        let withArchive = ImportFormat.loop.importFiles([ImportFile(path: "Habits.csv", bytes: Array(one.utf8))],
            source: "Habits.csv",
            existing: Journal(), today: CivilDate(iso: "2025-12-14")!)
        #expect(withArchive.problems == [])
        #expect(withArchive.text.contains("2025-12-14 archive Meditate\n"))
        #expect(!withArchive.text.contains("archive Wake-up-early"))
    }

    /// hledger's own timedot.test inputs (its `<` blocks, one file each).
    @Test func hledgerTimedotTestInputs() throws {
        func block(_ name: String) throws -> [UInt8] { try InteropFixtures.bytes(InteropFixtures.inputs + "/hledger-timedot/" + name) }
        let blocks = try ["sample", "quarters", "comments"].map { String(decoding: try block($0 + ".timedot"), as: UTF8.self) }
        let sample = TimedotImporter.parse(Array(blocks[0].utf8), path: "sample.timedot", existing: Journal())
        #expect(sample.problems == [])
        for line in ["2023-01-01 biz.research 1\n", "2023-01-01 inc.client1 1.5\n", "2023-01-01 fos.haskell 1 ; a posting comment and posting-tag:\n",
                     "2023-01-02 a 0 ; no quantity means zero\n", "2023-01-02 b 0.5 #b"] {
            #expect(sample.text.contains(line), "\(line)")
        }
        let quarters = TimedotImporter.parse(Array(blocks[1].utf8), path: "t", existing: Journal())
        #expect(quarters.problems == [] && quarters.entryCount == 7)
        #expect(quarters.text.components(separatedBy: " 0.25\n").count - 1 == 7)
        let comments = TimedotImporter.parse(Array(blocks[2].utf8), path: "t", existing: Journal())
        #expect(comments.declaredHabits == ["e"])
    }
}
