import Foundation
import Testing
@testable import UnitsCLI
import UnitsKit

/// The write matrix: every writing command (every subcommand, every flag
/// that changes what is written) on a canonical journal with aligned
/// blocks, LF and CRLF. After each write `units-fmt --check` passes (for
/// CRLF: every line still ends in CRLF and the LF text is canonical),
/// `units-lint --strict` still finds nothing, and `units undo`, once per
/// write, restores the file byte for byte.
@Suite struct WriteMatrixTests {
    static let journal = """
        units 1

        2025-12-01 habit Walk
          unit:  lap
          size:  0.25 miles
          floor: 5/week
        2025-12-01 habit Weightlifting
          unit:  set
          floor: 3/week
        2025-12-01 habit Meditate
          kind: check
        2025-12-01 habit Swim
        2025-12-01 group Sport
        2025-12-01 habit Run
          group: Sport
        2025-12-01 task "Buy shoes" 2 Walk

        2025-12-10 Walk          4
        2025-12-10 Weightlifting 2 ; heavy
        2025-12-13 Walk          3

        """

    /// Each row: the commands of one scenario, run in order.
    static let rows: [[[String]]] = [
        [["log", "Weightlifting", "12"]],
        [["log", "Walk"]],
        [["log", "Walk", "3", "#park", "#dog", "--note", "with Rex"]],
        [["log", "Walk", "-1", "--date", "2025-12-13"]],                        // a correction
        [["log", "General", "2"]],
        [["log", "Walk", "2", "--date", "2025-12-11"]],                       // backfill into the block
        [["log", "Weightlifting", "20", "--date", "2025-12-05"]],             // backfill before every entry
        [["log", "Meditate", "kinda"], ["log", "Meditate", "yes"]],           // the second replaces the first
        [["log", "Meditate", "skip", "--date", "2025-12-10"]],
        [["log", "Swim", "1", "--today", "2025-12-14"]],
        [["habit", "add", "Reading", "--unit", "page pg", "--size", "1 page", "--floor", "20", "--title", "Read  more",
          "--color", "green", "--icon", "book", "--note", "before bed", "--priority", "must", "--group", "Sport"]],
        [["habit", "add", "Floss", "--kind", "check", "--every", "mon wed fri", "--type", "build"]],
        [["habit", "add", "Read10", "--kind", "check", "--goal", "10", "--min", "2"]],
        [["habit", "add", "Smoke", "--kind", "check", "--type", "quit"]],
        [["habit", "add", "Early", "--floor", "0", "--date", "2025-12-05"]],    // backdated: date order
        [["task", "add", "Fix bike", "--units", "3", "--habit", "Walk", "#errand"]],
        [["task", "add", "Call mum"], ["task", "done", "Call mum"]],
        [["task", "done", "Buy shoes"]],
        [["task", "drop", "Buy shoes"]],
        [["unit", "Walk", "mile", "mi", "--size", "1 mile"]],
        [["unit", "Weightlifting", "rep"]],
        [["floor", "Walk", "7"]],
        [["floor", "Weightlifting", "0"]],
        [["archive", "Swim"], ["unarchive", "Swim"]],
        [["archive", "Sport"]],
        [["rename", "Weightlifting", "Lift"]],
        [["rename", "Walk", "Wandering"]],
        [["rename", "Sport", "Sports"]],
        // The routine writes (writes2; more in RoutineWritesTests).
        [["pause", "Walk", "--from", "2025-12-15", "--until", "2025-12-20"]],
        [["pause", "Sport", "--from", "2025-12-11", "--until", "2025-12-20"], ["resume", "Sport"]],
        [["habit", "set", "Walk", "floor=7", "title=Walking", "colour=green", "unit=mile mi", "size=1 mile"]],
        [["habit", "set", "Meditate", "every=weekdays", "priority=must", "note=ten breaths"]],
        [["habit", "delete", "Swim", "--yes"]],
        [["habit", "delete", "Walk", "--yes"]],
        [["group", "add", "Strength", "Weightlifting", "Swim", "--priority", "must"]],
        [["task", "done", "1"]],
        [["amend", "5", "--note", "felt good", "#evening"]],
        [["focus", "Meditate", "--no-timer"], ["habit", "set", "Weightlifting", "size=5 minutes"], ["focus", "Weightlifting", "--no-timer", "--minutes", "25"]],
        [["habit", "add", "--from-template", "Drink-water"], ["habit", "add", "--from-template", "Pages"]],
        [["log", "Walk", "1"], ["log", "Weightlifting", "1"], ["habit", "add", "Yoga"], ["log", "Yoga", "2"],
         ["task", "add", "Stretch"], ["rename", "Yoga", "Pilates"], ["floor", "Pilates", "2"]],
    ]

