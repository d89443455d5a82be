import Testing
@testable import UnitsCLI
@testable import UnitsKit

/// Golden pictures on the example journals, with colour off and on, and the
/// edge cases: bundles, mid-range declarations, empty journals, narrow
/// terminals, NO_COLOR.
struct PictureTests {
    static let fixed = ["--today", "2025-12-14", "--width", "80"]

    struct Case: CustomTestStringConvertible, Sendable {
        var golden: String
        var arguments: [String]
        var testDescription: String { golden }
    }

    static let cases: [Case] = [
        Case(golden: "wall-habits.txt", arguments: ["wall", "--file", CLI.example("habits.units")] + fixed),
        Case(golden: "wall-reading-color.txt", arguments: ["wall", "Reading", "--color", "always", "--file", CLI.example("habits.units")] + fixed),
        Case(golden: "wall-reading-ascii.txt", arguments: ["wall", "Reading", "--ascii", "--days", "21", "--file", CLI.example("habits.units")] + fixed),
        Case(golden: "heatmap-checkins.txt", arguments: ["heatmap", "--file", CLI.example("checkins.units")] + fixed),
        Case(golden: "heatmap-checkins-color.txt", arguments: ["heatmap", "--color", "always", "--file", CLI.example("checkins.units")] + fixed),
        Case(golden: "heatmap-meditate.txt", arguments: ["heatmap", "Meditate", "--days", "120", "--file", CLI.example("checkins.units")] + fixed),
        Case(golden: "heatmap-reading.txt", arguments: ["heatmap", "Reading", "--file", CLI.example("habits.units")] + fixed),
        Case(golden: "history-checkins.txt", arguments: ["history", "--file", CLI.example("checkins.units")] + fixed),
        Case(golden: "history-checkins-color.txt", arguments: ["history", "--color", "always", "--file", CLI.example("checkins.units")] + fixed),
        Case(golden: "history-minimal-40.txt", arguments: ["history", "--file", CLI.example("minimal.units"), "--today", "2025-12-14", "--width", "40"]),
        Case(golden: "history-minimal-ascii.txt", arguments: ["history", "--ascii", "--days", "10", "--file", CLI.example("minimal.units")] + fixed),
    ]

    @Test(arguments: cases)
    func golden(_ c: Case) {
        let run = CLI.units(c.arguments)
        #expect(run.code == .ok, "\(run.err)")
        #expect(Golden.matches(c.golden, run.out), "\(c.golden) differs:\n\(run.out)")
    }

    static let bigDay = """
        2025-12-01 habit Reading
        2025-12-01 habit Gym
        2025-12-10 habit Late
        2025-12-13 Reading 150
        2025-12-13 Gym 50
        2025-12-14 Reading 3
        2025-12-14 Late 2
        """

