import Foundation
import Testing
@testable import UnitsCLI
import UnitsKit

@Suite struct InitCommandTests {
    @Test func createsAJournalWithStarterHabits() {
        let scratch = Scratch()
        let run = scratch.run(["init", scratch.journal, "--starter", "all", "--day-start", "04:00"], file: false)
        #expect(run.code == .ok, "\(run.err)")
        let journal = Journal.load(path: scratch.journal)
        #expect(journal.diagnostics.isEmpty, "\(journal.diagnostics)")
        #expect(journal.options.dayStartMinutes == 240)
        #expect(journal.habits.map(\.name) == ["Reading", "Gym", "Writing", "Study", "Walk", "Coding"])
        #expect(journal.habits.allSatisfy { $0.floor(on: CivilDate(iso: "2025-12-14")!) == Amount(5) })
        #expect(journal.habit(named: "Walk")?.currentUnit.sizeDescription == "0.25 miles")
        #expect(journal.habit(named: "Study")?.currentUnit.sizeDescription == "5 minutes")
        #expect(scratch.text().contains("units 1\noption week-start monday\noption day-start 04:00\n\n2025-12-14 habit Reading\n  unit:  page\n"))
    }

    @Test func bareInitHasVersionAndOptionsOnly() {
        let scratch = Scratch()
        #expect(scratch.run(["init", "--starter", "gym"], file: true).code == .ok)
        #expect(Journal.load(path: scratch.journal).habits.map(\.name) == ["Gym"])
        let other = scratch.directory + "/other.units"
        #expect(scratch.run(["init", other, "--week-start", "sun"], file: false).code == .ok)
        let journal = Journal.load(path: other)
        #expect(journal.habits.isEmpty && journal.options.weekStart == .sunday && journal.diagnostics.isEmpty)
    }

    @Test func refusesToOverwrite() {
        let scratch = Scratch("mine\n")
        let run = scratch.run(["init"])
        #expect(run.code == .failure)
        #expect(run.err.contains("already exists"))
        #expect(scratch.text() == "mine\n")
    }

    @Test(arguments: [["init", "--starter", "Knitting"], ["init", "--day-start", "25:00"], ["init", "a", "b"], ["init", "--week-start", "someday"]])
    func usageErrorsCreateNothing(arguments: [String]) {
        let scratch = Scratch()
        #expect(scratch.run(arguments).code == .usage)
        #expect(!FileManager.default.fileExists(atPath: scratch.journal))
    }

    /// With --json, the created journal's lines as every write gives them,
    /// and no welcome text around them.
    @Test func jsonGivesTheCreatedLines() throws {
        let scratch = Scratch()
        let run = scratch.run(["init", scratch.journal, "--starter", "Reading", "--json"], file: false)
        #expect(run.code == .ok, "\(run.err)")
        let object = try JSONParser.parse(run.out)
        #expect(object["schema"]?.int == 1, "\(run.out)")
        #expect(object["command"]?.string == "units init" && object["file"]?.string == scratch.journal)
        let written = object["written"]?.array?.compactMap(\.string) ?? []
        #expect(written.contains("units 1") && written.contains("2025-12-14 habit Reading"), "\(written)")
        #expect(written == scratch.text().split(separator: "\n").map(String.init).filter { !$0.isEmpty }, "\(written)")
        #expect(scratch.run(["init", "--starter", "list", "--json"]).code == .usage)
    }
}
