import Foundation
import Testing
@testable import UnitsCLI
import UnitsKit

/// `units focus`: the countdown (with a test clock, and the real SIGINT
/// handler), what it logs, and that nothing is written until it ends.
@Suite(.serialized) struct FocusTests {
    final class Box: @unchecked Sendable { var out = "", err = "", time = 0.0, ticks = 0 }

    func focus(_ scratch: Scratch, _ words: [String], answer: String? = nil, interruptAt: Double? = nil) throws -> (code: ExitCode, box: Box) {
        let box = Box()
        var io = CommandIO(writeOut: { box.out += $0 }, writeErr: { box.err += $0 },
                           environment: ["UNITS_NOW": scratch.now, "XDG_STATE_HOME": scratch.stateHome], outputIsTerminal: true)
        io.inputIsTerminal = true
        io.readAnswer = { answer }
        var clock = FocusCommand.Clock.system
        clock.now = { box.time }
        clock.sleep = { seconds in
            box.time += seconds
            box.ticks += 1
        }
        // Ctrl-C as the countdown sees it (the real handler: FocusProcessTests).
        clock.interrupted = { interruptAt.map { box.time >= $0 } ?? false }
        clock.start = {}
        clock.stop = {}
        let arguments = try OptionParser(FocusCommand.options).parse(words + ["--file", scratch.journal])
        // As `Command.main` says a thrown failure.
        do {
            return (try FocusCommand.run(arguments, io: io, clock: clock), box)
        } catch let error as UsageError {
            io.err("units focus: \(error.message)\n")
            return (.usage, box)
        } catch let code as ExitCode {
            return (code, box)
        }
    }

    @Test func aFinishedSessionLogsItsMinutesInUnits() throws {
        let scratch = Scratch(RoutineWritesTests.journal)
        let (code, box) = try focus(scratch, ["Study", "--minutes", "25"])
        #expect(code == .ok, "\(box.err)")
        #expect(box.out.hasPrefix("Focus on Study for 25 minutes. Instead of scrolling, spend some time on this.\n"))
        #expect(box.out.contains("▕░░░░░░░░░░░░░░░░░░░░░░░░░░░░░░▏ 25:00 left"))
        #expect(box.out.contains("▕██████████████████████████████▏ 0:00 left"))
        #expect(box.ticks == 25 * 60 * 4)
        #expect(box.out.contains("Added 5 blocks to Study ; focus, 25 min • Today 6"), "\(box.out)")
        #expect(box.out.hasSuffix("things left today.\n"), "\(box.out)")
        #expect(scratch.text().hasSuffix("2025-12-14 Study    5        ; focus, 25 min\n"), "\(scratch.text())")
        #expect(scratch.run(["undo"]).code == .ok)
        #expect(scratch.text() == RoutineWritesTests.journal)
    }

    @Test func oneUnitOfTimeIsTheDefaultAndCheckHabitsGetYes() throws {
        let scratch = Scratch(RoutineWritesTests.journal)
        let study = try focus(scratch, ["Study"])
        #expect(study.box.out.hasPrefix("Focus on Study for 5 minutes."))
        #expect(study.box.out.contains("Added 1 block to Study"))
        let meditate = try focus(scratch, ["Meditate"])
        #expect(meditate.box.out.hasPrefix("Focus on Meditate for 25 minutes."))
        #expect(meditate.box.out.contains("Checked in Meditate: yes"), "\(meditate.box.out)")
        #expect(scratch.text().contains("2025-12-14 Meditate yes      ; focus, 25 min\n"), "\(scratch.text())")
    }

    @Test(arguments: [("y", true), ("n", false), (nil, false)] as [(String?, Bool)])
    func ctrlCAsksAndLogsTheWholeMinutesSoFar(answer: String?, logs: Bool) throws {
        let scratch = Scratch(RoutineWritesTests.journal)
        let (code, box) = try focus(scratch, ["Study", "--minutes", "25"], answer: answer, interruptAt: 12.5 * 60)
        #expect(box.err.contains("Stopped after 12 minutes. Log 12 minutes of Study? [y/N] "), "\(box.err)")
        #expect(box.ticks < 25 * 60 * 4)
        if logs {
            #expect(code == .ok)
            #expect(box.out.contains("Added 2.4 blocks to Study"), "\(box.out)")
        } else {
            #expect(code == .failure)
            #expect(box.err.hasSuffix("Nothing logged.\n"))
            #expect(scratch.text() == RoutineWritesTests.journal)
        }
    }

    @Test func ctrlCInTheFirstMinuteLogsNothing() throws {
        let scratch = Scratch(RoutineWritesTests.journal)
        let (code, box) = try focus(scratch, ["Study"], interruptAt: 30)
        #expect(code == .failure)
        #expect(box.err.contains("Stopped before a minute had passed: nothing logged."))
        #expect(scratch.text() == RoutineWritesTests.journal)
    }