    @Test(arguments: [false, true])
    func everyWriteKeepsTheJournalCanonicalCleanAndUndoable(crlf: Bool) throws {
        for commands in Self.rows {
            let original = crlf ? Self.journal.replacingOccurrences(of: "\n", with: "\r\n") : Self.journal
            let scratch = Scratch(original)
            try #require(Self.isCanonical(scratch, crlf: crlf), "the starting journal must be canonical")
            try #require(runTool(LintCommand.self, ["--strict", scratch.journal]).code == .ok)
            for command in commands {
                let run = scratch.run(command)
                #expect(run.code == .ok, "\(command): \(run.err)")
                #expect(Self.isCanonical(scratch, crlf: crlf), "\(command) (crlf: \(crlf)) left:\n\(scratch.text())")
                let lint = runTool(LintCommand.self, ["--strict", scratch.journal])
                #expect(lint.code == .ok, "\(command) (crlf: \(crlf)): \(lint.out)\(lint.err)")
            }
            for _ in commands {
                let undo = scratch.run(["undo"])
                #expect(undo.code == .ok, "undo after \(commands): \(undo.err)")
            }
            #expect(scratch.text() == original, "undo of \(commands) (crlf: \(crlf)) left:\n\(scratch.text())")
        }
    }

    /// units-fmt itself: a non-canonical journal is formatted, and undone.
    @Test func formattingIsUndoable() {
        let messy = "units   1\n2025-12-01 habit  Walk\n  unit:lap\n2025-12-02   Walk  3\n"
        let scratch = Scratch(messy)
        #expect(runTool(FormatCommand.self, [scratch.journal], environment: ["XDG_STATE_HOME": scratch.stateHome]).code == .ok)
        #expect(Self.isCanonical(scratch, crlf: false))
        #expect(scratch.run(["undo"]).code == .ok)
        #expect(scratch.text() == messy)
    }

    /// A journal that was not canonical is not reformatted beyond the new lines.
    @Test func aNonCanonicalJournalIsOnlyTouchedWhereWritten() {
        let messy = "units 1\n2025-12-01 habit Walk\n2025-12-01 habit Weightlifting\n\n2025-12-10 Walk   4\n2025-12-13 Walk 3\n"
        let scratch = Scratch(messy)
        #expect(scratch.run(["log", "Weightlifting", "2"]).code == .ok)
        #expect(scratch.text() == messy + "2025-12-14 Weightlifting 2\n")
        #expect(scratch.run(["log", "Walk", "1", "--date", "2025-12-12"]).code == .ok)
        #expect(scratch.text() == messy.replacingOccurrences(of: "Walk   4\n", with: "Walk   4\n2025-12-12 Walk 1\n") + "2025-12-14 Weightlifting 2\n")
    }

    static func isCanonical(_ scratch: Scratch, crlf: Bool) -> Bool {
        let bytes = scratch.bytes()
        if crlf {
            // Every line ending is CRLF, and the text with LF endings is canonical.
            for (i, b) in bytes.enumerated() where b == 0x0A { if i == 0 || bytes[i - 1] != 0x0D { return false } }
            let lf = scratch.text().replacingOccurrences(of: "\r\n", with: "\n")
            return Formatter.formatted(lf) == lf
        }
        return runTool(FormatCommand.self, ["--check", scratch.journal]).code == .ok
    }
}
