import UnitsKit

/// `units focus HABIT`: a countdown in the terminal; when it ends (or on
/// Ctrl-C, after asking) the time is logged through `units log`, the one
/// log path. Nothing is written while the timer runs.
public enum FocusCommand: Command {
    public static let name = "focus"
    public static let summary = "A focus session: a countdown in the terminal, then the time spent is logged (undoable)."
    public static let usage = "focus HABIT [--minutes N] [--no-timer] [options]"
    static let minutes = Option<Amount>("--minutes", value: "N", maximum: Amount(24 * 60), expects: "a number of minutes",
                                        help: "How long (default: one unit when the habit's size is a time, else 25).")
    static let noTimer = Flag("--no-timer", help: "Log the session at once, without the countdown.")
    static let option = Option<String>("--option", value: "NAME", help: "For a group: the option you will do (asked on a terminal when not given).")
    public static let options: [OptionSpec] = WriteOptions.undated + [minutes.spec, noTimer.spec, option.spec]
    public static let discussion = """
        "Instead of scrolling, spend some time on this." The countdown needs a
        terminal. When it ends, the time is logged in the habit's units:
        minutes ÷ the unit's size (`size: 5 minutes`: 25 minutes are 5
        units), or YES for a check habit. On Ctrl-C it asks whether to log the
        whole minutes so far; anything else logs nothing. Nothing is written
        while the timer runs, so an interrupted session leaves the journal as
        it was. The end rings the terminal's bell; then "Nice work!" and how
        many things are left today. For a group it first asks "Which one did
        you do?" (or takes --option NAME) and logs that option. `units undo`
        takes the entry back. A count habit whose size is not a time (pages)
        and a check habit logged with numbers are refused: log them with
        `units log`. On a terminal, `units focus Study` counts down one unit's
        time (`size: 25 minutes`: 25 minutes), `units focus Gym --minutes 20`
        twenty minutes.

        Examples (without a countdown: a session done away from the terminal):
          units focus Study --no-timer
          units focus Gym --no-timer --minutes 20
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        try run(arguments, io: io, clock: .system)
    }

    /// How the countdown tells time and learns of Ctrl-C; tests give their own.
    struct Clock {
        var now: () -> Double
        var sleep: (Double) -> Void
        var interrupted: () -> Bool
        var start: () -> Void = {}
        var stop: () -> Void = {}

        static var system: Clock { Clock(
            now: { SystemClock.monotonicSeconds() },
            sleep: { seconds in SystemClock.sleep(seconds: seconds) },   // Ctrl-C cuts it short, as wanted
            interrupted: { focusInterrupted != 0 },
            start: {
                focusInterrupted = 0
                SystemSignals.handle(SIGINT) { _ in focusInterrupted = 1 }
                // A parent may have blocked SIGINT (the mask is inherited): Ctrl-C must reach us.
                SystemSignals.unblock(SIGINT)
            },
            stop: { SystemSignals.restoreDefault(SIGINT) }) }
    }

    static func run(_ arguments: ParsedArguments, io: CommandIO, clock: Clock) throws -> ExitCode {
        let tool = "units focus"
        let habitName = try arguments.onlyWord("give one habit, e.g. `units focus Study`")
        let minutes = arguments[Self.minutes]
        let noTimer = arguments[Self.noTimer]
        if !noTimer, !io.outputIsTerminal {
            throw UsageError("the countdown needs a terminal; --no-timer logs the session at once")
        }
        // Check what can be checked before the timer runs: a refusal after
        // 25 minutes would waste them.
        let write = try WriteFrontend(arguments, io: io, tool: tool)
        let dates = write.dates, path = write.path
        let journal = try JournalLocator.load(arguments, io: io, tool: tool)
        let chosen = try FocusPicker.option(habitName, arguments, journal: journal, today: dates.today(journal), io: io)
        let plan: FocusPlan
        let planned: Amount
        do throws(WriteRefusal) {
            let habit = try WriteSupport.habit(chosen, in: journal)
            plan = try FocusPlan(habit: habit)
            planned = minutes ?? plan.defaultMinutes
            // What `units log` would refuse at the end (paused, archived,
            // already done today) is refused now, before the time is spent.
            let today = dates.today(journal)
            let value: EntryValue = plan.unitMinutes == nil ? .state(.yes) : .units(Amount(plan.value(minutes: planned)) ?? .one)
            _ = try LogCommand.check(value, for: habit, on: today)
            if habit.kind == .check, let done = journal.entries.last(where: { Int($0.habit) == habit.id && $0.date == today && !$0.isFromTask }),
               journal.checkState(of: done) == .yes {
                throw WriteRefusal("\(habit.name) is already done today (yes); nothing to focus on")
            }
        } catch {
            return WriteSupport.report(.refused(error.message), io: io, tool: tool)
        }
        var spent = planned
        if !noTimer {
            io.out("Focus on \(TerminalText.escaped(plan.habit.displayName)) for \(planned) minute\(planned == .one ? "" : "s"). Instead of scrolling, spend some time on this.\n")
            io.out("Ctrl-C stops early.\n")
            let outcome = countdown(seconds: planned.doubleValue * 60, io: io, clock: clock)
            if outcome.interrupted {
                let whole = Int(outcome.elapsed / 60)
                io.out("\n")
                guard whole > 0 else {
                    io.err("Stopped before a minute had passed: nothing logged.\n")
                    return .failure
                }
                io.err("Stopped after \(whole) minute\(whole == 1 ? "" : "s"). Log \(whole) minute\(whole == 1 ? "" : "s") of \(plan.habit.name)? [y/N] ")
                let answer = TextLine.trimmed(io.readAnswer() ?? "").lowercased()
                guard answer == "y" || answer == "yes" else {
                    io.err("Nothing logged.\n")
                    return .failure
                }
                spent = Amount(whole)
            } else {
                // The end of the time, heard as well as seen.
                io.bell()
                io.out("\n")
            }
        }
        // The session is logged by `units log`, the one log path (and its --json).
        var logArguments = [plan.habit.name, plan.value(minutes: spent), "--note", "focus, \(spent) min", "--file", path]
        if let today = arguments[GlobalOptions.today] { logArguments += ["--today", today] }
        if arguments[GlobalOptions.json] { logArguments.append("--json") }
        let code = LogCommand.main(logArguments, io: io, prefix: "units log")
        guard code == .ok else { return code }
        if arguments[GlobalOptions.json] { return .ok }
        let after = Journal.load(path: path)
        let today = dates.today(after)
        let left = TodayReport(ReportContext(journal: after, today: today)).thingsLeft
        io.out("Nice work! " + (left == 0 ? "Nothing left for today.\n" : "\(left) thing\(left == 1 ? "" : "s") left today.\n"))
        return .ok
    }

    /// Redraws the bar until the time is up or Ctrl-C; returns the seconds
    /// that passed and whether it was interrupted.
    static func countdown(seconds total: Double, io: CommandIO, clock: Clock) -> (elapsed: Double, interrupted: Bool) {
        clock.start()
        defer { clock.stop() }
        let began = clock.now()
        let width = 30
        while true {
            let elapsed = clock.now() - began
            if clock.interrupted() { return (elapsed, true) }
            let left = max(0, total - elapsed)
            let filled = min(width, Int(Double(width) * elapsed / total))
            let seconds = Int(left.rounded(.up))
            let clockText = "\(seconds / 60):\(seconds % 60 < 10 ? "0" : "")\(seconds % 60)"
            io.out("\r  ▕" + String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled) + "▏ \(clockText) left ")
            if left <= 0 { return (total, false) }
            clock.sleep(min(0.25, left))
        }
    }
}

/// Set by the SIGINT handler while a countdown runs.
nonisolated(unsafe) var focusInterrupted: sig_atomic_t = 0