    /// A paused habit is refused before the countdown starts, not after it.
    @Test func aPausedHabitIsRefusedBeforeTheTimer() throws {
        let scratch = Scratch(RoutineWritesTests.journal)
        #expect(scratch.run(["pause", "Study", "--from", "2025-12-15", "--until", "2025-12-20"]).code == .ok)
        let paused = scratch.text()
        let (code, box) = try focus(scratch, ["Study", "--today", "2025-12-16"])
        #expect(code == .failure)
        #expect(box.err.contains("'Study' is paused from 2025-12-15 to 2025-12-20"), "\(box.err)")
        #expect(box.ticks == 0 && box.out.isEmpty)
        #expect(scratch.text() == paused)
    }

    /// --no-timer through the command table: canonical, lint-clean, undoable.
    @Test(arguments: [false, true]) func noTimerIsAnOrdinaryWrite(crlf: Bool) throws {
        try RoutineWritesTests.check([["focus", "Study", "--no-timer", "--minutes", "10"], ["focus", "Meditate", "--no-timer"]],
                                     on: RoutineWritesTests.journal, crlf: crlf)
    }

    static let refusals: [RoutineWritesTests.Refusal] = [
        .init(["focus"], .usage, "give one habit"),
        .init(["focus", "Study", "Reading"], .usage, "unexpected 'Reading'"),
        .init(["focus", "Study"], .usage, "the countdown needs a terminal; --no-timer"),
        .init(["focus", "Study", "--no-timer", "--minutes", "0"], .usage, "--minutes expects a number of minutes above 0"),
        .init(["focus", "Study", "--no-timer", "--minutes", "soon"], .usage, "--minutes expects"),
        .init(["focus", "Reading", "--no-timer"], .failure, "Reading counts pages, not time"),
        .init(["focus", "Read-10", "--no-timer"], .failure, "is logged with a number against its goal"),
        .init(["focus", "Studdy", "--no-timer"], .failure, "did you mean 'Study'?"),
        .init(["focus", "Meditate", "--no-timer", "--today", "2025-12-10"], .failure, "Meditate is already done today (yes)"),
    ]

    @Test(arguments: refusals) func refusedSessions(refusal: RoutineWritesTests.Refusal) {
        let scratch = Scratch(RoutineWritesTests.journal)
        let run = scratch.run(refusal.arguments)
        #expect(run.code == refusal.code, "\(refusal): \(run.out)\(run.err)")
        #expect(run.err.contains(refusal.says), "\(refusal): \(run.err)")
        #expect(scratch.text() == RoutineWritesTests.journal)
    }
}

/// The real thing: `units focus` in a pseudo-terminal (script(1)),
/// interrupted by a real SIGINT: the handler stops the countdown, and a
/// session under a minute writes nothing.
@Suite struct FocusProcessTests {
    @Test func aRealCtrlCStopsTheCountdownAndWritesNothing() throws {
        guard let units = unitsExecutable(), let script = TerminalScript.found else {
            print("SKIPPED FocusProcessTests: needs the built units and script(1)")
            return
        }
        let scratch = Scratch(RoutineWritesTests.journal)
        // The shell writes its process id, which `exec` hands to units.
        let pidFile = scratch.stateHome + "/focus.pid"
        try FileManager.default.createDirectory(atPath: scratch.stateHome, withIntermediateDirectories: true)
        let process = script.process("echo $$ > '\(pidFile)'; exec '\(units)' focus Study --minutes 1 --file '\(scratch.journal)' --today 2025-12-14")
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = scratch.stateHome
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let output = Pipe(), input = Pipe()
        process.standardOutput = output
        process.standardInput = input
        try process.run()
        // Wait for the countdown to start, then find units (script's child).
        var child: Int32?
        let deadline = Date().addingTimeInterval(20)
        while child == nil, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.2)
            if let text = try? String(contentsOfFile: pidFile, encoding: .utf8), let pid = Int32(text.filter(\.isNumber)) {
                Thread.sleep(forTimeInterval: 1.5)   // the exec and the countdown's start
                child = pid
            }
        }
        let pid = try #require(child, "units focus did not start under script")
        SystemSignals.send(SIGINT, to: pid)
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(text.contains("Instead of scrolling, spend some time on this."), "\(text)")
        #expect(text.contains("▕"), "\(text)")
        #expect(text.contains("Stopped before a minute had passed: nothing logged."), "\(text)")
        #expect(process.terminationStatus == 1, "\(text)")
        #expect(scratch.text() == RoutineWritesTests.journal)
    }
}
