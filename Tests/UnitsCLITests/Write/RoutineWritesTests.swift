import Foundation
import Testing
@testable import UnitsCLI
import UnitsKit

/// The routine writes and delete (pause, resume, habit
/// set, habit delete, group add, task done N, amend, focus --no-timer):
/// each on a canonical journal with aligned blocks, LF and CRLF: the result
/// is `units-fmt --check` clean, `units-lint --strict` clean, and `units undo`
/// restores the file byte for byte. Then the refusal table: each exits 2
/// (usage) or 1 (refused) naming why, and leaves the file byte-identical.
@Suite struct RoutineWritesTests {
    static let journal = """
        units 1

        2025-12-01 habit Reading
          unit:  page
          floor: 20/week
        2025-12-01 habit Study
          unit: block
          size: 5 minutes
        2025-12-01 habit Read-10
          kind: check
          goal: 10 pages
          min:  1 page
        2025-12-01 habit Meditate
          kind: check
        2025-12-01 habit Gym
          kind: check
        2025-12-01 habit Swim
          kind: check
        2025-12-01 task "Buy butter" 0
        2025-12-01 task "Call mum"
        2025-12-01 task "Fix bike" 2 Reading

        2025-12-08 Reading  5
        2025-12-10 Read-10  8
        2025-12-10 Meditate yes
        2025-12-13 Reading  2 #train ; commute
        2025-12-14 Study    1

        """

    /// Each row: the commands of one scenario, run in order (today is 2025-12-14).
    static let rows: [[[String]]] = [
        [["pause", "Gym", "--from", "2025-12-15", "--until", "2025-12-20", "--note", "away"]],
        [["pause", "Gym", "--from", "2025-12-12", "--until", "2025-12-20"], ["resume", "Gym"]],
        [["pause", "Swim", "--until", "2025-12-20"], ["resume", "Swim"]],          // began today: removed
        [["habit", "set", "Read-10", "goal=5 pages"]],
        [["habit", "set", "Read-10", "goal=20 pages", "min=12 pages"]],
        [["habit", "set", "Read-10", "goal=4 pages", "min=2 pages", "--date", "2025-12-11"]],  // backdated: date order
        [["habit", "set", "Reading", "title=Read  more", "color=blue", "icon=book", "note=before bed", "priority=must"]],
        [["habit", "set", "Reading", "floor=10", "unit=chapter ch", "size=1 chapter"]],
        [["habit", "set", "Study", "size=10 minutes"]],
        [["habit", "set", "Study", "colour=green"]],
        [["habit", "set", "Meditate", "every=mon wed fri", "priority=must"], ["habit", "set", "Meditate", "priority="]],
        [["habit", "delete", "Reading", "--yes"]],                                   // unlinks "Fix bike"
        [["habit", "delete", "Swim", "--yes"]],
        [["pause", "Gym", "--until", "2025-12-20"], ["habit", "delete", "Gym", "-y"]],
        [["group", "add", "Exercise", "Gym", "Swim", "--priority", "must", "--every", "5/week"]],
        [["group", "add", "Practice", "--members", "Read-10,Meditate", "--title", "Daily  practice"]],
        [["group", "add", "Sport", "Gym", "Swim"], ["habit", "add", "Yoga", "--kind", "check", "--group", "Sport"], ["habit", "delete", "Gym", "--yes"]],
        [["task", "done", "1"]],                                                     // the reminder: logs nothing
        [["task", "done", "3"], ["task", "done", "call"], ["task", "drop", "1"]],
        [["task", "done", "Fix"]],
        [["task", "done", "2", "--date", "2025-12-09"]],                            // backdated: date order
        [["amend", "3"]],
        [["amend", "--note", "after lunch", "#deep"]],
        [["log", "Reading", "4", "#bus", "--note", "x"], ["amend", "--no-note", "--no-tags"]],
        [["log", "Meditate", "kinda"], ["amend", "yes"]],
        [["log", "Read-10", "12"], ["amend", "8", "--note", "fewer than I thought"]],
        [["habit", "add", "--from-template", "Drink-water"], ["habit", "add", "--from-template", "No-scrolling"]],
        [["habit", "add", "Books", "--from-template", "Pages", "--goal", "20 pages", "--priority", "must"]],
        [["habit", "add", "--from-template", "walk", "--floor", "7"]],
        [["habit", "add", "--from-template", "Sleep", "--date", "2025-12-05"]],
        [["habit", "delete", "Study", "--yes"], ["habit", "delete", "Read-10", "--yes"], ["habit", "delete", "Meditate", "--yes"]],
    ]

