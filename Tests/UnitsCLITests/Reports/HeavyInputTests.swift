import Foundation
import Testing
@testable import UnitsCLI
@testable import UnitsKit

/// Hostile input is bounded. Lint caps repeated findings
/// (100 per rule, then a count, unless --all); diagnostics and reports never
/// print a line of 100,000 columns; huge numbers and deep nesting are clear
/// errors, never a trap or a hang.
@Suite struct HeavyInputTests {
    func lint(_ text: String, _ extra: [String] = []) -> (code: ExitCode, out: String) {
        var out = ""
        let io = CommandIO(writeOut: { out += $0 }, writeErr: { out += $0 }, readStandardInput: { Array(text.utf8) })
        let code = LintCommand.main(extra + ["-"], io: io, prefix: "units-lint")
        return (code, out)
    }

    /// `count` entries each with a note over 200 characters (a warning each).
    static func longNotes(_ count: Int) -> String {
        var text = "units 1\n2025-01-01 habit Reading\n"
        let note = String(repeating: "n", count: 210)
        for i in 0..<count { text += String(format: "2025-01-%02d", 2 + i % 27) + " Reading 1 ; \(note)\n" }
        return text
    }

    @Test("lint shows at most 100 findings of a rule, then how many more", arguments: [(99, 99, nil as Int?), (100, 100, nil), (101, 100, 1), (2_500, 100, 2_400)])
    func capped(count: Int, shown: Int, more: Int?) throws {
        let text = Self.longNotes(count)
        let result = lint(text, ["--ignore", "date-order"])
        let findings = result.out.components(separatedBy: "[note-length]\n").count - 1
        #expect(findings == shown)
        if let more {
            #expect(result.out.contains("units-lint: \(more) more [note-length] finding\(more == 1 ? "" : "s") not shown (first 100 above; --all shows every one)"))
        } else {
            #expect(!result.out.contains("not shown"))
        }
        let all = lint(text, ["--ignore", "date-order", "--all"])
        #expect(all.out.components(separatedBy: "[note-length]\n").count - 1 == count)
        // JSON: the summary counts every finding; `omitted` says what was left out.
        let json = lint(text, ["--ignore", "date-order", "--format", "json"]).out
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let summary = try #require(object["summary"] as? [String: Int])
        #expect(summary["warnings"] == count)
        #expect((object["diagnostics"] as? [Any])?.count == shown)
        #expect((object["omitted"] as? [String: Int])?["note-length"] == more)
    }

    @Test("an error past the cap still fails the run")
    func exitCountsAll() {
        var text = "units 1\n2025-01-01 habit Reading\n"
        for _ in 0..<150 { text += "2025-01-02 Reading lots\n" }
        let result = lint(text)
        #expect(result.code == .failure)
        #expect(result.out.contains("50 more [syntax] findings not shown"))
    }

