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