    @Test(arguments: [false, true])
    func everyRoutineWriteIsCanonicalCleanAndUndoable(crlf: Bool) throws {
        for commands in Self.rows {
            try Self.check(commands, on: Self.journal, crlf: crlf)
        }
    }

    /// Runs `commands` on `text`, checking fmt, lint and undo after each.
    static func check(_ commands: [[String]], on text: String, crlf: Bool, stdin: String? = nil) throws {
        let original = crlf ? text.replacingOccurrences(of: "\n", with: "\r\n") : text
        let scratch = Scratch(original)
        try #require(WriteMatrixTests.isCanonical(scratch, crlf: crlf), "the starting journal must be canonical")
        try #require(runTool(LintCommand.self, ["--strict", "--today", "2025-12-14", scratch.journal]).code == .ok)
        for (k, command) in commands.enumerated() {
            let run = scratch.run(command)
            #expect(run.code == .ok, "\(command): \(run.err)")
            if k == 0 { #expect(scratch.text() != original, "\(command) changed nothing") }
            #expect(WriteMatrixTests.isCanonical(scratch, crlf: crlf), "\(command) (crlf: \(crlf)) left:\n\(scratch.text())")
            let lint = runTool(LintCommand.self, ["--strict", "--today", "2025-12-14", scratch.journal])
            #expect(lint.code == .ok, "\(command) (crlf: \(crlf)): \(lint.out)\(lint.err)\n\(scratch.text())")
        }
        for _ in commands {
            let undo = scratch.run(["undo"])
            #expect(undo.code == .ok, "undo after \(commands): \(undo.err)")
        }
        #expect(scratch.text() == original, "undo of \(commands) (crlf: \(crlf)) left:\n\(scratch.text())")
    }

    /// A refusal: the arguments, the exit code, words the message must have.
    struct Refusal: CustomStringConvertible, Sendable {
        var arguments: [String]
        var code: ExitCode
        var says: String
        var description: String { arguments.joined(separator: " ") }
        init(_ arguments: [String], _ code: ExitCode, _ says: String) {
            self.arguments = arguments
            self.code = code
            self.says = says
        }
    }

    static let refusals: [Refusal] = [
        // pause / resume
        Refusal(["pause", "Gym"], .usage, "--until DATE is required"),
        Refusal(["pause", "Gym", "Swim", "--until", "2025-12-20"], .usage, "unexpected 'Swim': expected one habit"),
        Refusal(["resume", "Gym", "Swim"], .usage, "unexpected 'Swim'"),
        Refusal(["pause", "Gym", "--until", "someday"], .usage, "got 'someday'"),
        Refusal(["pause", "Gim", "--until", "2025-12-20"], .failure, "did you mean 'Gym'"),
        Refusal(["pause", "Gym", "--from", "2025-12-20", "--until", "2025-12-15"], .failure, "is before the first paused day"),
        Refusal(["pause", "Meditate", "--from", "2025-12-09", "--until", "2025-12-11"], .failure, "has an entry on 2025-12-10"),
        Refusal(["resume", "Gym"], .failure, "'Gym' is not paused on 2025-12-14"),
        Refusal(["resume"], .usage, "expected one habit"),
        // habit set
        Refusal(["habit", "set"], .usage, "which habit?"),
        Refusal(["habit", "set", "Reading"], .usage, "what to set?"),
        Refusal(["habit", "set", "Reading", "floor"], .usage, "expected key=value, got 'floor'"),
        Refusal(["habit", "set", "Reading", "colr=red"], .usage, "did you mean 'color'?"),
        Refusal(["habit", "set", "Reading", "colour=red", "color=blue"], .usage, "'color' is given twice"),
        Refusal(["habit", "set", "Reading", "kind=check"], .usage, "'kind' cannot be set"),
        Refusal(["habit", "set", "Reading", "group=Sport"], .usage, "`units group add"),
        Refusal(["habit", "set", "Reading", "floor=1", "floor=2"], .usage, "'floor' is given twice"),
        Refusal(["habit", "set", "Reading", "floor=many"], .usage, "floor expects a whole number"),
        Refusal(["habit", "set", "Read-10", "goal=0"], .usage, "goal expects a positive number"),
        Refusal(["habit", "set", "Reading", "unit=a b c"], .usage, "unit expects a unit name"),
        Refusal(["habit", "set", "Readin", "floor=3"], .failure, "did you mean 'Reading'?"),
        Refusal(["habit", "set", "Reading", "floor=20"], .failure, "Reading's floor is already 20/week"),
        Refusal(["habit", "set", "Reading", "goal=5"], .failure, "is a count habit"),
        Refusal(["habit", "set", "Meditate", "floor=5"], .failure, "is a check habit and has no floor"),
        Refusal(["habit", "set", "Read-10", "goal=10 pages"], .failure, "goal is already 10"),
        Refusal(["habit", "set", "Read-10", "min=12"], .failure, "[goal-min]"),
        Refusal(["habit", "set", "Read-10", "goal=5", "--date", "2025-12-20"], .failure, "is in the future"),
        Refusal(["habit", "set", "Reading", "color=blurple"], .failure, "nothing was written"),
        Refusal(["habit", "set", "Reading", "note="], .failure, "has no note to remove"),
        // group add
        Refusal(["group"], .usage, "expected add after `units group`"),
        Refusal(["group", "make", "X"], .usage, "expected add after `units group`, got 'make'"),
        Refusal(["group", "add"], .usage, "what is the group called?"),
        Refusal(["group", "add", "9lives", "Gym"], .usage, "'9lives' is not a valid name"),
        Refusal(["group", "add", "Sport", "Gym", "Gym"], .usage, "member 'Gym' is given twice"),
        Refusal(["group", "add", "Sport", "Sport"], .usage, "cannot be a member of itself"),
        Refusal(["group", "add", "Sport", "--members", "Gym,,Swim"], .usage, "a name cannot be empty"),
        Refusal(["group", "add", "Reading", "Gym"], .failure, "'Reading' is already a habit"),
        Refusal(["group", "add", "General", "Gym"], .failure, "'General' is already the built-in habit"),
        Refusal(["group", "add", "Sport", "Gim"], .failure, "did you mean 'Gym'?"),
        Refusal(["group", "add", "Sport", "General"], .failure, "'General' is built in"),
        Refusal(["group", "add", "Sport", "Gym", "--every", "often"], .failure, "nothing was written"),
        Refusal(["group", "add", "Later"], .usage, "a group needs at least one member"),
        // task done / drop N|TITLE|PREFIX
        Refusal(["task", "done"], .usage, "which task? give its number"),
        Refusal(["task", "done", "1", "2"], .usage, "unexpected '2'"),
        Refusal(["task", "done", "4"], .failure, "no task 4: the open tasks are 1 to 3"),
        Refusal(["task", "done", "0"], .failure, "no task 0"),
        Refusal(["task", "drop", "9"], .failure, "no task 9"),
        Refusal(["task", "done", "Q"], .failure, "no open task \"Q\""),
        Refusal(["task", "done", "Xyz"], .failure, "no open task \"Xyz\""),
        Refusal(["task", "done", "1", "--date", "2025-11-30"], .failure, "was opened on 2025-12-01, after 2025-11-30"),
        // habit add --from-template
        Refusal(["habit", "add", "--from-template", "Wlak"], .usage, "no template 'Wlak'; did you mean 'Walk'?"),
        Refusal(["habit", "add", "--from-template", "Walk", "--kind", "check"], .usage, "the template Walk has unit: lap"),
        Refusal(["habit", "add", "--from-template", "Reading"], .failure, "'Reading' is already a habit"),
        Refusal(["habit", "add", "A", "B", "--from-template", "Walk"], .usage, "one name"),
        // amend
        Refusal(["amend"], .usage, "what to change?"),
        Refusal(["amend", "3", "4"], .usage, "'4' is a second one"),
        Refusal(["amend", "lots"], .usage, "got 'lots'"),
        Refusal(["amend", "#bad tag"], .usage, "not a valid tag"),
        Refusal(["amend", "--note", "x", "--no-note"], .usage, "--note and --no-note together"),
        Refusal(["amend", "#x", "--no-tags"], .usage, "#tags and --no-tags together"),
        Refusal(["amend", "yes"], .failure, "'Study' counts units"),
        Refusal(["amend", "0"], .failure, "0 units: nothing to log"),
        Refusal(["amend", "1"], .failure, "nothing to change"),
        Refusal(["amend", "-2"], .failure, "Study has 0 on 2025-12-14 without this entry; -2 would make it -2"),
        // habit delete
        Refusal(["habit", "delete"], .usage, "give one habit name"),
        Refusal(["habit", "delete", "Reading", "Gym"], .usage, "unexpected 'Gym'"),
        Refusal(["habit", "delete", "Reading"], .usage, "standard input is not a terminal"),
        Refusal(["habit", "delete", "Readin", "--yes"], .failure, "did you mean 'Reading'?"),
        Refusal(["habit", "delete", "General", "--yes"], .failure, "no habit named 'General'"),
        Refusal(["habit", "set", "Reading", "every=daily"], .failure, "'Reading' is a count habit: every is for check habits and groups"),
    ]

    @Test(arguments: refusals)
    func refusedWritesLeaveTheFileAlone(refusal: Refusal) {
        let scratch = Scratch(Self.journal)
        let before = scratch.bytes()
        let run = scratch.run(refusal.arguments)
        #expect(run.code == refusal.code, "\(refusal): \(run.out)\(run.err)")
        #expect(run.err.contains(refusal.says), "\(refusal): \(run.err)")
        #expect(!run.out.contains("•"), "\(refusal) printed \(run.out)")
        #expect(scratch.bytes() == before, "\(refusal) changed the file")
    }

    /// `habit set goal=` keeps the past: the 8 logged under goal 10 stays
    /// KINDA, an 8 after the change is YES.
    @Test func aGoalChangeKeepsPastCheckInsAsTheyWere() throws {
        let scratch = Scratch(Self.journal)
        #expect(scratch.run(["habit", "set", "Read-10", "goal=5 pages"]).code == .ok)
        #expect(scratch.text().contains("\n2025-12-14 goal Read-10 5 pages\n"))
        #expect(scratch.run(["log", "Read-10", "8"]).code == .ok)
        let journal = Journal.load(path: scratch.journal)
        let habit = try #require(journal.habit(named: "Read-10"))
        let states = journal.entries.filter { Int($0.habit) == habit.id }.map { journal.checkState(of: $0) }
        #expect(states == [.kinda, .yes])
    }
}

/// A journal that was not canonical is changed only where written.
@Suite struct NonCanonicalRoutineWritesTests {
    static let messy = "units 1\n2025-12-01 habit Reading\n  unit:page\n2025-12-01 habit   Walk\n2025-12-01 habit Gym\n\n2025-12-10 Reading   4\n2025-12-11 Walk 3\n2025-12-12 Reading 1\n"

