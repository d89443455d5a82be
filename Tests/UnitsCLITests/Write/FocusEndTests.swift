import Foundation
import Testing
@testable import UnitsCLI

/// The end of a focus session, as the redesign's focus mode ends: the bell
/// when the time is up, "Nice work!" with what is left today, and for a
/// group the question "Which one did you do?" before anything is logged.
extension FocusTests {
    static let groupJournal = """
        units 1
        2025-12-01 group Exercise
        2025-12-01 habit Gym
          kind:  check
          group: Exercise
        2025-12-01 habit Swim
          kind:  check
          group: Exercise

        """

    @Test func theTimeUpRingsTheBellAndSaysNiceWork() throws {
        let scratch = Scratch(RoutineWritesTests.journal)
        let (code, box) = try focus(scratch, ["Study", "--minutes", "5"])
        #expect(code == .ok, "\(box.err)")
        #expect(box.out.contains("0:00 left \u{07}\n"), "\(box.out.suffix(120).replacingOccurrences(of: "\r", with: "<CR>"))")
        #expect(box.out.hasSuffix("Nice work! 7 things left today.\n"), "\(box.out.suffix(120).replacingOccurrences(of: "\r", with: "<CR>"))")
        // Stopped early: no bell.
        let early = try focus(scratch, ["Study", "--minutes", "25"], answer: "y", interruptAt: 2 * 60)
        #expect(early.code == .ok && !early.box.out.contains("\u{07}"), "\(early.box.out.suffix(120).replacingOccurrences(of: "\r", with: "<CR>"))")
    }

    @Test func aGroupAsksWhichOneBeforeTheTimerAndLogsThatOption() throws {
        let scratch = Scratch(Self.groupJournal)
        let (code, box) = try focus(scratch, ["Exercise", "--minutes", "1"], answer: "2")
        #expect(code == .ok, "\(box.err)")
        #expect(box.out.hasPrefix("Which one did you do? 1) Gym  2) Swim Focus on Swim for 1 minute."), "\(box.out.suffix(120).replacingOccurrences(of: "\r", with: "<CR>"))")
        #expect(scratch.text().hasSuffix("2025-12-14 Swim yes ; focus, 1 min\n"), "\(scratch.text())")
        #expect(box.out.hasSuffix("Nice work! Nothing left for today.\n"), "\(box.out.suffix(120).replacingOccurrences(of: "\r", with: "<CR>"))")
    }

    @Test func aGroupTakesOptionByNameAndRefusesAWrongOne() throws {
        let scratch = Scratch(Self.groupJournal)
        let named = try focus(scratch, ["Exercise", "--no-timer", "--option", "gym"])
        #expect(named.code == .ok, "\(named.box.err)")
        #expect(scratch.text().contains("2025-12-14 Gym yes ; focus, 25 min\n"), "\(scratch.text())")
        let wrong = try focus(scratch, ["Exercise", "--no-timer", "--option", "Run"])
        #expect(wrong.code == .usage && wrong.box.err.contains("not an option of Exercise (Gym, Swim)"), "\(wrong.box.err)")
        let none = try focus(scratch, ["Exercise", "--no-timer"], answer: "7")
        #expect(none.code == .failure && none.box.err.contains("nothing logged"))
    }
}
