import Testing
@testable import UnitsCLI
@testable import UnitsKit

struct LintCommandBasicsTests {
    @Test func examplesAreClean() {
        for name in ["habits.units", "checkins.units", "minimal.units"] {
            let run = CLI.lint([CLI.example(name)])
            #expect(run.code == .ok, "\(name): \(run.out)")
            #expect(run.out.isEmpty)
        }
    }

    @Test func reportsEveryProblemWithPositionsAndExitsOne() throws {
        let path = try CLI.temporaryFile("""
            units 1
            2025-01-01 habit Reading
            2025-02-30 Reading 1
            2025-12-14 Redaing 2
              unit: page
            """)
        let run = CLI.lint([path])
        #expect(run.code == .failure)
        #expect(run.out == """
            \(path):3:1: error: invalid date '2025-02-30': day 30 does not exist in February 2025, which has 28 days [syntax]
            2025-02-30 Reading 1
            ^~~~~~~~~~
            \(path):4:12: error: 'Redaing' is not declared above this line; did you mean 'Reading'? [undeclared-habit]
            2025-12-14 Redaing 2
                       ^~~~~~~
            \(path):5:3: error: attribute line with no declaration above it: indented `key: value` lines belong under a `DATE habit NAME` or `DATE group NAME` line, with no blank line between [syntax]
              unit: page
              ^~~~~

            """)
    }

    @Test func readsStandardInput() {
        let run = CLI.lint(["-"], stdin: "2025-12-14 Reading 3\n")
        #expect(run.code == .failure && run.out.contains("<stdin>:1:12: error: 'Reading' is not declared"))
        #expect(CLI.lint([], stdin: "units 1\n").code == .ok)
    }

    @Test func unreadableFiles() {
        let missing = CLI.lint(["/nonexistent.units"])
        #expect(missing.code == .failure && missing.out.contains("/nonexistent.units: error: cannot read journal: no such file [io]"))
        let dir = CLI.lint(["/tmp"])
        #expect(dir.code == .failure && dir.out.contains("is a directory"))
    }
}
