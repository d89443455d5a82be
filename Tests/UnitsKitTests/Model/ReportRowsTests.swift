import Testing
@testable import UnitsKit

/// `today`'s count rows, `stats`' habit lines and the units of `insights`'
/// count lines are read from the report's grid when asked for.
/// Checked here against a plain walk over the journal's entries, on
/// generated journals: every row's units are the entries' sums, whichever
/// row is read, in any order, any number of times.
struct ReportRowsTests {
    static let today = CivilDate(year: 2025, month: 12, day: 10)!   // a Wednesday

    /// A journal of `habits` count habits (some with floors, one archived)
    /// and random entries over the 120 days before and 5 after `today`.
    static func journal<G: RandomNumberGenerator>(habits: Int, using generator: inout G) -> Journal {
        var text = "units 1\noption week-start monday\n\n"
        let first = today.adding(days: -120)
        for h in 0..<habits {
            text += "\(first) habit H\(h)\n"
            if h % 3 == 0 { text += "  floor: \(h + 2)/week\n" }
            text += "\n"
        }
        var day = first
        while day <= today.adding(days: 5) {
            for h in 0..<habits where Int.random(in: 0..<4, using: &generator) == 0 {
                let units = Int.random(in: 0..<2, using: &generator) == 0 ? "\(Int.random(in: 1...40, using: &generator))"
                                                                          : "\(Int.random(in: 0...9, using: &generator)).\(Int.random(in: 1...99, using: &generator))"
                text += "\(day) H\(h) \(units)\n"
            }
            if day == today.adding(days: -3) { text += "\(day) archive H1\n" }
            day = day.adding(days: 1)
        }
        return Journal(parsing: text)
    }

    /// The units of habit `name` on the days of `range`, by a walk over the entries.
    static func units(_ journal: Journal, _ name: String, _ range: DayRange) -> Amount {
        var sum = Amount.zero
        for entry in journal.entries where journal.habits[Int(entry.habit)].name == name && range.contains(entry.date) {
            if case .units(let amount) = entry.value { sum += amount }
        }
        return sum
    }

    @Test func rowsAreTheEntriesSums() {
        var generator = SystemRandomNumberGenerator()
        for round in 0..<12 {
            let journal = Self.journal(habits: 2 + round, using: &generator)
            #expect(journal.diagnostics.isEmpty, "\(journal.diagnostics.map(\.message))")
            let context = ReportContext(journal: journal, today: Self.today)
            let week = DayRange(first: CivilDate(year: 2025, month: 12, day: 8)!, last: Self.today)
            let lifetime = DayRange(first: .minimum, last: Self.today)

            let report = TodayReport(context)
            #expect(report.counts.count == journal.habits.filter { !$0.isBuiltIn && !$0.isArchived(on: Self.today) }.count)
            for k in report.counts.indices.shuffled(using: &generator) + report.counts.indices {
                let row = report.counts[k], name = row.habit.name
                #expect(row.today == Self.units(journal, name, DayRange(first: Self.today, last: Self.today)), "today \(name)")
                #expect(row.week == Self.units(journal, name, week), "week \(name)")
                #expect(row.lifetime == Self.units(journal, name, lifetime), "lifetime \(name)")
                let floor = row.habit.floor(on: Self.today)
                #expect(row.isUnderPace == (floor > .zero && row.week < floor), "pace \(name)")
            }

            let stats = StatsReport(context)
            #expect(stats.habits.count == journal.habits.filter { !$0.isBuiltIn }.count)
            var total = Amount.zero
            for k in stats.habits.indices.shuffled(using: &generator) {
                let line = stats.habits[k], name = line.habit!.name
                #expect(line.week == Self.units(journal, name, week) && stats.habits.week(k) == line.week, "week \(name)")
                #expect(line.lifetime == Self.units(journal, name, lifetime) && stats.habits.lifetime(k) == line.lifetime, "lifetime \(name)")
                #expect(line.isArchived == (name == "H1"))
                let last30 = Self.units(journal, name, DayRange(first: Self.today.adding(days: -29), last: Self.today))
                #expect(line.averages[1] == Fraction(last30, over: 30), "30-day average \(name)")
                total += line.lifetime
            }
            #expect(stats.total.lifetime == total)

            // Insights' count lines keep their days and read their units.
            let insights = InsightsReport(context)
            let window = DayRange(first: Self.today.adding(days: -29), last: Self.today)
            #expect(insights.window == window)
            var seen = 0
            for line in insights.countHabits where line.habit.name != "H1" {
                let name = line.habit.name
                #expect(line.units == Self.units(journal, name, window), "insights units \(name)")
                var active = 0, day = window.first
                while day <= window.last {
                    if Self.units(journal, name, DayRange(first: day, last: day)) > .zero { active += 1 }
                    day = day.adding(days: 1)
                }
                #expect(line.days == 30 && line.activeDays == active, "insights days \(name)")
                seen += 1
            }
            #expect(seen == journal.habits.filter { !$0.isBuiltIn && $0.name != "H1" }.count)
        }
    }
}
