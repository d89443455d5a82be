import Foundation
import Testing
@testable import UnitsCLI
import UnitsKit

@Suite struct RenameCommandTests {
    static let main = """
        units 1
        include "2024.units"
        2025-01-01 Reading 3 #Reading ; Reading is fun
        2025-01-02 task "Reading list" 2 Reading
        2025-01-03 season Reading 2025-01-31
        2025-01-04 floor Reading 9
        2025-01-05 pause Reading 2025-01-06

        """
    static let included = """
        2024-01-01 group Books
        2024-01-01 habit Reading
          group: Books
          note: "Reading, not scrolling"
        2024-01-02 Reading 1

        """

    @Test func dryRunShowsADiffAndWritesNothing() {
        let scratch = Scratch(Self.main)
        scratch.write(Self.included, to: "2024.units")
        let run = scratch.run(["rename", "Reading", "Read", "--dry-run"])
        #expect(run.code == .ok, "\(run.err)")
        #expect(run.out.contains("""
            -2024-01-01 habit Reading
            +2024-01-01 habit Read
            """))
        #expect(run.out.contains("-2025-01-01 Reading 3 #Reading ; Reading is fun\n"))
        #expect(run.out.contains("+2025-01-01 Read 3 #Reading ; Reading is fun\n"))
        #expect(run.out.contains("@@ -1,7 +1,7 @@"))
        #expect(run.out.hasSuffix("Would rename Reading to Read: 6 references in 2 files. Nothing was written (--dry-run).\n"))
        #expect(scratch.text() == Self.main)
        #expect(scratch.text("2024.units") == Self.included)
    }

    @Test func renamesEveryReferenceAndNothingElse() {
        let scratch = Scratch(Self.main)
        scratch.write(Self.included, to: "2024.units")
        try? FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: scratch.journal)
        let run = scratch.run(["rename", "Reading", "Read"])
        #expect(run.code == .ok, "\(run.err)")
        #expect(scratch.text() == """
            units 1
            include "2024.units"
            2025-01-01 Read 3 #Reading ; Reading is fun
            2025-01-02 task "Reading list" 2 Read
            2025-01-03 season Reading 2025-01-31
            2025-01-04 floor Read 9
            2025-01-05 pause Read 2025-01-06

            """)
        #expect(scratch.text("2024.units") == Self.included.replacingOccurrences(of: "habit Reading", with: "habit Read")
            .replacingOccurrences(of: "02 Reading 1", with: "02 Read 1"))
        #expect(((try? SystemFile.status(atPath: scratch.journal))?.st_mode ?? 0) & 0o777 == 0o640)
        // Groups rename too, including `group:` attributes.
        #expect(scratch.run(["rename", "Books", "Library"]).code == .ok)
        #expect(scratch.text("2024.units").contains("  group: Library\n"))
        #expect(!Journal.load(path: scratch.journal).hasErrors)
        // No temporary files left behind.
        let leftovers = try? FileManager.default.contentsOfDirectory(atPath: scratch.directory).filter { $0.contains(".tmp-") }
        #expect(leftovers == [])
    }

    @Test(arguments: [
        (["rename", "Reading", "Books"], 1, "'Books' already exists"),
        (["rename", "Reading", "General"], 1, "'General' already exists"),
        (["rename", "Readin", "Read"], 1, "did you mean 'Reading'?"),
        (["rename", "General", "Misc"], 1, "built in"),
        (["rename", "Reading", "habit"], 2, "keyword"),
        (["rename", "Reading"], 2, "expected OLD NEW"),
    ])
    func refusals(arguments: [String], code: Int32, message: String) {
        let scratch = Scratch(Self.main)
        scratch.write(Self.included, to: "2024.units")
        let run = scratch.run(arguments)
        #expect(run.code.rawValue == code, "\(run.err)")
        #expect(run.err.contains(message), "\(run.err)")
        #expect(scratch.text() == Self.main)
        #expect(scratch.text("2024.units") == Self.included)
    }

    @Test func aJournalThatDoesNotParseIsNeverRewritten() {
        let broken = Self.main + "2025-02-30 Reading 1\n"
        let scratch = Scratch(broken)
        scratch.write(Self.included, to: "2024.units")
        let run = scratch.run(["rename", "Reading", "Read"])
        #expect(run.code == .failure)
        #expect(run.err.contains("day 30 does not exist"))
        #expect(scratch.text() == broken)
    }

    @Test func writesThroughASymlink() throws {
        let scratch = Scratch()
        scratch.write(Self.included, to: "real.units")
        try? FileManager.default.createSymbolicLink(atPath: scratch.journal, withDestinationPath: scratch.directory + "/real.units")
        #expect(scratch.run(["rename", "Reading", "Read"]).code == .ok)
        #expect(try SystemFile.linkStatus(atPath: scratch.journal).st_mode & S_IFMT == S_IFLNK)
        #expect(scratch.text("real.units").contains("habit Read\n"))
    }

    /// With --dry-run --json, the totals are of the journal as the rename
    /// would leave it: the renamed habit is found by its new name.
    @Test func dryRunJSONGivesTheTotalsAfterTheRename() {
        let scratch = Scratch(Self.main)
        scratch.write(Self.included, to: "2024.units")
        func totals(_ arguments: [String]) -> String {
            let run = scratch.run(["rename", "Reading", "Read", "--json"] + arguments)
            return run.out.range(of: "\"totals\"").map { String(run.out[$0.lowerBound...]) } ?? run.out
        }
        let dry = totals(["--dry-run"])
        #expect(dry.contains("\"name\": \"Read\""), "\(dry)")
        #expect(dry == totals([]))
    }
}