    @Test("a diagnostic on a 100,000-column line shows a window around the caret, cut with …",
          arguments: [(0, 11), (100_000, 30), (50_000, 11)])
    func longLine(before: Int, after: Int) {
        let name = String(repeating: "N", count: 100_000)
        // The bad word sits after `before` columns of name (or right at the start of the entry).
        let line = before == 0 ? "2025-01-02 lots\(name)" : "2025-01-02 \(String(name.prefix(before))) lots ; \(String(repeating: "x", count: after))"
        let result = lint("units 1\n2025-01-01 habit Reading\n\(line)\n")
        #expect(result.code == .failure)
        let lines = result.out.split(separator: "\n")
        for printed in lines { #expect(DisplayWidth.of(printed) <= 500, "\(printed.prefix(80))…") }
        // The caret still stands under the start of what is wrong.
        if let source = lines.firstIndex(where: { $0.hasPrefix("2025-01-02") || $0.hasPrefix("…") }), source + 1 < lines.count {
            let caret = lines[source + 1]
            let column = caret.firstIndex(of: "^").map { caret.distance(from: caret.startIndex, to: $0) } ?? -1
            let shown = Array(lines[source])
            #expect(column >= 0 && column <= shown.count)
        }
    }

    @Test("reports never print a 100,000-column name whole", arguments: ["today", "stats", "wall", "history", "heatmap"])
    func longNameInReports(_ command: String) throws {
        let name = String(repeating: "N", count: 100_000)
        let path = try CLI.temporaryFile("units 1\n2025-12-01 habit \(name)\n2025-12-14 \(name) 3\n")
        let width = command == "stats" ? [] : ["--width", "80"]   // stats is a table, not a picture
        let run = CLI.units([command, "--file", path, "--today", "2025-12-14"] + width)
        #expect(run.code == .ok, "\(run.err.prefix(200))")
        if ["today", "wall", "history", "heatmap"].contains(command) {
            for line in run.out.split(separator: "\n") { #expect(DisplayWidth.of(line) <= 80, "\(command): \(line.prefix(60))…") }
        }
    }

    @Test("huge numbers and deep JSON nesting are clear errors, never a trap")
    func hugeNumbersAndNesting() throws {
        // The largest number the format allows, many times over: totals saturate, never trap.
        var text = "units 1\n2025-01-01 habit Reading\n"
        for _ in 0..<100 { text += "2025-01-02 Reading 999999999999999.999999999\n" }
        let path = try CLI.temporaryFile(text)
        for command in ["today", "stats", "wall", "history", "heatmap", "insights", "export"] {
            let run = CLI.units([command, "--file", path] + (command == "export" ? [] : ["--today", "2025-01-02"]))
            #expect(run.code != .usage, "\(command): \(run.err)")
        }
        // A JSON document nested 100,000 deep (the language server's input) is refused, not a stack overflow.
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(throws: (any Error).self) { try JSONParser.parse(Array(deep.utf8)) }
    }

    /// A measure (count × size) past `Amount`'s 1.7 × 10²⁹ is printed exactly
    /// in every place that shows one: the habit report (text and JSON) and
    /// both CSV exports.
    @Test("the largest counts of the largest sizes give exact measures")
    func measuresPastOneHundredOctillion() throws {
        let text = """
            units 1
            2025-12-01 habit Run
              unit: lap
              size: 999999999999999.999999999 miles
            2025-12-14 Run 999999999999999
            2025-12-14 Run 999999999999999
            2025-12-14 Run 2

            """
        let path = try CLI.temporaryFile(text)
        let habit = CLI.units(["habit", "Run", "--file", path, "--today", "2025-12-14"])
        #expect(habit.code == .ok, "\(habit.err)")
        #expect(habit.out.contains("2000000000000000 laps of 999999999999999.999999999 miles = 1999999999999999999999998000000 miles"), "\(habit.out)")
        let json = CLI.units(["habit", "Run", "--file", path, "--today", "2025-12-14", "--json"])
        #expect(json.out.contains("1999999999999999999999998000000"), "\(json.out)")
        for arguments in [["export", "--csv"], ["export", "--csv", "--no-formula-guard"], ["entries", "--csv", "--today", "2025-12-14"]] {
            let csv = CLI.units(arguments + ["--file", path])
            #expect(csv.code == .ok, "\(csv.err)")
            if arguments[0] == "export" {
                #expect(csv.out.contains(",999999999999999,lap,999999999999998999999999000000.000000001 miles,"), "\(arguments): \(csv.out)")
                #expect(csv.out.contains(",2,lap,1999999999999999.999999998 miles,"), "\(arguments): \(csv.out)")
            }
            #expect(!csv.out.contains("170141183460469231731687303715"), "\(arguments): \(csv.out)")
        }
    }

    /// `this`, `last` and `next` of each period word at the first and last
    /// days of the calendar: an answer from every report that takes a period.
    @Test("period words at the edges of the calendar", arguments: ["0001-01-01", "9999-10-01", "9999-12-31"])
    func periodWordsAtTheEdges(today: String) throws {
        let path = try CLI.temporaryFile("units 1\n0001-01-01 habit Reading\n0001-01-01 Reading 2\n9999-12-31 Reading 3\n")
        for unit in ["day", "week", "month", "quarter", "year"] {
            for word in ["this", "last", "next"] {
                for command in ["stats", "entries"] {
                    let run = CLI.units([command, "--file", path, "--today", today, "--period", "\(word) \(unit)"])
                    #expect(run.code == .ok, "\(command) --period '\(word) \(unit)' --today \(today): \(run.err)")
                }
            }
        }
    }

    @Test("heatmap of 100,000 habits sums entries, not habits × days cells")
    func manyHabitsHeatmap() throws {
        var text = "units 1\n"
        text.reserveCapacity(3_000_000)
        for i in 0..<100_000 { text += "2025-01-01 habit H\(i)\n" }
        for i in stride(from: 0, to: 100_000, by: 10) { text += "2025-06-01 H\(i) 2\n" }
        let path = try CLI.temporaryFile(text)
        let started = ContinuousClock.now
        let run = CLI.units(["heatmap", "--file", path, "--today", "2025-12-14", "--json"])
        #expect(ContinuousClock.now - started < .seconds(30))
        #expect(run.code == .ok)
        #expect(run.out.contains("\"date\": \"2025-06-01\",\n      \"value\": 20000.0,"), "\(run.out.prefix(300))")
    }

    /// `count` habits, each declared a year ago and logged once or twice.
    static func manyHabits(_ count: Int) -> String {
        var text = "units 1\n"
        text.reserveCapacity(count * 60)
        for i in 0..<count { text += "2024-12-01 habit H\(i)\n" }
        for i in 0..<count {
            text += "2025-12-\(10 + i % 5) H\(i) \(1 + i % 3)\n"
            if i % 4 == 0 { text += "2025-12-14 H\(i) 1 ; again\n" }
        }
        return text
    }

    @Test("the grid of 20,000 habits over a year holds one cell per habit and day logged, not habits × days")
    func manyHabitsGridIsSparse() throws {
        let journal = Journal(parsing: Self.manyHabits(20_000))
        let today = CivilDate(year: 2025, month: 12, day: 14)!
        let context = ReportContext(journal: journal, today: today)
        let grid = context.grid(from: today.adding(days: -364))
        #expect(grid.dayCount == 365)
        #expect(grid.countedEntries == 25_000)
        // A dense grid would be 20,001 × 365 = 7.3 million cells.
        #expect(grid.cellCount <= 25_000, "\(grid.cellCount) cells")
        #expect(grid.totalUnits(on: today) == Amount(5_000 + (0..<20_000).filter { $0 % 5 == 4 }.map { 1 + $0 % 3 }.reduce(0, +)))
        let h3 = try #require(journal.habits.first { $0.name == "H3" }).id   // logged 1 on Dec 13
        #expect(grid.units(h3, in: DayRange(first: today.adding(days: -6), last: today)) == Amount(1))
        #expect(grid.units(h3, on: today.adding(days: -1)) == Amount(1) && grid.units(h3, on: today) == .zero)
    }

    @Test("every report over 5,000 habits is quick (no habits × days or habits × habits work)", arguments: [
        ["stats"], ["today"], ["habit", "H7"], ["insights"], ["streaks"], ["status"], ["receipt"], ["history"], ["heatmap"],
        ["wall"], ["next"], ["entries"], ["summary"], ["nudge"], ["export", "--csv"], ["stats", "--json"], ["today", "--json"],
    ])
    func manyHabitsReports(_ command: [String]) throws {
        let path = try CLI.temporaryFile(Self.manyHabits(5_000))
        let started = ContinuousClock.now
        let run = CLI.units(command + ["--file", path] + (command[0] == "export" ? [] : ["--today", "2025-12-14"]))
        let took = ContinuousClock.now - started
        #expect(run.code == .ok || (command[0] == "nudge" && run.code == .failure), "\(command): \(run.err.prefix(300))")
        // Generous for a debug build on a busy machine; a quadratic pass takes minutes.
        #expect(took < .seconds(60), "\(command) took \(took)")
    }

    /// `count` habits shaped like `scripts/heavy-bench.sh`'s million: a
    /// unit each, some with a floor, a colour or a schedule, every other
    /// one logged in the week of 2025-12-14.
    static func attributedHabits(_ count: Int) -> String {
        var text = "units 1\n\n"
        text.reserveCapacity(count * 64)
        func name(_ i: Int) -> String { "h" + String(repeating: "0", count: max(0, 7 - String(i).count)) + String(i) }
        for i in 0..<count {
            text += "2024-12-01 habit \(name(i))\n  unit: page pg\n"
            if i % 5 == 0 { text += "  floor: 5/week\n" }
            if i % 10 == 3 { text += "  color: blue\n" }
            if i % 7 == 1 { text += "  every: 3/week\n" }
            text += "\n"
        }
        for i in stride(from: 0, to: count, by: 2) { text += "2025-12-\(10 + i % 5) \(name(i)) \(1 + i % 3)\n" }
        return text
    }

    /// 40,000 habits shaped like `scripts/heavy-bench.sh`'s
    /// million (which it measures in a release build). Only a hang guard:
    /// a habits × days or habits × habits pass would take hours here.
    @Test("every report over 40,000 attributed habits finishes (hang guard)")
    func manyAttributedHabits() throws {
        let path = try CLI.temporaryFile(Self.attributedHabits(40_000))
        for command in [["status"], ["stats", "--json"], ["today"], ["insights"], ["heatmap"], ["entries"], ["history"]] {
            let started = ContinuousClock.now
            let run = CLI.units(command + ["--file", path, "--today", "2025-12-14"])
            #expect(ContinuousClock.now - started < .seconds(600), "\(command) hung")
            #expect(run.code == .ok, "\(command): \(run.err.prefix(300))")
            if command == ["status"] {
                // Today 4,000 habits logged (1u to 3u); all 8,000 with a floor of 5/week are under it.
                #expect(run.out == "8000u · h0000000 +7999 under pace\n", "\(run.out)")
            }
        }
    }
}
