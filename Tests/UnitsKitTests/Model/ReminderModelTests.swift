import Testing
@testable import UnitsKit

/// `remind:` and the day reminders' options in the model (format.md 6.4, 9.13).
@Suite struct ReminderModelTests {
    static func journal(_ text: String) -> Journal { Journal(tree: Parser.parse(SourceFile(path: "<input>", bytes: Array(text.utf8)))) }

    @Test func parsesTimesAndDays() throws {
        #expect(try Reminder.parse(["21:00"]).get() == Reminder(minutes: 21 * 60))
        #expect(try Reminder.parse(["07:05", "fri", "Monday"]).get() == Reminder(minutes: 425, days: [.monday, .friday]))
        #expect(try Reminder.parse(["00:00", "weekends"]).get() == Reminder(minutes: 0, days: [.saturday, .sunday]))
        #expect(try Reminder.parse(["23:59", "weekdays", "sun"]).get().days?.count == 6)
        #expect(Reminder(minutes: 425, days: [.friday, .monday]).description == "07:05 mon fri")
        for (words, word, message) in [(["25:00"], 0, "'25:00' is not a time of day"), (["12:60"], 0, "'12:60' is not a time of day"),
                                       (["8:00"], 0, "write `08:00`"), (["8am"], 0, "expected a time HH:MM"),
                                       (["08:00", "mon", "fry"], 2, "did you mean 'fri'?"),
                                       (["08:00", "weekdays", "tue"], 2, "Tuesday is named twice"), ([], 0, "expected a time")] {
            guard case .failure(let problem) = Reminder.parse(words) else { Issue.record("\(words) parsed"); continue }
            #expect(problem.word == word && problem.message.contains(message), "\(words): \(problem)")
        }
    }

    @Test func habitsAndGroupsCarryTheirReminder() {
        let journal = Self.journal("""
            units 1
            option remind-morning 08:00
            option remind-evening 21:30
            2025-12-01 group Exercise
              remind: 06:30 weekdays
            2025-12-01 habit Walk
              remind: 18:00
            2025-12-01 habit Run
              remind: 25:00

            """)
        #expect(journal.diagnostics.isEmpty, "a bad reminder is the linter's to report: \(journal.diagnostics)")
        #expect(journal.habit(named: "Exercise")?.reminder == Reminder(minutes: 390, days: [.monday, .tuesday, .wednesday, .thursday, .friday]))
        #expect(journal.habit(named: "Walk")?.reminder == Reminder(minutes: 1080))
        #expect(journal.habit(named: "Run")?.reminder == nil)
        #expect(journal.options.morningReminder == 480 && journal.options.eveningReminder == 1290)
        #expect(Self.journal("units 1\n").options.morningReminder == nil && Self.journal("units 1\n").options.eveningReminder == nil)
        // The JSON export carries them.
        let json = JournalExport(journal).json()
        #expect(json.contains(#""remindMorning": "08:00","#) && json.contains(#""remindEvening": "21:30","#), "\(json)")
        #expect(json.contains(#""remind": "06:30 mon tue wed thu fri","#) && json.contains(#""remind": "18:00","#) && json.contains(#""remind": null,"#))
    }

    @Test func dayReminderOptionsAreCheckedLikeDayStart() {
        let messages = Self.journal("option remind-morning 8:00\noption remind-evening 24:00\noption remind-morning 07:00\noption remind-morning 07:30\n")
            .diagnostics.map { "\($0.rule): \($0.message)" }
        #expect(messages == [
            "invalid-option: expected a time HH:MM, e.g. `option remind-morning 08:00`",
            "invalid-option: remind-evening must be a time from 00:00 to 23:59",
            "invalid-option: remind-morning is already set to '8:00' above: a journal has one remind-morning",
            "invalid-option: remind-morning is already set to '8:00' above: a journal has one remind-morning",
        ])
    }
}