    @Test func habitSetTouchesOnlyItsLines() {
        let scratch = Scratch(Self.messy)
        #expect(scratch.run(["habit", "set", "Walk", "title=Walking", "floor=3"]).code == .ok)
        #expect(scratch.text() == Self.messy.replacingOccurrences(of: "habit   Walk\n", with: "habit   Walk\n  title: Walking\n") + "2025-12-14 floor Walk 3/week\n")
        #expect(scratch.run(["undo"]).code == .ok)
        #expect(scratch.text() == Self.messy)
    }

    @Test func deleteAndGroupAddTouchOnlyTheirLines() {
        let scratch = Scratch(Self.messy)
        #expect(scratch.run(["habit", "delete", "Walk", "--yes"]).code == .ok)
        #expect(scratch.text() == Self.messy.replacingOccurrences(of: "2025-12-01 habit   Walk\n", with: "").replacingOccurrences(of: "2025-12-11 Walk 3\n", with: ""))
        #expect(scratch.run(["undo"]).code == .ok)
        #expect(scratch.run(["group", "add", "Move", "Walk", "Gym"]).code == .ok)
        #expect(scratch.text() == Self.messy.replacingOccurrences(of: "2025-12-01 habit   Walk\n2025-12-01 habit Gym\n",
                                                                with: "2025-12-01 group Move\n2025-12-01 habit   Walk\n  group: Move\n2025-12-01 habit Gym\n  group: Move\n"))
        #expect(scratch.run(["undo"]).code == .ok)
        #expect(scratch.text() == Self.messy)
    }
}

