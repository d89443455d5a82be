import Foundation
import Testing
@testable import UnitsCLI
import UnitsKit

/// The templates: every family makes a journal that is canonical and
/// lint-clean (--strict), and `--starter list` shows them all.
@Suite struct StarterTests {
    @Test(arguments: ["all", "units", "picks", "presets", "Pages", "no-scrolling"])
    func everyFamilyIsCanonicalAndLintClean(starter: String) {
        let scratch = Scratch()
        let run = scratch.run(["init", scratch.journal, "--starter", starter, "--today", "2025-12-10"], file: false)
        #expect(run.code == .ok, "\(run.err)")
        #expect(runTool(FormatCommand.self, ["--check", scratch.journal]).code == .ok, "\(scratch.text())")
        let lint = runTool(LintCommand.self, ["--strict", "--today", "2025-12-14", scratch.journal])
        #expect(lint.code == .ok, "\(lint.out)\(lint.err)")
        let journal = Journal.load(path: scratch.journal)
        let expected = JournalTemplate.pick(starter)!.map(\.name)
        #expect(journal.habits.map(\.name) == expected)
    }

    @Test func theDocumentsTemplatesAreThere() throws {
        let scratch = Scratch()
        let list = scratch.run(["init", "--starter", "list"], file: false)
        #expect(list.code == .ok)
        for name in ["Reading", "Gym", "Writing", "Study", "Walk", "Coding", "Read", "Exercise", "Meditate", "Journal",
                     "No-scrolling", "Drink-water", "Cook", "Call-family", "Pages", "Movement", "Sleep", "Deep-work"] {
            #expect(list.out.contains("\n  \(name) "), "\(name) missing from:\n\(list.out)")
        }
        #expect(list.out.contains("Pages      title Read 10 pages, kind check, goal 10 pages, min 1 page"))
        #expect(list.out.contains("Study    unit block, size 5 minutes, floor 5/week"))
        #expect(!FileManager.default.fileExists(atPath: scratch.journal), "--starter list creates nothing")
        // A preset judges numbers: the PRD's "Reading: goal 10 pages, min 1 page".
        #expect(scratch.run(["init", scratch.journal, "--starter", "presets", "--today", "2025-12-10"], file: false).code == .ok)
        #expect(scratch.run(["log", "Pages", "4"]).code == .ok)
        let journal = Journal.load(path: scratch.journal)
        let entry = try #require(journal.entries.last)
        #expect(journal.checkState(of: entry) == .kinda)
        let picks = JournalTemplate.templates.filter { $0.family == .picks }
        #expect(picks.map { $0.value("title") ?? $0.name } == ["Read", "Exercise", "Meditate", "Journal", "No scrolling", "Drink water", "Cook a meal", "Call family"])
    }

    /// All families together: names and titles do not clash.
    @Test func everyTemplateTogetherIsLintClean() {
        let scratch = Scratch()
        let run = scratch.run(["init", scratch.journal, "--starter", "units", "--starter", "picks", "--starter", "presets", "--today", "2025-12-10"], file: false)
        #expect(run.code == .ok, "\(run.err)")
        let lint = runTool(LintCommand.self, ["--strict", "--today", "2025-12-14", scratch.journal])
        #expect(lint.code == .ok, "\(lint.out)\(lint.err)")
        #expect(Journal.load(path: scratch.journal).habits.count == JournalTemplate.templates.count)
    }

    @Test func unknownStartersAreUsageErrors() {
        let scratch = Scratch()
        let run = scratch.run(["init", scratch.journal, "--starter", "Meditat"], file: false)
        #expect(run.code == .usage)
        #expect(run.err.contains("did you mean 'Meditate'?"))
        #expect(!FileManager.default.fileExists(atPath: scratch.journal))
    }
}