    @Test func aTwoHundredUnitDayIsBundled() throws {
        let path = try CLI.temporaryFile(Self.bigDay)
        let run = CLI.units(["wall", "--file", path, "--days", "3"] + Self.fixed)
        let lines = run.out.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[1].contains("×5"))
        // 150 + 50 units = 30 + 10 bundles: a column 40 blocks tall.
        #expect(lines.filter { $0.contains("■") || $0.contains("▲") }.count == 40 + 1)
        let json = CLI.units(["wall", "--file", path, "--days", "3", "--json"] + Self.fixed).out
        #expect(json.contains("\"total\": 200,"))
        #expect(json.contains("\"Reading\": 150"))
        #expect(json.contains("\"bundled\": true"))
        let pile = Pile(journal: Journal.load(path: path), day: CivilDate(iso: "2025-12-13")!)
        let drawn = ReportOutput.collect { pile.render(width: 80, style: TerminalStyle(color: false), to: $0) }
        #expect(drawn.hasPrefix("Today · Total Units: 200\n"))
        #expect(drawn.contains("each block is a bundle of 5 units (×5)"))
        #expect(drawn.filter { $0 == "■" }.count == 30 + 1)   // 30 bundles + the legend
    }

    @Test func aHabitDeclaredMidRangeIsBlankBeforeItExisted() throws {
        let path = try CLI.temporaryFile(Self.bigDay)
        let run = CLI.units(["history", "--file", path, "--days", "7", "--ascii"] + Self.fixed)
        // A count habit shows its units (150 does not fit two columns: a full block), never "missed";
        // declared 12-10, so blank before.
        let lines = run.out.split(separator: "\n").map(String.init)
        #expect(lines[3] == "Reading  3  #  .  .  .  .  .")
        #expect(lines[5] == "Late     2  .  .  .  .")
        let json = CLI.units(["history", "--file", path, "--days", "7", "--json"] + Self.fixed).out
        #expect(json.contains("\"counted\",\n        \"counted\",\n        \"none\",\n        \"none\"\n      ],\n      \"units\": [\n        2,"))
    }

    @Test func emptyJournal() throws {
        let path = try CLI.temporaryFile("")
        #expect(CLI.units(["history", "--file", path] + Self.fixed).out == "Your history will appear here once you start tracking habits.\n")
        let wall = CLI.units(["wall", "--file", path] + Self.fixed)
        #expect(wall.code == .ok && wall.out.contains(" M  T  W  T  F  S  S │  M  T  W  T  F  S  S"))
        #expect(CLI.units(["heatmap", "--file", path] + Self.fixed).code == .ok)
        let pile = Pile(journal: Journal.load(path: path), day: CivilDate(iso: "2025-12-14")!)
        #expect(ReportOutput.collect { pile.render(width: 80, style: TerminalStyle(color: false), to: $0) } == "Today · Total Units: 0\n│            │\n└────────────┘\n")
    }

    @Test func fortyColumnsFit() {
        for command in ["wall", "heatmap", "history"] {
            let run = CLI.units([command, "--file", CLI.example("checkins.units"), "--today", "2025-12-14", "--width", "40"])
            #expect(run.code == .ok)
            for line in run.out.split(separator: "\n").dropFirst() {   // the title may run on
                #expect(DisplayWidth.of(line) <= 40, "\(command): \(line)")
            }
        }
    }

    @Test func colourOnlyWhenAskedAndNeverWithNoColor() {
        let file = CLI.example("habits.units")
        let auto = CLI.units(["wall", "--file", file] + Self.fixed)   // captured output is not a terminal
        #expect(!auto.out.contains("\u{1B}["))
        let captured = CapturedIO(environment: ["NO_COLOR": "1"])
        captured.io.outputIsTerminal = true
        _ = UnitsTool.main(["wall", "--file", file] + Self.fixed, io: captured.io)
        #expect(!captured.out.contains("\u{1B}["))
        let forced = CLI.units(["wall", "--file", file, "--color", "always"] + Self.fixed)
        #expect(forced.out.contains("\u{1B}[38;5;"))
        #expect(!forced.out.contains("\u{1B}[31m"))   // never red
        let never = CLI.units(["heatmap", "--file", file, "--color", "never"] + Self.fixed)
        #expect(!never.out.contains("\u{1B}["))
    }

    /// Pictures read periods as every report does (`--period`, `--from`/`--to`
    /// in any period spelling, `--season`); `--days` counts back from the end.
    @Test func periodsChooseTheDaysShown() throws {
        let file = CLI.example("habits.units")
        func range(_ extra: [String]) -> Substring? {
            CLI.units(["wall", "Reading", "--file", file] + Self.fixed + extra).out.split(separator: "\n").first
        }
        #expect(range(["--period", "2025-11"]) == "Reading · 2025-11-01 to 2025-11-30")
        #expect(range(["--from", "2025-10", "--to", "2025-10-15"]) == "Reading · 2025-10-01 to 2025-10-14")
        #expect(range(["--period", "2025-11", "--days", "7"]) == "Reading · 2025-11-24 to 2025-11-30")
        #expect(range([]) == "Reading · 2025-12-01 to 2025-12-14")
        let json = CLI.units(["history", "--file", CLI.example("checkins.units"), "--json", "--days", "3"] + Self.fixed).out
        #expect(json.contains("\"2025-12-14\",\n    \"2025-12-13\",\n    \"2025-12-12\"\n  ]"))
        #expect(CLI.units(["wall", "--file", file, "--period", "nonsense"] + Self.fixed).code == .usage)
    }

    @Test func usageErrors() {
        let file = CLI.example("habits.units")
        #expect(CLI.units(["wall", "--file", file, "--width", "5"]).code == .usage)
        #expect(CLI.units(["wall", "--file", file, "--days", "0"]).code == .usage)
        #expect(CLI.units(["wall", "--file", file, "--color", "sometimes"]).code == .usage)
        let unknown = CLI.units(["wall", "Redaing", "--file", file])
        #expect(unknown.code == .failure && unknown.err.contains("did you mean 'Reading'?"))
    }
}
