import Foundation
import Testing
import UnitsKit
import UnitsTestSupport

/// `units export --csv` as a user runs it: the built executable writing
/// to a pipe. The journal is large enough to be mapped (64 KiB and more)
/// and its CSV spans many of the writer's chunks, which go to standard
/// output straight from the writer's buffer (`CommandIO.out(buffer:)`).
/// The bytes must be the field-by-field reference's, with and without the
/// formula guard.
@Suite struct ExportProcessTests {
    @Test("the executable's CSV is the reference's, chunk after chunk")
    func executableMatchesReference() throws {
        let directory = FmtLintScratch.directory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/habits.units"
        let generated = JournalGenerator(seed: 1524, entries: 30_000).generate()
        try FmtLintScratch.write(path, generated.text)
        let journal = Journal.load(path: path)
        #expect(!journal.hasErrors)
        let noted = journal.entries.filter { journal.note(of: $0) != nil || !journal.tags(of: $0).isEmpty }.count
        #expect(noted > 100, "the journal has tags and notes to export")
        for guarded in [true, false] {
            let arguments = ["export", "--csv", "--file", path] + (guarded ? [] : ["--no-formula-guard"])
            let output = try ProcessTests.run(arguments, directory: directory, environment: [:])
            #expect(output.status == 0, "\(output.err)")
            let reference = ExportCSVOracle(journal).csv(guardFormulas: guarded)
            #expect(output.out.utf8.count > 4 << 18, "more than four chunks")
            #expect(output.out == reference, "guard \(guarded)")
        }
    }
}
