import Foundation
import Testing
import UnitsKit

/// The one table-driven test of the catalogue: every rule fires on each of
/// its triggering examples and stays silent on each non-triggering one.
@Suite struct LintRuleExampleTests {
    static let today = CivilDate(year: 2025, month: 12, day: 14)!
    static var ids: [String] { Linter.catalogue.map(\.id) }

    func findings(_ example: LintExample, _ id: String) -> [Diagnostic] {
        Linter.lint(example.journal(), configuration: LintConfiguration(today: Self.today)).filter { $0.rule == id }
    }

    @Test(arguments: ids)
    func ruleFiresOnItsTriggeringExamples(_ id: String) throws {
        let rule = try #require(Linter.rule(id))
        #expect(!rule.triggering.isEmpty, "\(id) has no triggering example")
        for example in rule.triggering {
            let found = findings(example, id)
            #expect(!found.isEmpty, "\(id) did not fire on:\n\(example.text)")
            #expect(found.allSatisfy { $0.severity == rule.severity }, "\(id) reported at another severity")
        }
    }

    @Test(arguments: ids)
    func ruleIsSilentOnItsNonTriggeringExamples(_ id: String) throws {
        let rule = try #require(Linter.rule(id))
        #expect(!rule.nonTriggering.isEmpty, "\(id) has no non-triggering example")
        for example in rule.nonTriggering {
            let found = findings(example, id)
            #expect(found.isEmpty, "\(id) fired on:\n\(example.text)\n\(found.map(\.message))")
        }
    }

    @Test func idsAreUniqueAndKebabCase() {
        #expect(Set(Self.ids).count == Self.ids.count)
        for id in Self.ids { #expect(id.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x2D || ($0 >= 0x30 && $0 <= 0x39) }, "\(id)") }
    }

    @Test func everyModelRuleIdIsInTheCatalogue() {
        // The ids the parser and the builder emit (JournalBuilder.Rule).
        for id in ["syntax", "encoding", "io", "include", "undeclared-habit", "duplicate-declaration", "invalid-attribute",
                   "duplicate-attribute", "invalid-option", "format-version", "unknown-task", "unknown-group", "nested-group", "group-entry"] {
            #expect(Linter.rule(id) != nil, "\(id)")
        }
    }

    @Test func journalCanSilenceWarningsButNotErrors() {
        let text = """
            option lint-disable large-entry task-estimate
            2025-09-01 habit Walk
            2025-09-01 Walk 1200
            2025-09-01 task "Big" 9
            ; units-lint: disable-next-line date-order
            2025-08-30 Walk 1
            2025-08-29 Walk 1

            """
        let rules = Linter.lint(Journal(parsing: text), configuration: LintConfiguration(today: Self.today)).map(\.rule)
        #expect(!rules.contains("large-entry"))
        #expect(rules.contains("task-estimate"))
        #expect(rules.filter { $0 == "date-order" }.count == 1)
        #expect(rules.contains("lint-disable"))   // task-estimate is an error rule
    }

    @Test func includeCycleIsReported() {
        let example = LintExample("include a.units\n", files: ["a.units": "include b.units\n", "b.units": "include a.units\n"])
        #expect(findings(example, "include").contains { $0.message.contains("cycle") })
    }

    @Test func selectAndIgnore() {
        let journal = Journal(parsing: "2025-09-01 habit Walk\n2025-09-01 Walk 1200\n2026-01-01 Walk 1\n")
        let only = Linter.lint(journal, configuration: LintConfiguration(today: Self.today, select: ["large-entry"]))
        #expect(only.map(\.rule) == ["large-entry"])
        let ignored = Linter.lint(journal, configuration: LintConfiguration(today: Self.today, ignore: ["large-entry", "missing-version"]))
        #expect(ignored.map(\.rule) == ["future-date"])
    }

    /// Grammar/lint-rules.md carries the generated catalogue table between
    /// markers; re-record with UNITS_RECORD=1.
    @Test func catalogueDocumentIsUpToDate() throws {
        let path = TestFiles.packageRoot(#filePath) + "/Grammar/lint-rules.md"
        let text = String(decoding: try TestFiles.read(path), as: UTF8.self)
        let begin = "<!-- BEGIN GENERATED RULE TABLE -->\n", end = "<!-- END GENERATED RULE TABLE -->"
        let start = try #require(text.range(of: begin)), stop = try #require(text.range(of: end))
        let current = String(text[start.upperBound..<stop.lowerBound])
        let expected = Linter.catalogueTable()
        if TestFiles.recording, current != expected {
            try TestFiles.write(path, Array((String(text[..<start.upperBound]) + expected + String(text[stop.lowerBound...])).utf8))
        }
        #expect(current == expected, "Grammar/lint-rules.md is out of date: run UNITS_RECORD=1 swift test --filter catalogueDocument")
    }
}
