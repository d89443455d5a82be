import Foundation
import Testing
@testable import UnitsCLI

/// One screen per habit and the habit list, in the documents' words: the
/// badges, streak, 7- and 30-day consistency and the last 30 days beside
/// the habit report, each figure the one its own report gives; the list
/// with descriptions, groups and their members, archived habits apart.
@Suite struct HabitScreenTests {
    static let journal = """
        units 1
        2025-11-01 habit Reading
          unit:  page
          floor: 10/week
        2025-11-01 habit Meditate
          kind:     check
          priority: must
          note:     Ten minutes before breakfast.
        2025-11-01 group Exercise
          every: 3/week
        2025-11-01 habit Gym
          kind:  check
          group: Exercise
        2025-11-01 habit Smoking
          title: No smoking
          kind:  check
          type:  quit
        2025-11-01 habit Coding
          unit: commit
        2025-12-01 archive Coding
        2025-12-08 Meditate yes
        2025-12-09 Meditate yes
        2025-12-10 Meditate no
        2025-12-11 Meditate yes
        2025-12-12 Meditate kinda
        2025-12-13 Meditate yes
        2025-12-13 Reading 4
        2025-12-14 Meditate yes
        2025-12-14 Reading 1

        """

    static func run(_ arguments: [String]) -> Scratch.Run {
        let scratch = Scratch(journal)
        return scratch.run(arguments + ["--today", "2025-12-14"])
    }

    @Test func aCheckHabitsScreenHasBadgesStreakBothConsistenciesAndItsDays() {
        let run = Self.run(["habit", "Meditate"])
        #expect(run.code == .ok, "\(run.err)")
        let lines = run.out.split(separator: "\n").map(String.init)
        #expect(lines[0] == "Meditate  must do · every day")
        #expect(lines.contains("Streak: 4 days (longest 4)"), "\(run.out)")
        let seven = lines.firstIndex(of: "Consistency, last 7 days: 86% (6 of 7)")
        let thirty = lines.firstIndex { $0.hasPrefix("Consistency, last 30 days: ") }
        #expect(seven != nil && thirty != nil && seven! + 1 == thirty!, "\(run.out)")
        #expect(lines.contains("Last 30 days"))
        // The history picture's row for the habit, today first: ● ● ◐ ● ○ ● ●.
        #expect(lines.contains { $0.hasPrefix("Meditate") && $0.contains("●  ●  ◐  ●  ○  ●  ●") }, "\(run.out)")
    }

    @Test func theScreensFiguresAreTheStreaksAndInsightsReportsOwn() throws {
        let screen = try JSONSerialization.jsonObject(with: Data(Self.run(["habit", "Meditate", "--json"]).out.utf8)) as! [String: Any]
        let streaks = try JSONSerialization.jsonObject(with: Data(Self.run(["streaks", "--json"]).out.utf8)) as! [String: Any]
        let line = (streaks["habits"] as! [[String: Any]]).first { $0["name"] as? String == "Meditate" }!
        let streak = screen["streak"] as! [String: Any]
        #expect(streak["current"] as? Int == line["current"] as? Int)
        #expect(streak["longest"] as? Int == line["longest"] as? Int)
        let insights = try JSONSerialization.jsonObject(with: Data(Self.run(["insights", "--json", "--period", "last 7 days"]).out.utf8)) as! [String: Any]
        let row = (insights["habits"] as! [[String: Any]]).first { $0["name"] as? String == "Meditate" }!["consistency"] as! [String: Any]
        let seven = screen["consistency7d"] as! [String: Any]
        #expect(seven["done"] as? Int == row["done"] as? Int && seven["expected"] as? Int == row["expected"] as? Int, "\(row)")
        #expect(screen["badges"] as? [String] == ["must do", "every day"])
        #expect(screen["priority"] as? String == "must" && screen["every"] as? String == "day" && screen["type"] as? String == "build")
        let days = screen["last30Days"] as! [[String: Any]]
        #expect(days.count == 30 && days[0]["date"] as? String == "2025-12-14" && days[0]["cell"] as? String == "done")
        #expect(days[4]["cell"] as? String == "missed")
    }

