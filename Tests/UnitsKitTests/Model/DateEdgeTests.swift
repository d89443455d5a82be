import Testing
@testable import UnitsKit

/// Dates at the ends of the format's range (years 1 and 9999) and
/// arithmetic past them must give answers, never trap.
@Suite struct DateEdgeTests {
    @Test("journals in year 1 and year 9999 parse, build and summarise")
    func edgeYears() throws {
        let text = """
            0001-01-01 habit Old
            0001-01-01 Old 1
            0001/1/2 Old 2
            0001-01-01 task "ancient" 2 Old
            0001-01-03 done "ancient"
            0001-01-01 season Antiquity 9999-12-31
            0001-01-01 pause Old 0001-01-01
            9999-12-31 Old 3
            9999-12-31 floor Old 1/week
            9999-12-31 archive Old
            """
        let journal = Journal(parsing: text)
        #expect(journal.diagnostics.isEmpty)
        #expect(journal.dateRange == DayRange(first: .minimum, last: .maximum))
        let summary = JournalSummary(journal, through: .maximum)
        #expect(summary.totalUnits == Amount(8))
        #expect(summary.firstDate?.description == "0001-01-01")
        #expect(summary.lastDate?.description == "9999-12-31")
    }

    @Test("year 0 and year 10000 are clear errors", arguments: ["0000-01-01", "10000-01-01", "0000-12-31"])
    func outOfRange(date: String) {
        let journal = Journal(parsing: "\(date) habit Reading\n")
        #expect(journal.diagnostics.count == 1)
        #expect(journal.diagnostics.first?.rule == Parser.syntaxRule)
    }

    @Test("adding days never traps, even by the largest counts")
    func addingDays() {
        for date in [CivilDate.minimum, .maximum, CivilDate(dayNumber: .min), CivilDate(dayNumber: .max)] {
            for days in [Int.min, Int.min + 1, -1_000_000_000_000, -1, 0, 1, 1_000_000_000_000, Int.max] {
                let moved = date.adding(days: days)
                if days > 0 { #expect(moved >= date) } else if days < 0 { #expect(moved <= date) } else { #expect(moved == date) }
                _ = moved.description
                _ = moved.components
                _ = moved.isoWeekday
            }
        }
        #expect(CivilDate.maximum.adding(days: 1).dayNumber == CivilDate.maximum.dayNumber + 1)
        #expect(CivilDate.minimum.adding(days: -1).dayNumber == CivilDate.minimum.dayNumber - 1)
    }

    @Test("week and month starts at the edges of the calendar", arguments: Weekday.allCases)
    func weekStarts(weekStart: Weekday) {
        // 0001-01-01 is a Monday (proleptic Gregorian).
        #expect(CivilDate.minimum.weekday == .monday)
        for offset in 0..<14 {
            let date = CivilDate.minimum.adding(days: offset)
            let start = date.startOfWeek(weekStart)
            #expect(start.weekday == weekStart)
            #expect(start <= date && start.days(to: date) < 7)
            _ = start.description   // may be in year 0: printable, not a trap
        }
        for offset in 0..<14 {
            let date = CivilDate.maximum.adding(days: -offset)
            #expect(date.startOfWeek(weekStart).weekday == weekStart)
        }
        #expect(CivilDate.minimum.startOfMonth == .minimum)
        #expect(CivilDate.maximum.startOfMonth.description == "9999-12-01")
        #expect(CivilDate.maximum.startOfNextMonth.dayNumber == CivilDate.maximum.dayNumber + 1)
        #expect(CivilDate.minimum.adding(days: -1).description == "0000-12-31")
    }

    /// Every relative word of the period language, at the first and last
    /// days of the calendar and the first day of each edge quarter: each is
    /// a closed, non-empty span of the right length (years 0 and 10000 may
    /// hold its ends), never a trap.
    @Test("every period word at both edges of the calendar", arguments: Weekday.allCases)
    func periodWordsAtTheEdges(weekStart: Weekday) throws {
        let edges = ["0001-01-01", "0001-03-31", "0001-04-01", "9999-10-01", "9999-12-31", "9999-09-30"]
        let lengths: [String: ClosedRange<Int>] = ["day": 1...1, "week": 7...7, "month": 28...31, "quarter": 90...92, "year": 365...366]
        for edge in edges {
            let today = try #require(CivilDate(iso: edge))
            let parser = PeriodParser(today: today, weekStart: weekStart)
            for (unit, days) in lengths {
                for word in ["this", "last", "next"] {
                    let period = try parser.parse("\(word) \(unit)")
                    let from = try #require(period.from, "\(word) \(unit) at \(edge)")
                    let to = try #require(period.to, "\(word) \(unit) at \(edge)")
                    #expect(days.contains(from.days(to: to)), "\(word) \(unit) at \(edge): \(from)..<\(to)")
                    #expect(period.contains(today) == (word == "this"), "\(word) \(unit) at \(edge)")
                    if word == "last" { #expect(to <= today) }
                    if word == "next" { #expect(from > today) }
                    _ = period.description
                }
            }
            for text in ["today", "yesterday", "tomorrow", "-999999", "mon", "sun", "last 100000 days", "last 100000 weeks", "last 100000 months",
                         "0001", "9999", "0001Q1", "9999Q4", "9999-12", "0001-01", "from 0001-01-01 to 9999-12-31", "since 9999-12-31", "until 0001-01-01"] {
                let period = try parser.parse(text)
                _ = period.description
                if let from = period.from, let to = period.to { #expect(from < to, "\(text) at \(edge)") }
            }
        }
        #expect(try PeriodParser(today: .maximum).parse("9999").to == CivilDate.maximum.adding(days: 1))
        #expect(try PeriodParser(today: .maximum).parse("9999Q4").to == CivilDate.maximum.adding(days: 1))
    }

    @Test("descriptions of dates far outside the format still print")
    func farDates() {
        #expect(!CivilDate(dayNumber: .min).description.isEmpty)
        #expect(!CivilDate(dayNumber: .max).description.isEmpty)
        #expect(CivilDate(dayNumber: .min).description.hasPrefix("-"))
    }
}
