import Testing
@testable import UnitsKit

/// Seven places where `units` broke its own spec, each on the
/// smallest journal that shows it. The expected figures are worked out by
/// hand from Grammar/ (format.md, reports.md), not recorded.
@Suite struct SpecBreakTests {
    func context(_ text: String, today: String) -> ReportContext {
        let journal = Journal(parsing: "units 1\n" + text)
        #expect(!journal.hasErrors, "\(journal.diagnostics.map(\.message))")
        return ReportContext(journal: journal, today: CivilDate(iso: today)!)
    }

    /// 1. `today` and `next` pick the habit of the day from the same days:
    /// the last 7 days reach back before the start of the week and month.
    @Test func todayAndNextAgreeOnTheHabitOfTheDay() {
        let c = context("""
            2025-03-03 habit A
              floor: 10
            2025-03-28 A 4

            """, today: "2025-04-01")
        let next = HabitOfTheDay.pick(c)
        let today = TodayReport(c).habitOfTheDay
        // Week of Mar 31: 0 units, deficit 10; Mar 28 is within the last 7 days.
        #expect(next?.score == Fraction(20))
        #expect(next?.unitsLast7Days == 4)
        #expect(today == next)
    }

    /// 2. A unit change takes effect at its line, going forward: before
    /// its date the habit still counts in the old unit.
    @Test func unitChangeDatedAfterTodayIsNotYetCurrent() {
        let c = context("""
            2025-03-01 habit Reading
              unit: page
            2025-03-02 Reading 3
            2025-03-10 unit Reading chapter

            """, today: "2025-03-05")
        let reading = c.journal.habits[c.journal.habitID(named: "Reading")!]
        #expect(reading.unit(on: c.today).name == "page")
        #expect(reading.unit(on: CivilDate(iso: "2025-03-10")!).name == "chapter")
        #expect(ReportOutput.collect { sink in StatsReport(c).json(to: sink) }.contains(#""unit": "page""#))
        #expect(!ReportOutput.collect { sink in StatsReport(c).json(to: sink) }.contains("chapter"))
        #expect(ReportOutput.collect { sink in TodayReport(c).json(to: sink) }.contains(#""unit": "page""#))
        #expect(!ReportOutput.collect { sink in TodayReport(c).text(to: sink) }.contains("chapter"))
    }

    /// 3. A scaled floor 1 × 5/7 stays exact: the score is 2 × 5/7 + 3 =
    /// 31/7, printed 4.428571429; 0.714285714 logged is still under 5/7.
    @Test func scaledFloorIsExactNotRoundedThenReused() {
        let text = """
            2025-03-03 habit A
              floor: 1
            2025-03-03 pause A 2025-03-04

            """
        let c = context(text, today: "2025-03-05")
        let pick = HabitOfTheDay.pick(c)
        #expect(pick?.score == Fraction(31, 7))
        #expect(pick?.score.rounded(toPlaces: 9) == Amount("4.428571429"))
        let logged = context(text + "2025-03-05 A 0.714285714\n", today: "2025-03-05")
        let row = TodayReport(logged).counts.first { $0.habit.name == "A" }!
        #expect(row.pace?.scaledFloor == Fraction(5, 7))
        #expect(row.isUnderPace)
    }

    /// 4. `General` is declared before the first line: its averages (and the
    /// total's) count the days from the journal's first dated line.
    @Test func generalAveragesStartAtTheJournalsFirstLine() {
        let c = context("""
            2025-01-03 General 2
            2025-02-01 habit A
            2025-02-03 A 5

            """, today: "2025-02-05")
        let stats = StatsReport(c)
        // 5 over 7 days; 5 over 30 days; 7 over the 34 days Jan 3 - Feb 5.
        #expect(stats.total.averages == [Fraction(5, 7), Fraction(5, 30), Fraction(7, 34)])
        #expect(stats.total.averages.map { $0.rounded(toPlaces: 2) } == [Amount("0.71")!, Amount("0.17")!, Amount("0.21")!])
        let general = stats.habits.first { $0.habit?.name == "General" }!
        #expect(general.averages == [Fraction(0), Fraction(0), Fraction(2, 34)])
    }

    /// 5. A YES on a paused day neither breaks nor extends an N/week streak.
    @Test func yesOnPausedDayDoesNotExtendWeeklyStreak() {
        let c = context("""
            2025-03-03 habit Gym
              kind: check
              every: 1/week
            2025-03-04 Gym yes
            2025-03-12 pause Gym 2025-03-12
            2025-03-12 Gym yes
            2025-03-17 Gym yes

            """, today: "2025-03-17")
        let gym = StreaksReport(c).habits.first { $0.habit.name == "Gym" }!
        // Week of Mar 3 done; week of Mar 10 expects round(1 × 6/7) = 1 and has
        // no YES on an unpaused day: broken; week of Mar 17 done so far.
        #expect(gym.current == 1)
        #expect(gym.longest == 1)
    }

    /// 6. Insights' weekday units are every unit logged that day (General's,
    /// and a paused habit's), and General has a row of its own.
    @Test func insightsWeekdaysIncludeGeneralAndInactiveHabits() {
        let c = context("""
            2025-03-03 habit A
            2025-03-03 General 2
            2025-03-04 A 3
            2025-03-05 pause A 2025-03-05
            2025-03-05 A 1

            """, today: "2025-03-06")
        let insights = InsightsReport(c)
        func units(_ w: Weekday) -> Amount { insights.weekdays.first { $0.weekday == w }!.units }
        #expect(units(.monday) == 2)
        #expect(units(.tuesday) == 3)
        #expect(units(.wednesday) == 1)
        let general = insights.countHabits.first { $0.habit.name == "General" }
        #expect(general?.units == 2)
        #expect(general?.activeDays == 1)
    }

    /// 7. "The last 30 days" are the 30 days ending today, whenever the
    /// journal starts: `from` and each weekday's day count do not shrink.
    @Test func insightsWindowIsTheFullLast30Days() {
        let c = context("""
            2025-03-03 habit A
            2025-03-04 A 3

            """, today: "2025-03-06")
        let insights = InsightsReport(c)
        #expect(insights.window.first == CivilDate(iso: "2025-02-05")!)
        #expect(insights.window.dayCount == 30)
        #expect(insights.weekdays.map(\.days).reduce(0, +) == 30)
        #expect(ReportOutput.collect { sink in insights.json(today: c.today, to: sink) }.contains(#""from": "2025-02-05""#))
    }
}
