import Foundation
import Testing
@testable import UnitsKit

/// A backfill into the middle of a 100k-line journal lands in
/// date order and undo restores the file exactly (its 100 ms is measured
/// by units-bench, not here). (`UNITS_PROFILE=1` prints the parts' times.)
@Suite struct BackfillSpeedTests {
    static func journal(lines: Int) -> (text: String, middle: CivilDate) {
        var text = "units 1\n\n2000-01-01 habit Reading\n  unit:  page\n  floor: 5/week\n2000-01-01 habit Walk\n  unit: lap\n\n"
        var date = CivilDate(year: 2000, month: 1, day: 2)!
        var middle = date
        var written = 0
        while written < lines {
            text += "\(date) Reading 3\n\(date) Walk    2\n\n"
            written += 3
            if written / 3 == lines / 6 { middle = date }
            date = date.adding(days: 1)
        }
        return (text, middle)
    }

    @Test func backfillIntoTheMiddleOfAHundredThousandLines() throws {
        let dir = TemporaryDirectory()
        let (text, middle) = Self.journal(lines: 100_000)
        let path = dir.file("habits.units", text)
        let state = dir.path + "/state"
        let settings = WriteSettings(undoDirectory: state, today: CivilDate(year: 2100, month: 1, day: 1))
        // Warm up (first use of the lint rules and tables), then measure.
        _ = Linter.lint(Journal(parsing: "units 1\n"), configuration: LintConfiguration(today: middle))
        if ProcessInfo.processInfo.environment["UNITS_PROFILE"] != nil {
            let bytes = Array(text.utf8)
            var t = Date()
            let tree = Parser.parse(SourceFile(path: path, bytes: bytes)); print("parse", Date().timeIntervalSince(t)); t = Date()
            let j = Journal(tree: tree); print("model", Date().timeIntervalSince(t)); t = Date()
            let l = Linter.lint(j, configuration: LintConfiguration(today: middle)); print("lint", Date().timeIntervalSince(t), l.count); t = Date()
            _ = FormatCheck.problem(input: tree, output: bytes); print("check", Date().timeIntervalSince(t)); t = Date()
            var p = CanonicalPrinter(tree: tree); _ = p.print(); print("print", Date().timeIntervalSince(t)); t = Date()
        }
        let started = Date()
        let result = JournalWrite.perform(path: path, settings: settings) { _ in
            JournalChange(lines: ["\(middle) Reading 7"], summary: "backfill")
        }
        let elapsed = Date().timeIntervalSince(started)
        guard case .success(let done) = result else { Issue.record("\(result)"); return }
        #expect(!done.wasAppend)
        let after = dir.read("habits.units")
        #expect(after.contains("\(middle) Reading 3\n\(middle) Walk    2\n\(middle) Reading 7\n\n"))
        #expect(after.count == text.utf8.count + "\(middle) Reading 7\n".utf8.count)
        // Only a guard against a quadratic path (a busy machine must not
        // fail it): the 100 ms figure is measured by `units-bench` on a
        // release build ("units log --date" row; docs/performance.md).
        print("backfill into \(text.split(separator: "\n").count) lines: \(Int(elapsed * 1000)) ms")
        #expect(elapsed < 120)
        guard case .success = JournalUndo.perform(path: path, directory: state) else { Issue.record("undo failed"); return }
        #expect(dir.read("habits.units") == text)
    }
}
