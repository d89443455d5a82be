import Testing
@testable import UnitsKit

/// `DATE pin "TITLE"` and `DATE unpin "TITLE"` (format.md 13): read into the
/// task, printed canonically, checked by `unknown-task` and `too-many-pins`.
@Suite struct TaskPinTests {
    static let day = CivilDate(iso: "2025-12-16")!

    @Test func aPinHoldsForItsOwnDayOnly() {
        let journal = Fixtures.journal("""
            2025-12-15 task "Call the bank"
            2025-12-15 task "Sort receipts"
            2025-12-16 pin "Sort receipts"
            2025-12-16 pin "Call the bank"
            2025-12-16 pin "Call the bank"
            2025-12-17 pin "Sort receipts"
            2025-12-17 unpin "Sort receipts"
            """)
        #expect(Fixtures.findings(journal).isEmpty)
        #expect(journal.tasks[0].isPinned(on: Self.day))
        #expect(!journal.tasks[0].isPinned(on: Self.day.adding(days: 1)))
        #expect(!journal.tasks[1].isPinned(on: Self.day.adding(days: 1)))
        // In the order they were pinned; a second pin of a day is the same pin.
        #expect(journal.pinnedTasks(on: Self.day) == [1, 0])
        #expect(journal.tasks[0].pins.count == 1)
        #expect(journal.pinnedTasks(on: Self.day.adding(days: -1)).isEmpty)
    }

    @Test func pinningAClosedOrUnknownTaskIsAnUnknownTask() {
        let journal = Fixtures.journal("""
            2025-12-15 task "Finish outline"
            2025-12-16 done "Finish outline"
            2025-12-16 pin "Finish outline"
            2025-12-16 pin "Finsh outline"
            2025-12-16 task "Tidy desk"
            2025-12-16 unpin "Tidy desk"
            """)
        #expect(Fixtures.findings(journal) == [
            "unknown-task: task \"Finish outline\" is already closed; `pin` needs an open task",
            "unknown-task: no open task \"Finsh outline\"",
            "unknown-task: task \"Tidy desk\" is not pinned on 2025-12-16; `unpin` needs a pin of that day",
        ])
    }

    @Test func aFourthPinOnADayIsFlagged() {
        let text = """
            units 1
            2025-12-15 task "A"
            2025-12-15 task "B"
            2025-12-15 task "C"
            2025-12-15 task "D"
            2025-12-16 pin "A"
            2025-12-16 pin "B"
            2025-12-16 pin "C"
            2025-12-16 pin "D"

            """
        let findings = Linter.lint(Fixtures.journal(text), configuration: LintConfiguration(today: Self.day)).filter { $0.rule == "too-many-pins" }
        #expect(findings.map(\.message) == ["4 tasks are pinned on 2025-12-16: pin at most 3 a day, unpin one"])
        // After an unpin the day holds three again.
        let unpinned = Linter.lint(Fixtures.journal(text + "2025-12-16 unpin \"B\"\n"), configuration: LintConfiguration(today: Self.day))
        #expect(!unpinned.contains { $0.rule == "too-many-pins" })
    }

    @Test func printsCanonically() {
        #expect(Formatter.formatted("2025-12-16   pin   \"Call the bank\"\n2025-12-16 unpin \"Call the bank\"  ;  later\n")
                == "2025-12-16 pin \"Call the bank\"\n2025-12-16 unpin \"Call the bank\" ;  later\n")
        #expect(CanonicalLine.pin(date: Self.day, title: "Say \"hi\"") == "2025-12-16 pin \"Say \\\"hi\\\"\"")
        #expect(CanonicalLine.unpin(date: Self.day, title: "Tidy") == "2025-12-16 unpin \"Tidy\"")
    }

    @Test func pinAndUnpinAreKeywords() {
        let tree = Parser.parse("2025-12-16 habit pin\n")
        #expect(tree.diagnostics.count == 1)
        #expect(WriteValidation.nameProblem("unpin") != nil)
    }
}
