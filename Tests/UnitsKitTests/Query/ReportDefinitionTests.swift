import Testing
@testable import UnitsKit

/// The report definitions (docs/commands.md, Grammar/definitions.md) checked on a small journal
/// whose answers were worked out by hand. Today is Sunday 2025-12-14; the
/// ISO week is Dec 8-14.
@Suite struct ReportDefinitionTests {
    static let text = """
        units 1
        2025-12-01 habit Read
          unit: page
          floor: 10/week
        2025-12-01 habit Walk
          unit: lap
          size: 0.25 miles
        2025-12-01 group Move
          priority: must
        2025-12-01 habit Gym
          kind: check
          group: Move
        2025-12-01 habit Swim
          kind: check
          group: Move
        2025-12-01 habit Old
        2025-12-05 Old 3
        2025-12-06 archive Old
        2025-12-08 pause Read 2025-12-09
        2025-12-08 Read 4
        2025-12-09 task "Linked" 2 Walk
        2025-12-09 task "Unlinked" 3
        2025-12-10 habit Code
          floor: 5
        2025-12-10 Read 2
        2025-12-10 unit Read chapter = 1 chapter
        2025-12-11 Read 1
        2025-12-11 Code 2
        2025-12-11 task "Open one" 1 Read
        2025-12-12 season Sprint 2025-12-13
        2025-12-12 Gym yes
        2025-12-12 done "Linked"
        2025-12-13 Swim yes
        2025-12-13 done "Unlinked"
        2025-12-14 Walk 4
        2025-12-14 Swim kinda

        """
    static let today = CivilDate(iso: "2025-12-14")!
    static let journal = Journal(parsing: text)

    func context(period: Period = .all, query: [String] = []) throws -> ReportContext {
        #expect(!Self.journal.hasErrors, "\(Self.journal.diagnostics.map(\.message))")
        let filter = try QueryFilter(parsing: query, periods: PeriodParser(today: Self.today))
        return ReportContext(journal: Self.journal, today: Self.today, period: period, filter: filter)
    }

    func id(_ name: String) -> Int { Self.journal.habitID(named: name)! }

    @Test func statsTotalsAndRollingAverages() throws {
        let stats = StatsReport(try context())
        // Read 4+2+1, Walk 2 (task)+4, Code 2, General 3 (unlinked task).
        #expect(stats.weekUnits == 18)
        #expect(stats.weekAveragePerDay.rounded(toPlaces: 2) == Amount("2.57"))
        #expect(stats.topHabit?.name == "Read")
        // Lifetime adds Old's 3 from before the week.
        #expect(stats.total.lifetime == 21)
        // 7 days: 18 over 7 days; 30 and 90 days: 21 over the 14 days since the first declaration.
        #expect(stats.total.averages.map { $0.rounded(toPlaces: 2) } == [Amount("2.57")!, Amount("1.5")!, Amount("1.5")!])
        // Code was declared on Dec 10: 2 units over 5 days.
        let code = stats.habits.first { $0.habit?.name == "Code" }!
        #expect(code.averages == [Fraction(2, 5), Fraction(2, 5), Fraction(2, 5)])
        let read = stats.habits.first { $0.habit?.name == "Read" }!
        #expect(read.averages == [Fraction(1), Fraction(1, 2), Fraction(1, 2)])
        // Read, Walk, Move, Code: members are counted through their group, Old is archived, General is built in.
        #expect(stats.activeHabits == 4)
        let old = stats.habits.first { $0.habit?.name == "Old" }!
        #expect(old.isArchived && old.lifetime == 3)
        #expect(stats.habits.first { $0.habit?.name == "General" }?.lifetime == 3)
    }

    @Test func todayViewRowsPaceGroupsAndTasks() throws {
        let report = TodayReport(try context())
        #expect(report.totalUnits == 4)
        #expect(!report.isEmpty)
        let names = report.counts.map(\.habit.name)
        #expect(names == ["Read", "Walk", "Code"])  // Old archived, General has nothing today
        let read = report.counts[0]
        // Unit change mid-week: the week still adds up raw units (6 pages + 1 chapter).
        #expect(read.week == 7 && read.lifetime == 7)
        // Two of seven days paused: floor 10 × 5/7.
        #expect(read.pace?.scaledFloor == Fraction(50, 7))
        #expect(read.isUnderPace)
        // Floor 0: never a pace mark.
        #expect(report.counts[1].pace?.scaledFloor == .zero && !report.counts[1].isUnderPace)
        // Code: 2 of 5.
        #expect(report.counts[2].isUnderPace)
        // Group satisfied by a different member each day; today Swim.
        let move = report.checks.first { $0.habit.name == "Move" }!
        #expect(move.satisfiedBy.map(\.name) == ["Swim"])
        #expect(report.checks.map(\.habit.name) == ["Move"])  // members show through the group
        #expect(report.mustDos.done == 1 && report.mustDos.due == 1)
        // The open task rolls over; it would log to Read.
        #expect(report.tasks.map(\.task.title) == ["Open one"])
        #expect(report.tasks[0].daysOpen == 3 && report.tasks[0].habitName == "Read")
        #expect(!ReportOutput.collect { sink in report.text(to: sink) }.contains("treak"))
    }

