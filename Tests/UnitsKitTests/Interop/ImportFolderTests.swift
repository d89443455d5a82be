import Foundation
import Testing
@testable import UnitsKit

/// A tracker's whole folder: Loop's unzipped export (Habits.csv and the
/// per-habit folders), harsh's and habitctl's `habits` + `log`. The files
/// are listed by `ImportFolder` exactly as `units import DIR` lists them.
@Suite struct ImportFolderTests {
    static let today = CivilDate(iso: "2025-12-14")!

    static func importFolder(_ format: ImportFormat, _ folder: String, existing: Journal = Journal()) throws -> ImportResult {
        let dir = InteropFixtures.inputs + "/" + folder
        guard case .success(let paths) = ImportFolder.paths(for: format, in: dir) else {
            Issue.record("no files in \(dir)"); return ImportResult(problems: [], entryCount: 0, taskCount: 0, declaredHabits: [])
        }
        let files = try paths.map { ImportFile(path: String($0.dropFirst(InteropFixtures.inputs.count + 1)), bytes: try InteropFixtures.bytes($0)) }
        return format.importFiles(files, source: folder, existing: existing, today: today)
    }

    /// Every folder lands as recorded (exact lines), is a valid journal, and
    /// a second import into it adds nothing.
    @Test(arguments: [
        (ImportFormat.loop, "loop-export", "loop-export.units"),
        (.loop, "loop-numerical", "loop-numerical-folder.units"),
        (.harsh, "harsh-config", "harsh-folder.units"),
        (.habitctl, "habitctl", "habitctl-folder.units"),
    ])
    func foldersImportAsRecorded(format: ImportFormat, folder: String, golden: String) throws {
        let result = try Self.importFolder(format, folder)
        #expect(result.problems == [])
        let journal = Journal(parsing: "units 1\n" + result.text)
        #expect(journal.diagnostics.map(\.message) == [])
        try InteropFixtures.expectGolden(result.text, golden)
        let again = try Self.importFolder(format, folder, existing: journal)
        #expect(again.text == "" && again.problems == [])
    }

