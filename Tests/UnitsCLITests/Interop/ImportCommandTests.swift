import Foundation
import Testing
@testable import UnitsCLI
import UnitsKit

@Suite struct ImportCommandTests {
    static let inputs = CLIFixtures.root + "/Tests/UnitsKitTests/Interop/Inputs"

    @Test func createsTheJournalAndAppendsOnTheSecondRun() throws {
        let dir = try CLIFixtures.temporaryDirectory()
        let journal = dir + "/habits.units"
        var (code, _, err) = CLIFixtures.units(["import", "--from", "harsh", "--file", journal, Self.inputs + "/harsh.log"])
        #expect(code == .ok, "\(err)")
        (code, _, err) = CLIFixtures.units(["import", "--from", "todotxt", "--file", journal, "--today", "2025-12-14", Self.inputs + "/todo.txt"])
        #expect(code == .ok, "\(err)")
        let text = try String(contentsOfFile: journal, encoding: .utf8)
        #expect(text.hasPrefix("units 1\n; imported from"))
        let loaded = Journal.load(path: journal)
        #expect(!loaded.hasErrors)
        #expect(loaded.entries.count == 10 + 3)   // harsh lines and three done tasks
        #expect(loaded.tasks.count == 5)
    }

    @Test func unmappableLinesStopTheImportUnlessPartial() throws {
        let dir = try CLIFixtures.temporaryDirectory()
        let input = dir + "/log"
        try "2025-12-01 : Meditate : y\n2025-12-02 : Meditate : maybe\n".write(toFile: input, atomically: true, encoding: .utf8)
        let journal = dir + "/habits.units"
        var (code, _, err) = CLIFixtures.units(["import", "--from", "harsh", "--file", journal, input])
        #expect(code == .failure)
        #expect(err.contains("\(input):2: cannot import: expected y, n or s"))
        #expect(!FileManager.default.fileExists(atPath: journal))
        (code, _, err) = CLIFixtures.units(["import", "--from", "harsh", "--partial", "--file", journal, input])
        #expect(code == .ok)
        #expect(try String(contentsOfFile: journal, encoding: .utf8).contains("2025-12-01 Meditate yes\n"))
    }

    @Test func dryRunPrintsAndWritesNothing() throws {
        let dir = try CLIFixtures.temporaryDirectory()
        let journal = dir + "/habits.units"
        let (code, out, _) = CLIFixtures.units(["import", "--from", "habitctl", "--dry-run", "--file", journal, Self.inputs + "/habitctl.log"])
        #expect(code == .ok)
        #expect(out.contains("2025-12-01 habit No-sugar\n"))
        #expect(!FileManager.default.fileExists(atPath: journal))
    }

    @Test func aJournalWithErrorsIsNotTouched() throws {
        let dir = try CLIFixtures.temporaryDirectory()
        let journal = dir + "/habits.units"
        let broken = "units 1\n2025-12-01 Nobody 3\n"
        try broken.write(toFile: journal, atomically: true, encoding: .utf8)
        let (code, _, err) = CLIFixtures.units(["import", "--from", "harsh", "--file", journal, Self.inputs + "/harsh.log"])
        #expect(code == .failure)
        #expect(err.contains("has errors"))
        #expect(try String(contentsOfFile: journal, encoding: .utf8) == broken)
    }

    @Test func unknownFormatIsAUsageErrorWithASuggestion() {
        let (code, _, err) = CLIFixtures.units(["import", "--from", "harh", "x"])
        #expect(code == .usage)
        #expect(err.contains("did you mean 'harsh'?"))
    }

    @Test func exportRefusesBothFormats() {
        let (code, _, _) = CLIFixtures.units(["export", "--csv", "--json", "--file", CLIFixtures.root + "/Examples/minimal.units"])
        #expect(code == .usage)
    }
}

/// Every source: the journal after import is canonical and lint-clean
/// (strict), a second import of the same file changes no byte, and a
/// broken file writes nothing and names every bad line.
@Suite struct ImportIdempotenceTests {
    static let inputs = CLIFixtures.root + "/Tests/UnitsKitTests/Interop/Inputs"

