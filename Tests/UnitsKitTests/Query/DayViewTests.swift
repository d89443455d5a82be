import Testing
@testable import UnitsKit

/// The day view and groups-as-options rules of the product documents,
/// on the documents' own examples: Exercise with Gym, Swim and
/// Run; a Bills must-do once a month; a journal with every habit archived;
/// a day with everything done.
@Suite struct DayViewTests {
    static let groups = """
        units 1
        2025-12-01 group Exercise
          priority: must
        2025-12-01 habit Gym
          kind:  check
          group: Exercise
        2025-12-01 habit Swim
          kind:  check
          group: Exercise
        2025-12-01 habit Run
          kind:  check
          group: Exercise
        2025-12-01 habit Bills
          kind:     check
          priority: must
          every:    1/month
        2025-12-01 Bills yes
        2025-12-01 Gym   yes
        2025-12-02 Gym   yes
        2025-12-03 Swim  yes
        2025-12-04 Gym   yes
        2025-12-05 Run   yes

        """

    func report(_ text: String, today: String) -> TodayReport {
        let journal = Journal(parsing: text)
        #expect(!journal.hasErrors, "\(journal.diagnostics.map(\.message))")
        return TodayReport(ReportContext(journal: journal, today: CivilDate(iso: today)!))
    }

    @Test func anUnsatisfiedGroupListsItsOptions() {
        let today = report(Self.groups, today: "2025-12-06")
        let exercise = today.checks.first { $0.habit.name == "Exercise" }!
        #expect(!exercise.isCompleted)
        #expect(exercise.options.map(\.name) == ["Gym", "Swim", "Run"])
        let text = ReportOutput.collect { sink in today.text(to: sink) }
        #expect(text.contains("○ Exercise  3 options\n      Gym · Swim · Run\n"))
        // The options never stand alone as duties.
        #expect(!today.checks.contains { $0.habit.name == "Gym" })
    }

    @Test func aSatisfiedGroupCollapsesToTheChosenOption() {
        let today = report(Self.groups + "2025-12-06 Swim yes\n", today: "2025-12-06")
        let text = ReportOutput.collect { sink in today.text(to: sink) }
        #expect(text.contains("✓ Exercise — Swim  done"))
        #expect(!text.contains("options"))
    }

    @Test func aMonthlyMustDoAlreadyMetSaysSo() {
        let today = report(Self.groups, today: "2025-12-06")
        let bills = today.checks.first { $0.habit.name == "Bills" }!
        #expect(bills.quotaMet == "month" && bills.isCompleted && !bills.isDone)
        #expect(ReportOutput.collect { sink in today.text(to: sink) }.contains("✓ Bills     done this month"))
        #expect(ReportOutput.collect { sink in today.json(to: sink) }.filter { !$0.isWhitespace }.contains("\"quotaMet\":\"month\",\"completed\":true"))
        #expect(today.mustDos.done == 1 && today.mustDos.due == 2)
        #expect(ReportOutput.collect { sink in today.text(to: sink) }.contains("1 of 2 completed · 1 thing left today"))
    }

    @Test func optionsAreCountedNeverMissed() {
        let journal = Journal(parsing: Self.groups)
        let context = ReportContext(journal: journal, today: CivilDate(iso: "2025-12-06")!)
        let insights = InsightsReport(context)
        #expect(insights.habits.map(\.habit.name) == ["Exercise"])
        #expect(insights.options.map { "\($0.habit.name) \($0.doneDays)" } == ["Gym 3", "Swim 1", "Run 1"])
        #expect(ReportOutput.collect { sink in insights.text(today: context.today, to: sink) }.contains("Gym 3 days (Exercise), Swim 1 day (Exercise), Run 1 day (Exercise)"))
        let streaks = StreaksReport(context)
        #expect(streaks.habits.map(\.habit.name) == ["Exercise", "Bills"])
        let matrix = HistoryMatrix(journal: journal, today: context.today, days: 6)
        let gym = Array(matrix.cells[matrix.names.firstIndex(of: "Gym")!])
        // Most recent first: Dec 6 (nothing), 5 (Run did it), 4 (Gym), 3, 2, 1.
        #expect(gym == [.none, .none, .done, .none, .done, .done])
    }

