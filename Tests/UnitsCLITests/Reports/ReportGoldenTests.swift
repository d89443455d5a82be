import Foundation
import Testing
import UnitsCLI
import UnitsTestSupport

/// Golden output of every report on the example journals at 2025-12-14.
/// Re-record with `UNITS_RECORD=1 swift test --filter ReportGoldenTests`.
@Suite struct ReportGoldenTests {
    static let root = URL(fileURLWithPath: PackageRoot.of(#filePath))
    static let goldenDirectory = root.appendingPathComponent("Tests/UnitsCLITests/Golden")

    static func run(_ arguments: [String], stdin: String = "") -> (out: String, err: String, code: ExitCode) {
        var out = "", err = ""
        let io = CommandIO(writeOut: { out += $0 }, writeErr: { err += $0 }, readStandardInput: { Array(stdin.utf8) })
        let code = UnitsTool.main(arguments, io: io)
        return (out, err, code)
    }

    static let examples = ["habits": "Reading", "checkins": "Exercise", "minimal": "Floss"]
    static let reports: [[String]] = [[], ["today"], ["stats"], ["habit"], ["receipt"], ["insights"], ["next"], ["streaks"], ["status"],
                                      ["stats", "--json"], ["today", "--json"], ["insights", "--json"], ["streaks", "--csv"],
                                      ["stats", "--csv"], ["insights", "--period", "last 7 days"],
                                      ["entries", "--period", "last 7 days"], ["entries", "--json", "--period", "this week"],
                                      ["entries", "--csv", "--period", "this month"]]

    static var cases: [(String, [String])] {
        examples.keys.sorted().flatMap { example in reports.map { (example, $0) } }
    }

    @Test(arguments: cases) func golden(_ c: (String, [String])) throws {
        var arguments = c.1
        if arguments.first == "habit" { arguments.append(Self.examples[c.0]!) }
        arguments += ["--file", Self.root.appendingPathComponent("Examples/\(c.0).units").path, "--today", "2025-12-14"]
        var result = Self.run(arguments)
        #expect(result.code == .ok, "\(result.err)")
        // Goldens hold no machine's path: `entries` names each line's file.
        result.out = result.out.replacingOccurrences(of: Self.root.path + "/", with: "")
        let name = ([c.0] + (c.1.isEmpty ? ["default"] : c.1)).joined(separator: "-")
            .replacingOccurrences(of: " ", with: "_").replacingOccurrences(of: "--", with: "")
        let file = Self.goldenDirectory.appendingPathComponent(name + ".txt")
        if ProcessInfo.processInfo.environment["UNITS_RECORD"] != nil {
            try FileManager.default.createDirectory(at: Self.goldenDirectory, withIntermediateDirectories: true)
            try result.out.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        #expect(result.out == expected, "\(name) differs from its golden file; UNITS_RECORD=1 re-records")
    }

    @Test func defaultCommandIsTodayAndSummaryStays() {
        let path = Self.root.appendingPathComponent("Examples/habits.units").path
        let plain = Self.run(["--file", path, "--today", "2025-12-14"])
        #expect(plain.out == Self.run(["today", "--file", path, "--today", "2025-12-14"]).out)
        #expect(plain.out.hasPrefix("Today"))
        #expect(Self.run(["summary", "--file", path, "--today", "2025-12-14"]).out.hasPrefix("Journal through"))
    }

    @Test func noStreaksOutsideStreaks() {
        let path = Self.root.appendingPathComponent("Examples/checkins.units").path
        for command in ["today", "stats", "receipt", "insights", "next", "status"] {
            let out = Self.run([command, "--file", path, "--today", "2025-12-14"]).out
            #expect(!out.lowercased().contains("streak"), "\(command)")
        }
    }

    @Test func usageErrorsExitTwoWithACaret() {
        let path = Self.root.appendingPathComponent("Examples/habits.units").path
        let bad = Self.run(["stats", "--file", path, "--today", "2025-12-14", "--period", "last 3 dayz"])
        #expect(bad.code == .usage)
        #expect(bad.err == "units stats: --period: expected 'days', 'weeks' or 'months', got 'dayz'\n  last 3 dayz\n         ^\n")
        let season = Self.run(["stats", "--file", path, "--season", "Exam prp"])
        #expect(season.code == .usage && season.err.contains("did you mean 'Exam prep'?"))
        let query = Self.run(["today", "--file", path, "colour:red"])
        #expect(query.code == .usage && query.err.contains("unknown query field 'colour:'"))
        #expect(Self.run(["stats", "--file", path, "--json", "--csv"]).code == .usage)
        #expect(Self.run(["habit", "--file", path, "Readin"]).err.contains("did you mean 'Reading'?"))
    }

    @Test func colourOnlyWhenAskedAndNeverRed() {
        let path = Self.root.appendingPathComponent("Examples/habits.units").path
        let colour = Self.run(["--file", path, "--today", "2025-12-14", "--color", "always", "--width", "100"]).out
        #expect(colour.contains("\u{1B}[33m● Under pace"))
        #expect(!colour.contains("\u{1B}[31m"))
        #expect(!Self.run(["--file", path, "--today", "2025-12-14"]).out.contains("\u{1B}"))
    }

    @Test func stdinJournalAndEmptyJournal() {
        let empty = Self.run(["--file", "-", "--today", "2025-12-14"], stdin: "units 1\n")
        #expect(empty.code == .ok && empty.out.contains("Start with one unit."))
        let stats = Self.run(["stats", "--json", "--file", "-", "--today", "2025-12-14"], stdin: "")
        #expect(stats.out.contains("\"schema\": 1") && stats.out.contains("\"lifetime\": 0"))
    }
}