    @Test func countQuitAndGroupBadges() {
        #expect(Self.run(["habit", "Reading"]).out.hasPrefix("Reading  page · floor 10/week\n"))
        #expect(Self.run(["habit", "Smoking"]).out.hasPrefix("No smoking (Smoking)  nice to do · every day · quit\n"))
        #expect(Self.run(["habit", "Exercise"]).out.hasPrefix("Exercise  group · nice to do · 3/week\n"))
        // A count habit has no streak: the Units document's no-streak rule.
        #expect(!Self.run(["habit", "Reading"]).out.contains("Streak"))
    }

    @Test func theHabitListHasDescriptionsGroupsAndArchivedApart() {
        let run = Self.run(["habits"])
        #expect(run.code == .ok, "\(run.err)")
        #expect(run.out == """
            My habits
              Reading               page · floor 10/week
              Meditate              must do · every day
                                    Ten minutes before breakfast.
              Exercise              group · nice to do · 3/week
                Gym                 nice to do
              No smoking (Smoking)  nice to do · every day · quit

            Archived (history kept; `units unarchive NAME` brings one back)
              Coding                commit

            """)
        let json = try! JSONSerialization.jsonObject(with: Data(Self.run(["habits", "--json"]).out.utf8)) as! [String: Any]
        let habits = json["habits"] as! [[String: Any]]
        #expect(habits.map { $0["name"] as! String } == ["Reading", "Meditate", "Exercise", "Smoking"])
        #expect(habits[1]["description"] as? String == "Ten minutes before breakfast.")
        #expect((habits[2]["members"] as! [[String: Any]]).map { $0["name"] as! String } == ["Gym"])
        #expect((json["archived"] as! [[String: Any]]).map { $0["name"] as! String } == ["Coding"])
    }

    @Test func emptyStatesInTheMinimalTrackersWords() {
        let scratch = Scratch("units 1\n")
        #expect(scratch.run(["habits"]).out == "Get started by adding your first habit.\n  units habit add NAME\n")
        #expect(scratch.run(["history", "--today", "2025-12-14"]).out == "Your history will appear here once you start tracking habits.\n")
        #expect(scratch.run(["insights", "--today", "2025-12-14"]).out.hasSuffix("Complete a few habits to see insights about your patterns.\n"))
    }

    @Test func aCheckHabitsCardShowsItsDays() {
        let run = Self.run(["card", "Meditate", "--out", "-"])
        #expect(run.code == .ok, "\(run.err)")
        #expect(run.out.contains("<title>Meditate: Showed up 6 of 28 days in the last 28 days · 20% over 30 days.</title>"), "\(run.out.prefix(300))")
        #expect(run.out.contains("2025-12-12: KINDA") && run.out.contains("2025-12-10: NO"))
        let group = Self.run(["card", "Exercise", "--out", "-"])
        #expect(group.code == .usage && group.err.contains("is a group"))
    }

    /// A check habit with no day expected in the card's window (new, or
    /// expected on a day still ahead) has nothing to show up for: the card
    /// says so in the receipt's words, not "0 of 0 days".
    @Test func aCheckHabitsCardWithNothingDueSaysSo() {
        let scratch = Scratch("units 1\n2025-12-14 habit Piano\n  kind: check\n  every: fri\n")
        let run = scratch.run(["card", "Piano", "--out", "-", "--today", "2025-12-14"])
        #expect(run.code == .ok, "\(run.err)")
        #expect(!run.out.contains("0 of 0"), "\(run.out.prefix(400))")
        #expect(run.out.contains("<title>Piano: No check-ins were due in the last 28 days.</title>"), "\(run.out.prefix(400))")
    }
}