    @Test(arguments: [
        ("loop", "loop-current/Checkmarks.csv"), ("loop", "loop-current/002 Read/Checkmarks.csv"),
        ("loop", "loop/Checkmarks.csv"), ("harsh", "harsh.log"), ("harsh", "harsh/test_log"), ("habitctl", "habitctl.log"),
        ("timedot", "work.timedot"), ("todotxt", "todo.txt"),
        ("loop", "loop-export"), ("loop", "loop-numerical"), ("harsh", "harsh-config"), ("habitctl", "habitctl"),
    ])
    func secondImportChangesNothing(format: String, input: String) throws {
        let journal = try CLIFixtures.temporaryDirectory() + "/habits.units"
        let args = ["import", "--from", format, "--file", journal, "--today", "2025-12-14", Self.inputs + "/" + input]
        var (code, _, err) = CLIFixtures.units(args)
        #expect(code == .ok, "\(err)")
        let first = try String(contentsOfFile: journal, encoding: .utf8)
        #expect(runTool(FormatCommand.self, ["--check", journal]).code == .ok)
        let lint = runTool(LintCommand.self, ["--strict", journal])
        #expect(lint.code == .ok, "\(lint.out)\(lint.err)")
        (code, _, err) = CLIFixtures.units(args)
        #expect(code == .ok, "\(err)")
        #expect(err.contains("nothing to import") && err.contains("already in"), "\(err)")
        #expect(try String(contentsOfFile: journal, encoding: .utf8) == first)
    }

    /// What `units import` says: exact counts, plurals, the tracker's name.
    @Test func printsWhatItImported() throws {
        let journal = try CLIFixtures.temporaryDirectory() + "/habits.units"
        var (code, _, err) = CLIFixtures.units(["import", "--from", "loop", "--file", journal, "--today", "2025-12-14", Self.inputs + "/loop-export"])
        #expect(code == .ok)
        #expect(err == "Imported 2 habits, 7 entries, 0 tasks from Loop into \(journal)\n")
        (code, _, err) = CLIFixtures.units(["import", "--from", "todotxt", "--file", journal, "--today", "2025-12-14", Self.inputs + "/todo.txt"])
        #expect(code == .ok)
        #expect(err.hasPrefix("Imported 0 habits, 0 entries, 5 tasks from todo.txt into "), "\(err)")
        (code, _, err) = CLIFixtures.units(["import", "--from", "habitctl", "--file", journal, Self.inputs + "/habitctl"])
        #expect(code == .ok)
        #expect(err.hasPrefix("Imported 4 habits, 10 entries, 0 tasks from habitctl"), "\(err)")
    }

    /// A folder's bad lines are named by file and line; nothing is written.
    @Test func brokenFolderNamesFileAndLine() throws {
        let dir = try CLIFixtures.temporaryDirectory()
        try FileManager.default.createDirectory(atPath: dir + "/harsh", withIntermediateDirectories: true)
        try "Gym: 3/7\nRun: often\n".write(toFile: dir + "/harsh/habits", atomically: true, encoding: .utf8)
        try "2025-01-01 : Gym : y\n2025-01-02 : Gym : q\n".write(toFile: dir + "/harsh/log", atomically: true, encoding: .utf8)
        let journal = dir + "/habits.units"
        let (code, _, err) = CLIFixtures.units(["import", "--from", "harsh", "--file", journal, dir + "/harsh"])
        #expect(code == .failure)
        #expect(err.contains("\(dir)/harsh/habits:2: cannot import: expected a frequency"), "\(err)")
        #expect(err.contains("\(dir)/harsh/log:2: cannot import: expected y, n or s"), "\(err)")
        #expect(!FileManager.default.fileExists(atPath: journal))
        let timedot = CLIFixtures.units(["import", "--from", "timedot", "--file", journal, dir])
        #expect(timedot.0 == .usage && timedot.2.contains("reads one file"))
    }