    @Test func aMemberWithItsOwnScheduleIsAlsoADuty() {
        let text = Self.groups.replacingOccurrences(of: "  group: Exercise\n2025-12-01 habit Run", with: "  group: Exercise\n  every: 1/week\n2025-12-01 habit Run")
        let today = report(text, today: "2025-12-06")
        #expect(today.checks.contains { $0.habit.name == "Swim" })
        let exercise = today.checks.first { $0.habit.name == "Exercise" }!
        #expect(exercise.options.map(\.name) == ["Gym", "Run"])
    }

    @Test func everythingDoneIsACalmLine() {
        let today = report(Self.groups + "2025-12-06 Gym yes\n", today: "2025-12-06")
        #expect(today.completion == (2, 2) && today.thingsLeft == 0)
        #expect(ReportOutput.collect { sink in today.text(to: sink) }.contains("✓ All habits completed for today. Well done. See you tomorrow.\n"))
        #expect(ReportOutput.collect { sink in today.text(to: sink) }.contains("★ Must do  Good day! All must-dos done"))
    }

    @Test func everyHabitArchivedSaysThereAreNone() {
        let text = """
            units 1
            2025-12-01 habit Floss
              kind: check
            2025-12-02 Floss yes
            2025-12-03 archive Floss

            """
        let today = report(text, today: "2025-12-06")
        #expect(!today.hasActiveHabits)
        #expect(ReportOutput.collect { sink in today.text(to: sink) }.contains("\nYou have no active habits.\n"))
    }

    @Test func tasksDoneTodayAreListedAndTheHintOnlyShowsWithoutTasks() {
        let text = """
            units 1
            2025-12-01 habit Floss
              kind: check
            2025-12-06 task "Call mom"
            2025-12-06 task "Buy butter"
            2025-12-06 done "Call mom"

            """
        let out = ReportOutput.collect { sink in report(text, today: "2025-12-06").text(to: sink) }
        #expect(out.contains("◇ Today only  1\n  ○ Buy butter"))
        #expect(out.contains("  Completed (1)\n  ✓ Call mom\n"))
        #expect(!out.contains("Tasks are optional"))
        #expect(ReportOutput.collect { sink in report("units 1\n2025-12-01 habit Floss\n  kind: check\n", today: "2025-12-06").text(to: sink) }.contains("Tasks are optional. Keep it light."))
    }

    @Test func aReminderTaskLogsNothingAndNeverReachesTheStats() {
        let text = """
            units 1
            2025-12-01 habit Reading
            2025-12-06 Reading 2
            2025-12-06 task "Buy butter" 0
            2025-12-06 done "Buy butter"
            2025-12-06 task "Tidy desk"
            2025-12-06 done "Tidy desk"

            """
        let journal = Journal(parsing: text)
        #expect(!journal.hasErrors && Linter.lint(journal, configuration: LintConfiguration(today: CivilDate(iso: "2025-12-06")!)).isEmpty)
        // Only Reading's 2 and the ordinary task's 1 unit to General.
        #expect(journal.entries.count == 2)
        let stats = StatsReport(ReportContext(journal: journal, today: CivilDate(iso: "2025-12-06")!))
        #expect(stats.weekUnits == 3)
        #expect(ReportOutput.collect { sink in report(text, today: "2025-12-06").text(to: sink) }.contains("  Completed (2)\n  ✓ Buy butter\n  ✓ Tidy desk\n"))
    }

    @Test func statusCountsAnswersAndDrawsTheWeek() {
        let text = """
            units 1
            2025-12-01 habit Floss
              kind: check
            2025-12-01 habit Stretch
              kind: check
            2025-12-01 Floss yes
            2025-12-01 Stretch yes
            2025-12-02 Floss yes
            2025-12-02 Stretch no
            2025-12-03 Floss no
            2025-12-03 Stretch no
            2025-12-05 Floss kinda
            2025-12-05 Stretch skip
            2025-12-07 Floss yes

            """
        let journal = Journal(parsing: text)
        let status = StatusReport(ReportContext(journal: journal, today: CivilDate(iso: "2025-12-07")!))
        #expect(status.answers == (1, 0, 0))
        // Dec 1 all, 2 some, 3 none, 4 none (nothing logged is a miss once the day is over),
        // 5 all (KINDA counts, the skip is not expected), 6 none, today all: Floss done, and
        // Stretch not answered yet is not expected today (definitions.md D8, D18).
        #expect(status.strip.map(\.mark.glyph).joined() == "●◐○○●○●")
        // Check habits only: the line leads with the habits done today, not "0u" (D18).
        #expect(status.line(strip: true) == "1/2 habits today · yes 1 kinda 0 no 0 · ●◐○○●○●")
        let fresh = StatusReport(ReportContext(journal: Journal(parsing: "units 1\n2025-12-07 habit Floss\n  kind: check\n"), today: CivilDate(iso: "2025-12-07")!))
        #expect(fresh.strip.map(\.mark.glyph).joined() == "······◌")
    }

