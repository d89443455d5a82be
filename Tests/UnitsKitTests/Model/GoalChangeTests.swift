import Testing
@testable import UnitsKit

/// Goals and minimums change going forward (format.md 11, the daily PRD's
/// "Editing does not alter past entries"): the PRD's own example, a goal
/// dropped from 10 to 5 with an 8 logged before it.
@Suite struct GoalChangeTests {
    static let journal = """
        units 1

        2025-12-01 habit Read-10
          kind: check
          goal: 10 pages
          min:  1 page

        2025-12-10 Read-10 8
        2025-12-15 goal Read-10 5 pages
        2025-12-15 Read-10 4
        2025-12-16 Read-10 8
        2025-12-17 min Read-10 3 pages
        2025-12-17 Read-10 2

        """

    func states(_ text: String) -> [CheckState] {
        let journal = Journal(parsing: text)
        #expect(!journal.hasErrors, "\(journal.diagnostics.map(\.message))")
        return journal.entries.map { journal.checkState(of: $0) }
    }

    @Test func aPastCheckInKeepsTheStateItHadUnderItsGoal() {
        // 8 under goal 10 stays KINDA; 4 under goal 5 with min 1 is KINDA; 8 under goal 5 is YES;
        // 2 once min is 3 is NO.
        #expect(states(Self.journal) == [.kinda, .kinda, .yes, .no])
    }

    @Test func editingTheAttributeInsteadChangesThePast() {
        let edited = Self.journal.replacingOccurrences(of: "  goal: 10 pages", with: "  goal: 5 pages")
        #expect(states(edited).first == .yes)
    }

    @Test func theChangeLineParsesFormatsAndLints() throws {
        let tree = Parser.parse(SourceFile(path: "t.units", text: "2025-12-15   goal  Read-10  05.0 pages ; halved\n2025-12-16 min Read-10 1\n"))
        #expect(tree.lines.map(\.kind) == [.goalChange, .goalChange])
        let journal = Journal(parsing: Self.journal)
        let findings = Linter.lint(journal, configuration: LintConfiguration(today: CivilDate(iso: "2025-12-31")!))
        #expect(findings.isEmpty, "\(findings.map(\.message))")
        #expect(Formatter.formatted(Self.journal) == Self.journal)
    }

    @Test(arguments: [
        ("2025-12-01 habit Walk\n2025-12-02 goal Walk 5\n", "goal-min"),                                  // a count habit
        ("2025-12-01 habit R\n  kind: check\n  goal: 10\n  min: 2\n2025-12-02 goal R 2\n", "goal-min"),   // min no longer below goal
        ("2025-12-01 habit R\n  kind: check\n  goal: 10\n2025-12-02 goal R 10\n", "redundant-change"),
        ("2025-12-01 habit R\n  kind: check\n  goal: 10\n2025-11-02 goal R 5\n", "before-declaration"),
    ])
    func badChangesAreFindings(text: String, rule: String) {
        let journal = Journal(parsing: "units 1\n" + text)
        let findings = journal.diagnostics + Linter.lint(journal, configuration: LintConfiguration(today: CivilDate(iso: "2025-12-31")!))
        #expect(findings.contains { $0.rule == rule }, "\(findings.map { "\($0.rule): \($0.message)" })")
    }

    @Test func aHabitNamedLikeTheNewKeywordsIsNoLongerAName() {
        let journal = Journal(parsing: "units 1\n2025-12-01 habit goal\n")
        #expect(journal.hasErrors)
    }
}
