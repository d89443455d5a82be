import Testing
@testable import UnitsKit
import UnitsTestSupport

/// For random base journals and random writes on two sides, a clean merge
/// holds every entry of both sides with its multiplicity and lints without
/// a new error; an unclean one is a conflict, never a silently broken file.
@Suite struct MergePropertyTests {
    static let habits = ["Walk", "Reading", "Gym"]

    static func base(_ random: inout SplitMix64) -> String {
        var text = "units 1\n\n"
        for habit in habits { text += "2025-01-01 habit \(habit)\n  floor: 5/week\n\n" }
        text += "2025-01-01 habit Meditate\n  kind: check\n\n"
        for day in 1...Int.random(in: 3...20, using: &random) {
            let date = CivilDate(year: 2025, month: 1, day: 1)!.adding(days: day)
            text += "\(date) \(habits.randomElement(using: &random)!) \(Int.random(in: 1...9, using: &random))\n"
        }
        return text
    }

    /// Appends random lines dated after the base: entries, check-ins, a new
    /// habit now and then, a task opened and closed.
    static func side(_ base: String, _ random: inout SplitMix64, name: String) -> String {
        var text = base
        var date = CivilDate(year: 2025, month: 2, day: 1)!
        for k in 0..<Int.random(in: 0...12, using: &random) {
            date = date.adding(days: Int.random(in: 0...2, using: &random))
            switch Int.random(in: 0..<10, using: &random) {
            case 0: text += "\(date) habit \(name)\(k)\n"
            case 1: text += "\(date) task \"Call \(name) \(k)\"\n\(date) done \"Call \(name) \(k)\"\n"
            case 2: text += "\(date) Meditate \(["yes", "kinda", "no"].randomElement(using: &random)!)\n"
            default: text += "\(date) \(habits.randomElement(using: &random)!) \(Int.random(in: 1...5, using: &random))\n"
            }
        }
        return text
    }

    static func entries(_ text: String) -> [String: Int] {
        let journal = Journal(parsing: text, path: "<p>")
        var counts: [String: Int] = [:]
        for entry in journal.entries where !entry.isFromTask {
            counts["\(entry.date) \(journal.habits[Int(entry.habit)].name) \(entry.value)", default: 0] += 1
        }
        return counts
    }

    static func errorCount(_ text: String) -> Int {
        let journal = Journal(parsing: text, path: "<p>")
        return (journal.diagnostics + Linter.lint(journal, configuration: LintConfiguration(today: .maximum))).filter { $0.severity == .error }.count
    }

    @Test func cleanMergesKeepEveryEntryWithItsMultiplicity() {
        var random = SplitMix64(state: 2025)
        var clean = 0
        for _ in 0..<200 {
            let base = Self.base(&random)
            let ours = Self.side(base, &random, name: "Ours"), theirs = Self.side(base, &random, name: "Theirs")
            let result = JournalMerge.merge(base: Array(base.utf8), ours: Array(ours.utf8), theirs: Array(theirs.utf8))
            let merged = String(decoding: result.bytes, as: UTF8.self)
            if result.hasConflicts {
                #expect(merged.contains("<<<<<<<") && merged.contains(">>>>>>>"))
                continue
            }
            clean += 1
            var expected = Self.entries(ours)
            for (key, n) in Self.entries(theirs) { expected[key, default: 0] += n - (Self.entries(base)[key] ?? 0) }
            #expect(Self.entries(merged) == expected, "\(merged)")
            #expect(Self.errorCount(merged) == 0, "\(merged)")
        }
        #expect(clean > 150)
    }
}