    @Test func theReceiptSaysHowCheckHabitsShowedUp() {
        let text = """
            units 1
            2025-12-01 habit Meditate
              kind: check
            2025-12-01 habit Guitar
              kind: check
              every: 3/week
            2025-12-01 Meditate yes
            2025-12-02 Meditate kinda
            2025-12-03 Meditate no
            2025-12-03 Guitar yes
            2025-12-04 Meditate yes
            2025-12-06 Guitar yes

            """
        let receipt = ReceiptReport(ReportContext(journal: Journal(parsing: text), today: CivilDate(iso: "2025-12-10")!))
        #expect(receipt.checks.map(\.sentence) == ["Meditate: showed up 3 of 7 days.", "Guitar: showed up 2 days (3/week)."])
    }

    @Test func theHeatmapDrawsAnUnloggedTodayAsAwaitedNotAsNo() {
        let text = "units 1\n2025-12-01 habit Floss\n  kind: check\n2025-12-01 Floss yes\n2025-12-02 Floss no\n"
        let journal = Journal(parsing: text)
        let today = CivilDate(iso: "2025-12-03")!
        let map = Heatmap(journal: journal, habit: journal.habits.first { $0.name == "Floss" }, days: DayRange(first: today.adding(days: -6), last: today), today: today)
        let k = map.days.first.days(to: today)
        #expect(map.levels[k] == nil && map.levels[k - 1] == 0 && map.levels[k - 2] == 4)
        let picture = ReportOutput.collect { sink in map.render(width: 80, style: TerminalStyle(color: false), to: sink) }
        #expect(picture.contains("◌") && picture.contains("◌ today, not yet"))
    }

    @Test func theStreakShowsOnlyWhenAskedFor() {
        let journal = Journal(parsing: Self.groups + "2025-12-06 Gym yes\n")
        let context = ReportContext(journal: journal, today: CivilDate(iso: "2025-12-06")!)
        let today = TodayReport(context)
        #expect(!ReportOutput.collect { sink in today.text(to: sink) }.contains("Streak"))
        // Dec 1-6: Exercise every day and Bills met for the month: six good days.
        #expect(ReportOutput.collect { sink in today.text(streak: StreaksReport(context), to: sink) }.contains("Streak: 6 good days — keep it going!\n"))
    }

    @Test func historyJudgesQuotasPerWeekAndShowsUnitsAndTallies() {
        let text = """
            units 1
            option week-start monday
            2025-12-01 habit Guitar
              kind:  check
              every: 3/week
            2025-12-01 habit Walk
            2025-12-01 Guitar yes
            2025-12-03 Guitar kinda
            2025-12-02 Walk 4
            2025-12-09 Guitar yes
            2025-12-09 Walk 12

            """
        let journal = Journal(parsing: text)
        #expect(!journal.hasErrors)
        // Wednesday Dec 10: the week of Dec 1-7 ended one short; this week is not over.
        let matrix = HistoryMatrix(journal: journal, today: CivilDate(iso: "2025-12-10")!, days: 10)
        let guitar = matrix.cells[0].map(\.rawValue)
        // Most recent first: Dec 10, 9, 8, 7 ... 1.
        #expect(guitar == ["not-expected", "done", "not-expected", "missed", "not-expected", "not-expected", "not-expected",
                           "kinda", "not-expected", "done"])
        #expect(matrix.cells[1].allSatisfy { $0 == .counted })
        #expect(matrix.units(1, 1) == 12 && matrix.units(1, 8) == 4)
        #expect(matrix.tallies[3] == Expectation.Tally(done: 0, expected: 1))
        let picture = ReportOutput.collect { sink in matrix.render(width: 80, style: TerminalStyle(color: false), to: sink) }
        let lines = picture.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[0] == "       Dec")
        #expect(lines[1].hasPrefix("       We Tu Mo Su"))
        #expect(lines[4].hasPrefix("Walk    · 12  ·  ·"))
        #expect(lines[5].hasPrefix("done") && lines[6].hasPrefix("of"))
    }
}