    @Test func loopFolderListsHabitsThenPerHabitFiles() {
        guard case .success(let paths) = ImportFolder.paths(for: .loop, in: InteropFixtures.inputs + "/loop-export") else {
            Issue.record("no Loop files"); return
        }
        #expect(paths.map { $0.split(separator: "/").suffix(2).joined(separator: "/") }
                == ["loop-export/Habits.csv", "001 Meditate/Checkmarks.csv", "002 Wake up early/Checkmarks.csv"])
        guard case .failure = ImportFolder.paths(for: .timedot, in: InteropFixtures.inputs) else {
            Issue.record("a folder for timedot"); return
        }
    }

    @Test(arguments: [
        ("1", 0, 1), ("7", 1, 7), ("1w", 1, 7), ("3/7", 3, 7), ("0", 0, 1), ("2/1w", 2, 7), ("14", 1, 14),
    ])
    func harshFrequencies(text: String, target: Int, interval: Int) {
        let parsed = HarshHabit.parseFrequency(text)
        #expect(parsed?.0 == (text == "1" ? 1 : target) && parsed?.1 == interval)
    }

    @Test func harshRefusesWhatHarshRefuses() {
        for text in ["8/7", "x", "3/0", "1d", ""] { #expect(HarshHabit.parseFrequency(text) == nil, "\(text)") }
    }

    @Test(arguments: [
        (1, 1, nil, true), (3, 7, "3/week", true), (1, 7, "1/week", true), (2, 14, "1/week", true),
        (7, 7, nil, true), (5, 30, "5/month", true), (2, 3, "5/week", false), (1, 14, "2/month", false),
        (1, 90, "1/month", false), (1, 3, "2/week", false), (0, 1, nil, true),
    ] as [(Int, Int, String?, Bool)])
    func schedules(times: Int, days: Int, every: String?, exact: Bool) {
        let result = ImportSchedule.every(times: times, days: days)
        #expect(result.value == every && result.exact == exact)
    }

    /// Broken habit lists: nothing is imported, every bad line is named with its file.
    @Test func brokenHabitListsNameEveryBadLine() {
        let loop = ImportFormat.loop.importFiles([
            ImportFile(path: "x/Habits.csv", bytes: Array((LoopHabits.header.joined(separator: ",") + "\n001,A,YES_NO,,,1,1,#FF0000,,,,false\n002,B,MAYBE,,,1,1,,,,,false\n003,C,YES_NO,,,x,7,,,,,false\n").utf8)),
            ImportFile(path: "x/001 A/Checkmarks.csv", bytes: Array("Date,Value,Notes\n2025-12-01,YES_MANUAL,\n2025-12-02,7000,\n".utf8)),
        ], source: "x", existing: Journal(), today: Self.today)
        #expect(loop.problems.map { "\($0.file ?? ""):\($0.line)" } == ["x/Habits.csv:3", "x/Habits.csv:4", "x/001 A/Checkmarks.csv:3"])
        let harsh = ImportFormat.harsh.importFiles([
            ImportFile(path: "h/habits", bytes: Array("! Work\nGym: 3/7\nNo frequency\n!Bad heading\nRun: 8/7\nOld: 7: 2024-13-01\n".utf8)),
            ImportFile(path: "h/log", bytes: Array("2025-01-01 : Gym : y\n2025-01-02 : Gym : maybe\n".utf8)),
        ], source: "h", existing: Journal(), today: Self.today)
        #expect(harsh.problems.map { "\($0.file ?? ""):\($0.line)" } == ["h/habits:3", "h/habits:4", "h/habits:5", "h/habits:6", "h/log:2"])
        let habitctl = ImportFormat.habitctl.importFiles([
            ImportFile(path: "c/habits", bytes: Array("1 Meditated\nweekly Cleaned\n-1 Bad\n".utf8)),
            ImportFile(path: "c/log", bytes: Array("2025-12-01\tMeditated\ty\n2025-12-01\tMeditated\n2025-12-32\tMeditated\tn\n".utf8)),
        ], source: "c", existing: Journal(), today: Self.today)
        #expect(habitctl.problems.map { "\($0.file ?? ""):\($0.line)" } == ["c/habits:2", "c/habits:3", "c/log:2", "c/log:3"])
    }

    /// harsh: an end date archives the habit the day after; a blank habitctl
    /// value ("no answer") writes nothing.
    @Test func harshEndDateAndHabitctlBlank() {
        let harsh = ImportFormat.harsh.importFiles([
            ImportFile(path: "h/habits", bytes: Array("Old habit: 1: 2025-01-02\n".utf8)),
            ImportFile(path: "h/log", bytes: Array("2025-01-01 : Old habit : y\n".utf8)),
        ], source: "h", existing: Journal(), today: Self.today)
        #expect(harsh.text.hasSuffix("2025-01-01 Old-habit yes\n2025-01-03 archive Old-habit\n"), "\(harsh.text)")
        let habitctl = ImportFormat.habitctl.importFiles([ImportFile(path: "log", bytes: Array("2025-12-01\tRead\t\n2025-12-01\tRun\ty\n".utf8))],
            source: "log",
            existing: Journal(), today: Self.today)
        #expect(habitctl.problems == [] && habitctl.entryCount == 1 && habitctl.declaredHabits == ["Run"])
    }

    @Test func summaryCountsWithPlurals() {
        let one = ImportResult(problems: [], entryCount: 1, taskCount: 0, declaredHabits: ["A"])
        #expect(one.summary(.loop) == "Imported 1 habit, 1 entry, 0 tasks from Loop")
        let many = ImportResult(problems: [], entryCount: 412, taskCount: 2, declaredHabits: ["A", "B", "C"])
        #expect(many.summary(.todotxt) == "Imported 3 habits, 412 entries, 2 tasks from todo.txt")
    }
}
