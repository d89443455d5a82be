import Testing
@testable import UnitsKit
import UnitsTestSupport

/// `units-lint` without `--all` makes only the first findings of
/// each rule in each file and counts the rest. What it shows (the findings,
/// the "N more" notices in their order, the JSON summary's counts and the
/// exit status) must be what capping every finding would show.
@Suite struct LintKeepTests {
    static let today = CivilDate(year: 2025, month: 12, day: 14)!
    static let empty = Journal(tree: Parser.parse(SourceFile(path: "x", bytes: [])))
    static let noSuppressions = LintSuppressions(empty, lineIndex: LintLineIndex(empty))

    /// A journal of two files with many findings of several rules: dates
    /// out of order, in the future, repeated check-ins, negative days, and
    /// `units-lint:` comments that silence some of them.
    static func journal(seed: UInt64) -> Journal {
        var random = SplitMix64(state: seed)
        func file(_ includes: Bool) -> String {
            var lines = ["2025-01-01 habit Walk", "2025-01-01 habit Tea", "  kind: check", ""]
            if includes { lines.append("include other.units") }
            for _ in 0..<Int.random(in: 30...120, using: &random) {
                let day = String(format: "2025-%02d-%02d", Int.random(in: 1...12, using: &random), Int.random(in: 1...28, using: &random))
                switch Int.random(in: 0..<10, using: &random) {
                case 0: lines.append("; units-lint: disable-next-line date-order future-date")
                case 1: lines.append("2026-0\(Int.random(in: 1...9, using: &random))-01 Walk 1")
                case 2, 3: lines.append("\(day) Tea yes")
                case 4: lines.append("\(day) Walk -\(Int.random(in: 1...5, using: &random))")
                case 5 where Int.random(in: 0..<8, using: &random) == 0: lines.append("; units-lint: disable date-order")
                default: lines.append("\(day) Walk \(Int.random(in: 1...3, using: &random))")
                }
            }
            return lines.joined(separator: "\n") + "\n"
        }
        return Journal.load(path: "main.units", loader: .memory(["main.units": file(true), "other.units": file(false)]))
    }

    static func text(_ d: Diagnostic) -> String { "\(d.path ?? "-"):\(d.range?.start ?? -1) [\(d.rule)] \(d.message)" }

    @Test func cappedRunShowsWhatCappingAllShows() {
        for seed in UInt64(1)...40 {
            let journal = Self.journal(seed: seed)
            for configuration in [LintConfiguration(today: Self.today),
                                  LintConfiguration(today: CivilDate(year: 2025, month: 3, day: 1)!),
                                  LintConfiguration(today: Self.today, ignore: ["date-order"])] {
                let all = Linter.lint(journal, configuration: configuration)
                for limit in [0, 1, 2, 3, 7, 100] {
                    let expected = LintCap(all, limit: limit)
                    let run = Linter.lint(journal, configuration: configuration, keepPerRule: limit + 1)
                    let got = LintCap(run.findings, notMade: run.notMade, limit: limit)
                    #expect(got.shown.map(Self.text) == expected.shown.map(Self.text), "seed \(seed) limit \(limit)")
                    #expect(got.omitted.map { "\($0.rule) \($0.count)" } == expected.omitted.map { "\($0.rule) \($0.count)" }, "seed \(seed) limit \(limit)")
                    for severity in Severity.allCases {
                        #expect(run.count(severity) == all.filter { $0.severity == severity }.count, "seed \(seed) limit \(limit)")
                    }
                    #expect(run.findings.count + run.notMade.values.reduce(0, +) == all.count)
                }
            }
        }
        // The generated journals do exceed small caps (the test compares something).
        let run = Linter.lint(Self.journal(seed: 1), configuration: LintConfiguration(today: Self.today), keepPerRule: 2)
        #expect(!run.notMade.isEmpty)
    }

    /// Reports in any order keep the first by position (stably), in each file.
    @Test func keepsTheFirstByPositionWhateverTheOrder() {
        let files = [SourceFile(path: "a", bytes: []), SourceFile(path: "b", bytes: [])]
        var random = SplitMix64(state: 9)
        var unbuiltSeen = 0
        for round in 0..<200 {
            let keep = Int.random(in: 1...6, using: &random)
            var reports: [(file: Int, start: Int, id: Int)] = []
            for id in 0..<Int.random(in: 0...60, using: &random) {
                reports.append((Int.random(in: 0...1, using: &random), Int.random(in: 0...20, using: &random), id))
            }
            var keeper = LintKeep(keep: keep, suppressions: Self.noSuppressions)
            var built = 0
            for r in reports {
                keeper.add(.warning, rule: "r", { built += 1; return "\(r.id)" }, at: SourceRange(file: files[r.file], start: r.start, end: r.start))
            }
            var kept: [Diagnostic] = []
            keeper.flush(into: &kept)
            for f in 0...1 {
                let expected = reports.filter { $0.file == f }.sorted { ($0.start, $0.id) < ($1.start, $1.id) }.prefix(keep).map { "\($0.id)" }
                let got = kept.filter { $0.range!.file === files[f] }.sorted { ($0.range!.start, Int($0.message)!) < ($1.range!.start, Int($1.message)!) }.map(\.message)
                #expect(got == Array(expected), "round \(round)")
            }
            #expect(kept.count + keeper.dropped == reports.count)
            #expect(built >= kept.count)
            // A report with `keep` earlier ones in its file, none after it
            // by position, is past the first `keep` on arrival: its message
            // is never built (whatever the keeper holds at that moment).
            var surelyUnbuilt = 0
            for (k, r) in reports.enumerated() {
                let earlier = reports[..<k].filter { $0.file == r.file }
                if earlier.count >= keep, earlier.allSatisfy({ $0.start <= r.start }) { surelyUnbuilt += 1 }
            }
            #expect(built <= reports.count - surelyUnbuilt, "round \(round)")
            unbuiltSeen += surelyUnbuilt
        }
        // The rounds do have such reports (the bound above has teeth).
        #expect(unbuiltSeen > 0)
    }

    /// Reported in position order (as the line rules report), only the kept
    /// findings' messages are built.
    @Test func inOrderReportsBuildOnlyTheKeptMessages() {
        let file = SourceFile(path: "a", bytes: [])
        var keeper = LintKeep(keep: 3, suppressions: Self.noSuppressions)
        var built = 0
        for start in 0..<1000 {
            keeper.add(.warning, rule: "r", { built += 1; return "\(start)" }, at: SourceRange(file: file, start: start, end: start))
        }
        var kept: [Diagnostic] = []
        keeper.flush(into: &kept)
        #expect(built == 3 && kept.map(\.message) == ["0", "1", "2"] && keeper.dropped == 997)
    }
}
