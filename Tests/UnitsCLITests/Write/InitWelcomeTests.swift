import Testing
@testable import UnitsCLI

/// `units init` greets in the words of the product document each starter
/// comes from, in at most two lines after the line that says what it made.
@Suite struct InitWelcomeTests {
    static func welcome(_ starters: [String]) -> [Substring] {
        let scratch = Scratch()
        let run = scratch.run(["init", scratch.journal] + starters.flatMap { ["--starter", $0] }, file: false)
        #expect(run.code == .ok, "\(run.err)")
        let lines = run.out.split(separator: "\n")
        #expect(lines.first?.hasPrefix("Created ") == true)
        #expect((2...3).contains(lines.count), "\(run.out)")
        return Array(lines.dropFirst())
    }

    @Test func aBareJournalIsTheMinimalTrackersNoStreaksJustData() {
        #expect(Self.welcome([]) == ["Welcome to units. No streaks, just data."])
    }

    @Test func countStartersAreTheUnitsDocumentsCountEffort() {
        #expect(Self.welcome(["Reading", "Walk"]) == ["Welcome to units. Count effort. Watch it pile up."])
    }

    @Test func presetsAreTheDailyDocumentsNeverZero() {
        #expect(Self.welcome(["Pages"]).first?.contains("never zero") == true)
    }

    @Test func everyFamilyHasItsOwnWordsOnOneOrTwoLines() {
        let all = Self.welcome(["Reading", "Read", "Pages"]).joined(separator: " ")
        #expect(all.contains("Count effort. Watch it pile up."))
        #expect(all.contains("never zero"))
        #expect(all.contains("Must-dos first"))
    }
}
