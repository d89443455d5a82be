import Testing
@testable import UnitsKit

@Suite struct PeriodQueryTests {
    static let today = CivilDate(iso: "2025-12-14")!  // a Sunday
    let parser = PeriodParser(today: PeriodQueryTests.today)

    static let cases: [(String, String, String)] = [
        ("today", "2025-12-14", "2025-12-15"),
        ("yesterday", "2025-12-13", "2025-12-14"),
        ("this week", "2025-12-08", "2025-12-15"),
        ("last week", "2025-12-01", "2025-12-08"),
        ("this month", "2025-12-01", "2026-01-01"),
        ("last month", "2025-11-01", "2025-12-01"),
        ("this year", "2025-01-01", "2026-01-01"),
        ("last 30 days", "2025-11-15", "2025-12-15"),
        ("last 1 day", "2025-12-14", "2025-12-15"),
        ("2025-12", "2025-12-01", "2026-01-01"),
        ("2025Q1", "2025-01-01", "2025-04-01"),
        ("2025q4", "2025-10-01", "2026-01-01"),
        ("2025", "2025-01-01", "2026-01-01"),
        ("2025-12-14", "2025-12-14", "2025-12-15"),
        ("2024/2/29", "2024-02-29", "2024-03-01"),
        ("from 2025-01-01 to 2025-03-01", "2025-01-01", "2025-03-01"),
        ("from 2025-11 to 2025-12", "2025-11-01", "2025-12-01"),
        ("  This   Week ", "2025-12-08", "2025-12-15"),
    ]

    @Test(arguments: cases) func parsesPeriods(_ c: (String, String, String)) throws {
        let period = try parser.parse(c.0)
        #expect(period.from == CivilDate(iso: c.1))
        #expect(period.to == CivilDate(iso: c.2))
    }

    @Test func openEndsAndWeekStart() throws {
        #expect(try parser.parse("from 2025-12").to == nil)
        #expect(try parser.parse("to 2025-12").from == nil)
        let sunday = PeriodParser(today: Self.today, weekStart: .sunday)
        #expect(try sunday.parse("this week").from == CivilDate(iso: "2025-12-14"))
    }

    static let bad: [(String, Int)] = [("last 0 days", 5), ("next fortnight", 5), ("2025-13", 0), ("2025-02-30", 0),
                                       ("this week please", 10), ("", 0), ("from", 4), ("last 3 dayz", 7)]

    @Test(arguments: bad) func rejectsWithOffset(_ c: (String, Int)) {
        #expect(throws: PeriodError.self) { try parser.parse(c.0) }
        do { _ = try parser.parse(c.0) } catch { #expect(error.offset == c.1, "\(c.0): \(error.message)") }
    }

    /// A bare calendar word is not a period, and the error says which one was meant.
    @Test func aBareCalendarWordPointsToThisOne() {
        do { _ = try parser.parse("week"); Issue.record("'week' was accepted") } catch {
            #expect(error.message.hasSuffix("got 'week' (for the current one, say 'this week')"))
            #expect(error.offset == 0)
        }
    }

    @Test func halfOpenContainment() {
        let p = Period(from: CivilDate(iso: "2025-12-01"), to: CivilDate(iso: "2025-12-02"))
        #expect(p.contains(CivilDate(iso: "2025-12-01")!))
        #expect(!p.contains(CivilDate(iso: "2025-12-02")!))
        #expect(p.intersection(Period(from: CivilDate(iso: "2025-12-05"))).isEmpty)
    }

    static let journal = Journal(parsing: """
        2025-12-01 group Move
        2025-12-01 habit Gym
          group: Move
        2025-12-01 habit Reading
        2025-12-01 habit Walk
        2025-12-02 Reading 12 #train ; on the way to Leeds
        2025-12-03 Walk 4 #park
        2025-12-04 Gym 1
        2025-12-05 Reading 2

        """)

    func counted(_ terms: [String]) throws -> Int {
        let filter = try QueryFilter(parsing: terms, periods: parser)
        return DayGrid(journal: Self.journal, days: DayRange(first: CivilDate(iso: "2025-12-01")!, last: Self.today), filter: filter).countedEntries
    }

    @Test func queryFieldsAndCombination() throws {
        #expect(try counted([]) == 4)
        #expect(try counted(["reading"]) == 2)               // bare words: names, case-insensitive
        #expect(try counted(["Reading", "Walk"]) == 3)       // same field: OR
        #expect(try counted(["Reading", "tag:train"]) == 1)  // different fields: AND
        #expect(try counted(["tag:#park"]) == 1)
        #expect(try counted(["note:LEEDS"]) == 1)
        #expect(try counted(["value:>2"]) == 2)
        #expect(try counted(["value:<=2"]) == 2)
        #expect(try counted(["value:=4"]) == 1)
        #expect(try counted(["group:Move"]) == 1)
        #expect(try counted(["Move"]) == 1)                  // a group's name selects its members
        #expect(try counted(["not:Reading"]) == 2)
        #expect(try counted(["not:Reading", "not:Walk"]) == 1)
        #expect(try counted(["date:2025-12-02"]) == 1)
        #expect(try counted(["date:from 2025-12-03 to 2025-12-05"]) == 2)
    }

    @Test func queryErrorsPointAtTheProblem() {
        #expect(throws: QueryError("unknown query field 'tags:' (expected group:, tag:, note:, value:, date: or not:); did you mean 'tag:'?", argument: 1, offset: 0)) {
            _ = try QueryFilter(parsing: ["Reading", "tags:x"], periods: parser)
        }
        do { _ = try QueryFilter(parsing: ["value:>x"], periods: parser) } catch { #expect(error.offset == 7) }
        do { _ = try QueryFilter(parsing: ["date:last 3 dayz"], periods: parser) } catch { #expect(error.offset == 12) }
        #expect(throws: QueryError.self) { _ = try QueryFilter(parsing: ["not:"], periods: parser) }
    }

    @Test func csvQuotesPerRFC4180() {
        var c = CSVWriter()
        c.row(["plain", "a,b", "say \"hi\"", "two\nlines", ""])
        let text = c.finish()
        #expect(text == "plain,\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\",\r\n")
    }
}