/// Real processes at once: 30 `units log`, 10 `units habit set` (each
/// rewrites the file), a `group add` and a `pause` on one journal: every
/// logged line lands exactly once, every write succeeds, and the result is
/// canonical and lint-clean.
@Suite struct ConcurrentRoutineWritesTests {
    @Test func rewritesAndAppendsAtOnceLoseNothing() throws {
        let scratch = Scratch(WriteMatrixTests.journal)
        var processes: [Process] = []
        for i in 0..<30 {
            processes.append(try WritePathProcessTests.spawn("units", ["log", "General", "\(i + 1)", "--note", "writer \(i)", "--file", scratch.journal], scratch: scratch))
            if i % 3 == 0 {
                processes.append(try WritePathProcessTests.spawn("units", ["habit", "set", "Walk", "note=setter \(i)", "--file", scratch.journal], scratch: scratch))
            }
        }
        processes.append(try WritePathProcessTests.spawn("units", ["group", "add", "Strength", "Weightlifting", "--file", scratch.journal], scratch: scratch))
        processes.append(try WritePathProcessTests.spawn("units", ["pause", "Meditate", "--from", "2025-12-15", "--until", "2025-12-20", "--file", scratch.journal], scratch: scratch))
        for process in processes {
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
        }
        for process in processes { process.waitUntilExit() }
        #expect(processes.allSatisfy { $0.terminationStatus == 0 }, "\(processes.map(\.terminationStatus))")
        let text = scratch.text()
        let lines = text.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        for i in 0..<30 {
            #expect(lines.filter { $0 == "2025-12-14 General \(i + 1) ; writer \(i)" }.count == 1, "writer \(i)")
        }
        #expect(lines.filter { $0.hasPrefix("note: setter ") }.count == 1, "\(text)")
        #expect(lines.contains("2025-12-01 group Strength") && lines.contains("2025-12-15 pause Meditate 2025-12-20"), "\(text)")
        #expect(runTool(LintCommand.self, ["--strict", "--today", "2025-12-14", scratch.journal]).code == .ok)
        #expect(runTool(FormatCommand.self, ["--check", scratch.journal]).code == .ok, "not canonical:\n\(text)")
        #expect(WritePathProcessTests.temporaries(in: scratch.directory).isEmpty)
    }
}