    @Test func aLaterExportAddsOnlyWhatIsNew() throws {
        let dir = try CLIFixtures.temporaryDirectory()
        let journal = dir + "/habits.units", log = dir + "/log"
        try "2025-12-01 : Meditate : y :  : 0\n".write(toFile: log, atomically: true, encoding: .utf8)
        #expect(CLIFixtures.units(["import", "--from", "harsh", "--file", journal, log]).0 == .ok)
        try "2025-12-01 : Meditate : y :  : 0\n2025-12-02 : Meditate : n :  : 0\n".write(toFile: log, atomically: true, encoding: .utf8)
        #expect(CLIFixtures.units(["import", "--from", "harsh", "--file", journal, log]).0 == .ok)
        let text = try String(contentsOfFile: journal, encoding: .utf8)
        #expect(text.components(separatedBy: "2025-12-01 Meditate yes\n").count == 2)
        #expect(text.contains("2025-12-02 Meditate no\n"))
    }

    @Test(arguments: [
        ("loop", "Date,Meditate,\n2025-12-02,YES_MANUAL,\n2025-12-01,MAYBE,\nyesterday,NO,\n", [3, 4]),
        ("harsh", "2025-12-01 : A : y :  : 0\n2025-12-02 : A : maybe\n2025-13-01 : A : y\n", [2, 3]),
        ("habitctl", "2025-12-01\tA\ty\n2025-12-02\tA\tq\nbad\n", [2, 3]),
        ("timedot", "2023-01-01\na  ..\n2023-02-29\nb  ....\nc  3x\n", [3]),
        ("todotxt", "(A) \nx 2025-12-01 2025-12-05 Backwards\nok task\n", [1, 2]),
        ("units", "date,habit,value,state\n2025-12-01,Read,x,\n", [2]),
    ])
    func brokenFileWritesNothingAndNamesEveryBadLine(format: String, text: String, lines: [Int]) throws {
        let dir = try CLIFixtures.temporaryDirectory()
        let input = dir + "/input", journal = dir + "/habits.units"
        try text.write(toFile: input, atomically: true, encoding: .utf8)
        let (code, _, err) = CLIFixtures.units(["import", "--from", format, "--file", journal, "--today", "2025-12-14", input])
        #expect(code == .failure)
        for line in lines { #expect(err.contains("\(input):\(line): cannot import"), "\(err)") }
        #expect(!FileManager.default.fileExists(atPath: journal))
    }

    /// With --json, the imported lines as every write gives them (with
    /// --dry-run those it would write); nothing new to import is an empty list.
    @Test func jsonGivesTheImportedLines() throws {
        let dir = try CLIFixtures.temporaryDirectory()
        let journal = dir + "/habits.units", input = dir + "/log"
        try "2025-12-01 : Meditate : y\n".write(toFile: input, atomically: true, encoding: .utf8)
        for dry in [true, false] {
            let (code, out, err) = CLIFixtures.units(["import", "--from", "harsh", "--json", "--file", journal, input] + (dry ? ["--dry-run"] : []))
            #expect(code == .ok, "\(err)")
            let object = try JSONParser.parse(out)
            #expect(object["schema"]?.int == 1, "\(out)")
            #expect(object["command"]?.string == "units import" && object["file"]?.string == journal)
            let written = object["written"]?.array?.compactMap(\.string) ?? []
            #expect(written.contains("2025-12-01 Meditate yes"), "\(out)")
            #expect(FileManager.default.fileExists(atPath: journal) == !dry)
        }
        let (code, out, _) = CLIFixtures.units(["import", "--from", "harsh", "--json", "--file", journal, input])
        #expect(code == .ok && out.contains("\"written\": []"), "\(out)")
    }

    /// With --dry-run --json, the totals are of the journal as the import
    /// would leave it: what the import itself then prints.
    @Test func dryRunJSONGivesTheTotalsAfterTheImport() throws {
        let dir = try CLIFixtures.temporaryDirectory()
        let journal = dir + "/habits.units", input = dir + "/log"
        try "2025-12-01 : Meditate : y\n2025-12-02 : Meditate : y\n".write(toFile: input, atomically: true, encoding: .utf8)
        func totals(_ dry: Bool) -> String {
            let (_, out, _) = CLIFixtures.units(["import", "--from", "harsh", "--json", "--file", journal, input] + (dry ? ["--dry-run"] : []))
            return out.range(of: "\"totals\"").map { String(out[$0.lowerBound...]) } ?? out
        }
        let dry = totals(true)
        #expect(dry.contains("\"entries\": 2"), "\(dry)")
        #expect(dry == totals(false))
    }
}
