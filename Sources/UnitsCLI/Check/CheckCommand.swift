import UnitsKit

/// `units check`: the 30-second check-in, today's habits one key each; every
/// mark is a `units log` (the one write path), so others see it at once.
public enum CheckCommand: Command {
    public static let name = "check"
    public static let summary = "The 30-second check-in: today's habits in a list, one key each; every mark is written at once (undoable)."
    public static let usage = "check [options]"
    public static let options: [OptionSpec] = [GlobalOptions.file.spec, GlobalOptions.today.spec, GlobalOptions.color.spec, GlobalOptions.noColor.spec]
    public static let maximumPositionals: Int? = 0
    public static let discussion = """
        Today's habits as `units today` lists them: ★ Must do, Nice to do,
        count habits, Done ✓; a group with its options under it. Move with
        ↑ ↓ (or Ctrl-P Ctrl-N, Tab Shift-Tab) and mark the habit under the
        cursor:

          y  YES     k  KINDA     n  NO     s  SKIP
          space      the next state: no → kinda → yes → no
          + −        one unit more or less (count habits)
          0-9 Enter  a number (count habits, habits with a goal)
          q          leave (also Esc, Ctrl-C)

        The keys are shown at the bottom of the screen. After a mark the
        cursor moves to the next habit not yet answered; when every habit
        due today is answered the screen says so. Each mark is the line
        `units log HABIT yes` would write (a second mark of the day replaces
        the first), so `units undo` takes the last one back. Works at 40
        columns and with NO_COLOR; it needs a terminal: from a script, use
        `units log HABIT yes`.
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let tool = "units check"
        guard io.inputIsTerminal, io.outputIsTerminal else {
            io.err("\(tool): needs a terminal to read keys from; to log from a script use `units log HABIT yes` (or kinda, no, skip, a number)\n")
            return .usage
        }
        let path = try WriteSupport.path(arguments, io: io, tool: tool)
        var session = CheckSession(arguments: arguments, io: io, path: path)
        guard session.reload(reportingTo: io) else { return .failure }
        guard let terminal = RawTerminal() else {
            io.err("\(tool): cannot read keys from this terminal; use `units log HABIT yes`\n")
            return .failure
        }
        return session.run(on: terminal)
    }
}