    @Test func habitOfTheDayScores() throws {
        let grid = try context().grid(from: Self.today.adding(days: -6))
        let pick = try #require(HabitOfTheDay.pick(grid: grid, today: Self.today))
        // Code, declared on the week's Wednesday (D9: Monday and Tuesday count
        // as paused): deficit 5×5/7-2 = 11/7, score 22/7. Read: deficit
        // 50/7-7 = 1/7, score 2/7.
        #expect(Self.journal.habits[pick.habit].name == "Code")
        #expect(pick.score == Fraction(22, 7) && pick.deficit == Fraction(11, 7))
    }

    @Test func habitDetailUnitHistoryAndMeasures() throws {
        let read = HabitReport(try context(), habit: id("Read"))
        #expect(read.unitTotals.map(\.units) == [6, 1])
        #expect(read.unitTotals.map(\.version.name) == ["page", "chapter"])
        #expect(ReportOutput.collect { sink in read.text(to: sink) }.contains("Unit changed on Dec 10, 2025: page → chapter"))
        let walk = HabitReport(try context(), habit: id("Walk"))
        #expect(walk.unitTotals[0].measureTotal.narrow == Amount("1.5"))  // 6 laps of 0.25 miles
        let move = HabitReport(try context(), habit: id("Move"))
        #expect(move.members.map(\.count) == [1, 2])  // Gym 1 day, Swim 2 days this month
    }

    @Test func consistencyKindaCountsAndTodayWaits() throws {
        let insights = InsightsReport(try context())
        let tally = { (name: String) in insights.habits.first { $0.habit.name == name }!.tally }
        // Move: done Dec 12, 13, 14 (KINDA counts) of the 14 days since Dec 1.
        #expect(tally("Move") == Expectation.Tally(done: 3, expected: 14))
        // Gym and Swim have no `every:` of their own: they are Move's options,
        // counted when done (Gym 1 day, Swim 2 with today's KINDA), never rated or missed.
        #expect(insights.habits.map(\.habit.name) == ["Move"])
        #expect(insights.options.map(\.habit.name) == ["Gym", "Swim"])
        #expect(insights.options.map(\.doneDays) == [1, 2])
        #expect(insights.overall == Expectation.Tally(done: 3, expected: 14))
        // One rated habit: nothing to compare, so neither card.
        #expect(insights.mostConsistent == nil)
        #expect(insights.roomForGrowth == nil)
    }

    @Test func streaksOnlyOnRequest() throws {
        let streaks = StreaksReport(try context())
        let line = { (name: String) in streaks.habits.first { $0.habit.name == name } }
        #expect((line("Move")?.current, line("Move")?.longest) == (3, 3))
        // Options have no streaks of their own: a day Gym did not happen is not a break.
        #expect(line("Gym") == nil && line("Swim") == nil)
        #expect(streaks.goodDays.current == 3 && streaks.goodDays.longest == 3)
    }

    @Test func seasonAndQueryFilters() throws {
        let sprint = Self.journal.seasons[0]
        let stats = StatsReport(try context(period: Period(sprint.days)))
        #expect(stats.weekUnits == 5)  // Walk 2 from the task, General 3
        let walkOnly = StatsReport(try context(query: ["Walk"]))
        #expect(walkOnly.weekUnits == 6)
        let big = StatsReport(try context(query: ["value:>=2", "not:Walk"]))
        #expect(big.weekUnits == Amount(11))  // Read 4 and 2, Code 2, General 3
    }

    @Test func receiptWithAndWithoutPriorWeek() throws {
        let receipt = ReceiptReport(try context())
        // Last week Dec 1-7: Old 3; the week before is empty: no percentage.
        #expect(receipt.units == 3 && receipt.changePercent == nil)
        #expect(receipt.sentence == "You logged 3 units last week. Avg/day: 0.4.")
        let next = ReceiptReport(ReportContext(journal: Self.journal, today: CivilDate(iso: "2025-12-21")!))
        #expect(next.units == 18 && next.priorUnits == 3 && next.changePercent == 500)
    }

    @Test func emptyAndFutureOnlyJournals() {
        let empty = TodayReport(ReportContext(journal: Journal(parsing: "units 1\n"), today: Self.today))
        #expect(empty.isEmpty && empty.counts.isEmpty && ReportOutput.collect { sink in empty.text(to: sink) }.contains("Start with one unit."))
        #expect(StatsReport(ReportContext(journal: Journal(parsing: ""), today: Self.today)).total.lifetime == 0)
        let future = Journal(parsing: "2025-12-20 habit Read\n2025-12-21 Read 5\n")
        let report = TodayReport(ReportContext(journal: future, today: Self.today))
        #expect(report.isEmpty && report.counts.isEmpty && report.totalUnits == 0)
        let grid = ReportContext(journal: future, today: Self.today).grid(from: Self.today.adding(days: -10))
        #expect(grid.futureEntries == 1 && grid.countedEntries == 0)
    }
}
