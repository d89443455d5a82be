import Foundation
import Testing
@testable import UnitsCLI
import UnitsKit

/// What a newcomer's first evening needs: a habit that starts before today
/// (yesterday's check-in, history from another tracker), plans for next
/// month that do not get in the way of lines appended after them, and a way
/// to put a journal in date order.
@Suite struct FirstEveningTests {
    /// scripts/first-evening.sh with the built tools: an empty home, `units
    /// init`, two habits, yesterday's check-in, a note with a tag, a pause for
    /// next month, a line appended by hand, harsh history from before the
    /// journal began, tonight's log: every step exits 0 and `units-lint
    /// --strict` stays silent after each.
    @Test func theFirstEvening() throws {
        let units = try #require(unitsExecutable(), "build the executables first (swift build)")
        let bin = URL(fileURLWithPath: units).deletingLastPathComponent().path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [CLI.repositoryRoot.appendingPathComponent("scripts/first-evening.sh").path]
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = bin + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["UNITS_NOW"] = "2025-12-14T20:00"
        environment["KEEP"] = "1"
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(output)")
        #expect(output.contains("every step exited 0 and units-lint --strict stayed silent"), "\(output)")
        // The history landed in date order, before the habits of this evening.
        let history = output.range(of: "2025-11-30 Journal no\n"), evening = output.range(of: "2025-12-13 habit Meditate\n")
        #expect(history != nil && evening != nil && history!.upperBound <= evening!.lowerBound, "\(output)")
    }

    static let fresh = """
        units 1

        2025-12-14 habit Reading
          unit:  page
          floor: 5/week

        """

    @Test func sinceLetsAHabitTakeEarlierDays() {
        let scratch = Scratch(Self.fresh)
        let add = scratch.run(["habit", "add", "Meditate", "--kind", "check", "--since", "yesterday"])
        #expect(add.code == .ok, "\(add.err)")
        #expect(scratch.text().contains("2025-12-13 habit Meditate\n  kind:     check\n  priority: must\n"), "\(scratch.text())")
        let log = scratch.run(["log", "Meditate", "yes", "--date", "yesterday"])
        #expect(log.code == .ok, "\(log.err)")
        #expect(scratch.text().contains("2025-12-13 Meditate yes\n"))
        // Two days named two ways, or a day that does not read: usage errors.
        #expect(scratch.run(["habit", "add", "Walk", "--since", "2025-12-01", "--date", "2025-12-02"]).code == .usage)
        #expect(scratch.run(["habit", "add", "Walk", "--since", "someday"]).code == .usage)
        #expect(scratch.run(["habit", "add", "Walk", "--since", "2025-12-20"]).code == .failure)
        let lint = runTool(LintCommand.self, ["--strict", "--today", "2025-12-14", scratch.journal])
        #expect(lint.code == .ok && lint.out.isEmpty, "\(lint.out)")
    }

    @Test func aLogBeforeTheDeclarationSaysHowToMoveIt() {
        let scratch = Scratch(Self.fresh)
        let run = scratch.run(["log", "Reading", "3", "--date", "yesterday"])
        #expect(run.code == .failure)
        #expect(run.err.contains("'Reading' is declared on 2025-12-14; cannot log it on 2025-12-13, before it exists."), "\(run.err)")
        #expect(run.err.contains("`units habit set Reading since=2025-12-13` starts it then"), "\(run.err)")
        #expect(run.err.contains("`units habit add Reading --since DATE`"), "\(run.err)")
        // As it says: the move, then the log.
        let move = scratch.run(["habit", "set", "Reading", "since=2025-12-13"])
        #expect(move.code == .ok, "\(move.err)")
        #expect(move.out.hasPrefix("Changed Reading: declared on 2025-12-13 (was 2025-12-14)"), "\(move.out)")
        #expect(scratch.run(["log", "Reading", "3", "--date", "yesterday"]).code == .ok)
        #expect(scratch.text().contains("\n2025-12-13 habit Reading\n  unit:  page\n  floor: 5/week\n2025-12-13 Reading 3\n"), "\(scratch.text())")
        // Undone, byte for byte.
        #expect(scratch.run(["undo"]).code == .ok)
        #expect(scratch.run(["undo"]).code == .ok)
        #expect(scratch.text() == Self.fresh)
    }

    /// since= moves the whole block past the lines dated before the old
    /// declaration, comments and attributes with it; only earlier.
    @Test func sinceMovesTheDeclarationBlockIntoDateOrder() {
        let text = """
            units 1

            2025-12-10 habit Walk
            2025-12-12 Walk 2
            2025-12-14 habit Reading
              unit:  page
              ; pages of anything
              floor: 5/week
            2025-12-14 Walk    1
            2025-12-14 Reading 4

            """
        let scratch = Scratch(text)
        let move = scratch.run(["habit", "set", "Reading", "since=2025-12-11"])
        #expect(move.code == .ok, "\(move.err)")
        #expect(scratch.text() == """
            units 1

            2025-12-10 habit Walk
            2025-12-11 habit Reading
              unit:  page
              ; pages of anything
              floor: 5/week
            2025-12-12 Walk    2
            2025-12-14 Walk    1
            2025-12-14 Reading 4

            """, "\(scratch.text())")
        let lint = runTool(LintCommand.self, ["--strict", "--today", "2025-12-14", scratch.journal])
        #expect(lint.code == .ok && lint.out.isEmpty, "\(lint.out)")
        #expect(runTool(FormatCommand.self, ["--check", scratch.journal]).code == .ok)
        // Later, or with other keys, or not a day: refused, nothing written.
        let later = scratch.run(["habit", "set", "Reading", "since=2025-12-12"])
        #expect(later.code == .failure && later.err.contains("moves a declaration earlier"), "\(later.err)")
        #expect(scratch.run(["habit", "set", "Reading", "since=2025-12-01", "floor=3"]).code == .usage)
        #expect(scratch.run(["habit", "set", "Reading", "since=someday"]).code == .usage)
        #expect(scratch.run(["habit", "set", "Reading", "since=2025-12-20"]).code == .failure)
    }

    /// A habit's name in another case is that habit when only one habit has
    /// the name whatever the case; the line gets the declared name.
    @Test func aNameInAnotherCaseIsTheOneHabitCalledSo() {
        let scratch = Scratch(Self.fresh)
        let run = scratch.run(["log", "reading", "3"])
        #expect(run.code == .ok, "\(run.err)")
        #expect(run.out.hasPrefix("Added 3 pages to Reading •"), "\(run.out)")
        #expect(scratch.text().hasSuffix("\n2025-12-14 Reading 3\n"), "\(scratch.text())")
        #expect(scratch.run(["log", "general", "2"]).code == .ok)
        #expect(scratch.text().hasSuffix("\n2025-12-14 General 2\n"), "\(scratch.text())")
        // Two habits called so in different cases: which one is not for units to guess.
        let two = Scratch(Self.fresh + "2025-12-14 habit READING\n")
        let refused = two.run(["log", "reading", "3"])
        #expect(refused.code == .failure)
        #expect(refused.err.contains("no habit named 'reading'; did you mean"), "\(refused.err)")
    }

    /// What `yes` means for a quit habit is said where it is declared.
    @Test func aQuitHabitSaysWhatYesMeans() {
        let scratch = Scratch(Self.fresh)
        let run = scratch.run(["habit", "add", "Doomscrolling", "--kind", "check", "--type", "quit"])
        #expect(run.code == .ok, "\(run.err)")
        #expect(run.out.hasPrefix("Declared quit habit Doomscrolling • `units log Doomscrolling yes` on a day you stayed away from it"), "\(run.out)")
    }

    @Test func initSinceDeclaresTheStartersEarlier() {
        let scratch = Scratch()
        let run = scratch.run(["init", scratch.journal, "--starter", "Reading", "--since", "2025-12-01"], file: false)
        #expect(run.code == .ok, "\(run.err)")
        #expect(scratch.text().contains("\n2025-12-01 habit Reading\n"), "\(scratch.text())")
        #expect(scratch.run(["log", "Reading", "2", "--date", "2025-12-02"]).code == .ok)
        let other = Scratch()
        #expect(other.run(["init", other.journal, "--since", "2025-12-20"], file: false).code == .usage)
    }

    /// A pause for next month written at the end, then lines appended by
    /// hand and by `units log`: no `date-order` warning, before or after
    /// the pause's days come.
    @Test func aFuturePlanDoesNotPutLaterLinesOutOfOrder() throws {
        let scratch = Scratch(Self.fresh)
        #expect(scratch.run(["pause", "Reading", "--from", "2026-01-05", "--until", "2026-01-10"]).code == .ok)
        #expect(scratch.text().hasSuffix("2026-01-05 pause Reading 2026-01-10\n"), "\(scratch.text())")
        var text = scratch.text() + "2025-12-14 Reading 4\n"
        scratch.write(text)
        for today in ["2025-12-14", "2026-01-07", "2026-02-01"] {
            let lint = runTool(LintCommand.self, ["--strict", "--today", today, scratch.journal])
            #expect(lint.code == .ok && lint.out.isEmpty, "\(today): \(lint.out)")
        }
        // A write goes after the plan too, as a hand append would.
        let log = scratch.run(["log", "Reading", "2"])
        #expect(log.code == .ok, "\(log.err)")
        text = scratch.text()
        #expect(text.hasSuffix("2026-01-05 pause Reading 2026-01-10\n2025-12-14 Reading 4\n2025-12-14 Reading 2\n"), "\(text)")
        // A backfill is still placed in date order among the other lines.
        scratch.now = "2025-12-16T12:00"
        #expect(scratch.run(["log", "Reading", "1", "--date", "2025-12-15"]).code == .ok)
        #expect(scratch.run(["log", "Reading", "5"]).code == .ok)
        #expect(scratch.run(["log", "Reading", "1", "--date", "2025-12-14"]).code == .ok)
        #expect(scratch.text().hasSuffix("2025-12-14 Reading 2\n2025-12-14 Reading 1\n2025-12-15 Reading 1\n2025-12-16 Reading 5\n"), "\(scratch.text())")
        // Out of order among non-plans still warns.
        scratch.write(scratch.text() + "2025-12-10 Reading 1\n")
        let lint = runTool(LintCommand.self, ["--strict", "--today", "2025-12-16", scratch.journal])
        #expect(lint.out.contains("[date-order]"), "\(lint.out)")
    }

    static let shuffled = """
        ; my habits
        units 1

        2025-12-01 habit Reading
          unit: page
          ; pages of anything
          floor: 5/week
        2025-12-20 pause Reading 2025-12-27   ; holiday
        2025-12-03 Reading 2
        ; units-lint: disable-next-line large-entry
        2025-12-02 Reading 40
        2025-12-03 Reading 1 ; the second of the day, kept after the first
        2025-12-01 habit Walk

        2025-12-02 Walk 1
        ; the end

        """

    static let sorted = """
        ; my habits
        units 1

        2025-12-01 habit Reading
          unit:  page
          ; pages of anything
          floor: 5/week
        2025-12-01 habit Walk
        ; units-lint: disable-next-line large-entry
        2025-12-02 Reading 40

        2025-12-02 Walk    1
        2025-12-03 Reading 2
        2025-12-03 Reading 1 ; the second of the day, kept after the first
        2025-12-20 pause Reading 2025-12-27 ; holiday
        ; the end

        """

    @Test func fmtSortPutsLinesInDateOrderLosingNothing() throws {
        let scratch = Scratch(Self.shuffled)
        let check = runTool(FormatCommand.self, ["--check", "--sort", scratch.journal])
        #expect(check.code == .failure)
        let run = runTool(FormatCommand.self, ["--sort", scratch.journal], environment: ["XDG_STATE_HOME": scratch.stateHome])
        #expect(run.code == .ok, "\(run.err)")
        #expect(scratch.text() == Self.sorted, "\(scratch.text())")
        let lint = runTool(LintCommand.self, ["--strict", "--today", "2025-12-14", scratch.journal])
        #expect(lint.code == .ok && lint.out.isEmpty, "\(lint.out)")
        // Sorted and canonical: nothing more to do.
        #expect(runTool(FormatCommand.self, ["--check", "--sort", scratch.journal]).code == .ok)
        // `units undo` takes the sort back, byte for byte.
        let undo = scratch.run(["undo"])
        #expect(undo.code == .ok, "\(undo.err)")
        #expect(scratch.text() == Self.shuffled)
    }

    /// Lines on each side of an `include` are sorted on their side only:
    /// what the included file declares stays above what uses it.
    @Test func sortKeepsIncludesWhereTheyAre() throws {
        let scratch = Scratch("units 1\n2025-12-02 habit B\n2025-12-01 habit A\ninclude \"more.units\"\n2025-12-05 C 1\n2025-12-03 A 1\n")
        scratch.write("2025-12-01 habit C\n", to: "more.units")
        let run = runTool(FormatCommand.self, ["--sort", scratch.journal], environment: ["XDG_STATE_HOME": scratch.stateHome])
        #expect(run.code == .ok, "\(run.err)")
        #expect(scratch.text() == "units 1\n2025-12-01 habit A\n2025-12-02 habit B\ninclude \"more.units\"\n2025-12-03 A 1\n2025-12-05 C 1\n", "\(scratch.text())")
    }

    /// Any line order, sorted: the same lines (as the printer lays them
    /// out), in non-decreasing date order, lines of one date in their order.
    @Test func sortIsAStablePermutation() throws {
        var generator = EveningRandom(seed: 4510)
        print("sortIsAStablePermutation: seed 4510")
        for round in 0..<200 {
            var lines = ["2025-12-01 habit Walk"]
            for k in 0..<Int.random(in: 1...30, using: &generator) {
                let day = Int.random(in: 1...28, using: &generator)
                let date = "2025-12-\(day < 10 ? "0" : "")\(day)"
                lines.append(Bool.random(using: &generator) ? "\(date) Walk \(k + 1)" : "; note \(k)")
            }
            let text = "units 1\n" + lines.joined(separator: "\n") + "\n"
            let tree = Parser.parse(SourceFile(path: "t.units", bytes: Array(text.utf8)))
            guard let moved = DateSort.sorted(tree) else { continue }
            #expect(DateSort.sameLines(Array(text.utf8), moved), "round \(round)")
            let after = String(decoding: moved, as: UTF8.self).split(separator: "\n").filter { $0.hasPrefix("2025") }
            let dates = after.map { $0.prefix(10) }
            #expect(dates == dates.sorted(), "round \(round)")
            // One date's entries keep their order (their values were numbered in file order).
            let values = after.dropFirst().map { Int($0.split(separator: " ")[2])! }
            for (a, b) in zip(after.dropFirst(), after.dropFirst().dropFirst()) where a.prefix(10) == b.prefix(10) {
                #expect(Int(a.split(separator: " ")[2])! < Int(b.split(separator: " ")[2])!, "round \(round): \(values)")
            }
        }
    }
}

/// xorshift64*: the same numbers for the same seed, on every platform.
private struct EveningRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed }
    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }
}

/// A unit named in the plural by an importer (`unit: pages`) is not
/// pluralised again ("pagess/day").
@Suite struct UnitPluralTests {
    @Test func aPluralUnitStaysAsItIs() {
        let scratch = Scratch("units 1\n2025-12-01 habit Reading\n  unit: pages\n2025-12-01 habit Run\n  unit: km\n2025-12-14 Reading 3\n2025-12-14 Run 5\n")
        let reading = scratch.run(["habit", "Reading", "--today", "2025-12-14"])
        #expect(reading.out.contains(" pages/day\n"), "\(reading.out)")
        #expect(!reading.out.contains("pagess"), "\(reading.out)")
        let run = scratch.run(["habit", "Run", "--today", "2025-12-14"])
        #expect(run.out.contains(" km/day\n"), "\(run.out)")
        let lint = runTool(LintCommand.self, ["--today", "2025-12-14", "-"], stdin: "units 1\n2025-12-01 habit Reading\n  unit: pages\n2025-12-14 Reading yes\n")
        #expect(lint.out.contains("log a number of pages, or"), "\(lint.out)")
    }
}

/// `units html` and `units card` write whole files: on a terminal, without
/// --out, they say so instead of printing hundreds of KB there.
@Suite struct PageOnATerminalTests {
    @Test func aPageIsNotPrintedOnATerminal() {
        let file = CLI.example("habits.units")
        for (command, name) in [(["html"], "habits.html"), (["card", "Reading"], "card.svg")] {
            let captured = CapturedIO()
            captured.io.outputIsTerminal = true
            let code = UnitsTool.main(command + ["--file", file, "--today", "2025-12-14"], io: captured.io)
            #expect(code == .usage)
            #expect(captured.out.isEmpty)
            #expect(captured.err.contains("name it with --out \(name)"), "\(captured.err)")
            let asked = CapturedIO()
            asked.io.outputIsTerminal = true
            #expect(UnitsTool.main(command + ["--file", file, "--today", "2025-12-14", "--out", "-"], io: asked.io) == .ok)
            #expect(asked.out.hasPrefix(name.hasSuffix("html") ? "<!DOCTYPE html>" : "<svg"), "\(asked.out.prefix(40))")
        }
        // Into a pipe or a file, as before.
        #expect(CLI.units(["html", "--file", file, "--today", "2025-12-14"]).code == .ok)
    }
}
