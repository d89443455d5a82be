import UnitsKit

/// The `units` tool: a table of subcommands; no subcommand runs the default.
public enum UnitsTool {
    /// Every `units` subcommand. Add new commands here.
    public static let commands: [any Command.Type] = [
        TodayCommand.self,
        StatsCommand.self,
        HabitCommand.self,
        HabitsCommand.self,
        ReceiptCommand.self,
        InsightsCommand.self,
        NextCommand.self,
        StreaksCommand.self,
        StatusCommand.self,
        NudgeCommand.self,
        CalendarCommand.self,
        EntriesCommand.self,
        SummaryCommand.self,
        WallCommand.self,
        HeatmapCommand.self,
        HistoryCommand.self,
        LogCommand.self,
        CheckCommand.self,
        UndoCommand.self,
        TaskCommand.self,
        TasksCommand.self,
        UnitCommand.self,
        FloorCommand.self,
        ArchiveCommand.self,
        UnarchiveCommand.self,
        RenameCommand.self,
        InitCommand.self,
        ExportCommand.self,
        ImportCommand.self,
        MergeCommand.self,
        ResolveCommand.self,
        CompletionsCommand.self,
        ManCommand.self,
        LSPCommand.self,
        PauseCommand.self,
        ResumeCommand.self,
        GroupCommand.self,
        FocusCommand.self,
        AmendCommand.self,
        HTMLCommand.self,
        CardCommand.self,
        ServeCommand.self,
    ]

    /// What plain `units` (or `units --file ...`) runs.
    public static let defaultCommand: any Command.Type = TodayCommand.self

    /// Runs a `units` command line; options before the command word go to
    /// the command. A word where the command belongs that names no command
    /// is a usage error, never a query.
    public static func main(_ arguments: [String], io: CommandIO) -> ExitCode {
        let split: (leading: [String], word: String?, rest: [String])
        do {
            split = try OptionParser(allOptions).splitAtFirstWord(arguments)
        } catch {
            io.err("units: \(error.message)\nTry 'units --help'.\n")
            return .usage
        }
        guard let word = split.word else {
            // Only options: `units --help`, `units --version`, or the default command.
            if split.rest.isEmpty, let parsed = try? OptionParser(allOptions).parse(split.leading) {
                if parsed.has("--help") { io.out(help()); return .ok }
                if parsed.has("--version") { io.out(UnitsVersion.line(tool: "units")); return .ok }
            }
            return defaultCommand.main(arguments, io: io, prefix: "units", global: GlobalOptions.all)
        }
        if let command = command(named: word) {
            return command.main(split.leading + split.rest, io: io, prefix: "units \(word)", global: GlobalOptions.all)
        }
        if word == "help" {
            return helpCommand(split.rest, io: io)
        }
        return unknownCommand(word, rest: split.rest, io: io, leading: split.leading)
    }

    /// The command called `name`.
    public static func command(named name: String) -> (any Command.Type)? {
        commands.first(where: { $0.name == name })
    }

    /// Every option some command takes, with `--help` and `--version`: what
    /// may stand before the command word.
    static let allOptions: [OptionSpec] = {
        var seen = Set<String>()
        var list: [OptionSpec] = []
        func add(_ command: any Command.Type) {
            for option in command.options where seen.insert(option.name).inserted { list.append(option) }
            command.subcommands.forEach(add)
        }
        commands.forEach(add)
        for option in GlobalOptions.all where seen.insert(option.name).inserted { list.append(option) }
        return list
    }()

    /// `units help [COMMAND [SUBCOMMAND]]`: the same text as `--help`.
    static func helpCommand(_ words: [String], io: CommandIO) -> ExitCode {
        guard let first = words.first else { io.out(help()); return .ok }
        guard let top = command(named: first) else { return unknownCommand(first, rest: [], io: io) }
        var current: any Command.Type = top
        var prefix = "units \(first)"
        for word in words.dropFirst() {
            let subcommands: [any Command.Type] = current.subcommands
            guard let sub = subcommands.first(where: { $0.name == word }) else {
                let hint = Suggestion.closestCommand(to: word, in: subcommands.map { $0.name }).map { "; did you mean '\($0)'?" } ?? ""
                io.err("units help: '\(prefix)' has no subcommand '\(word)'\(hint)\n")
                return .usage
            }
            current = sub
            prefix += " \(word)"
        }
        io.out(current.help(prefix: prefix, global: GlobalOptions.all))
        return .ok
    }

    /// Exit 2 for a word that names no command, with the closest command,
    /// or the other `units` when the words look like a unit conversion.
    static func unknownCommand(_ word: String, rest: [String], io: CommandIO, leading: [String] = []) -> ExitCode {
        if let answer = UnitConversionAnswer.answer(for: [word] + rest, environment: io.environment) {
            io.err(answer)
            return .usage
        }
        // `units Reading`: a habit where the command belongs.
        if let parsed = try? OptionParser(allOptions).parse(leading), let path = JournalLocator.path(parsed, io: io),
           path != "-", FileReader.exists(path), Journal.load(path: path).habit(named: word) != nil {
            io.err("units: '\(word)' is a habit, not a command: `units habit \(word)` shows it, `units log \(word) N` logs it\nTry 'units --help'.\n")
            return .usage
        }
        let hint = otherToolsWord(word, rest: rest)
            ?? Suggestion.closestCommand(to: word, in: commands.map { $0.name } + ["help"]).map { "; did you mean '\($0)'?" } ?? ""
        io.err("units: unknown command '\(word)'\(hint)\nTry 'units --help'.\n")
        return .usage
    }

    /// Words other trackers use for what a command here does (`add`,
    /// `week`, `show`), answered with the command, not the nearest spelling.
    static func otherToolsWord(_ word: String, rest: [String]) -> String? {
        let name = rest.first { !OptionParser.looksLikeOption($0) } ?? "NAME"
        switch word.lowercased() {
        case "add", "new", "create":
            return "; did you mean `units habit add \(name)` (a habit) or `units task add \"\(name)\"` (a one-off task)?"
        case "week", "weekly", "month", "report":
            return "; did you mean `units stats` (this week, averages) or `units receipt` (last week)?"
        case "show", "view", "info":
            return "; did you mean `units habit \(name)`?"
        case "list", "ls", "habits":
            return "; did you mean `units stats` (every habit) or `units tasks` (open tasks)?"
        case "check", "done", "checkin", "check-in":
            return "; did you mean `units log \(name)` (yes for a check habit) or `units task done`?"
        default:
            return nil
        }
    }

    public static func help() -> String {
        let width = commands.map { $0.name.count }.max() ?? 0
        let list = commands.map { "  \($0.name.padded(toWidth: width))  \($0.summary)" }
        return """
            units: a plain-text habit tracker. Your habits.units file is the database.

            Usage: units [options] [COMMAND] [arguments] [options]
                   units help COMMAND      (the same as units COMMAND --help)

            Start here:
              units init
              units habit add Reading --unit page
              units habit add Meditate --kind check --since yesterday
              units log Reading 12 '#train' --note "on the train"
              units log Meditate yes --date yesterday
              units today

            Global options (before or after the command; every command takes them):
              -f, --file FILE    the journal (default: $UNITS_FILE, ./habits.units, ~/habits.units)
                  --today DATE   pretend today is DATE: 2025-12-14, yesterday, -3, mon
                  --color WHEN   auto, always or never; --no-color is never
                  --width N      draw pictures for N columns
                  --json         JSON output (reports, and writes: what was written; other commands refuse it)
                  --version      print the version

            Commands:
            \(list.joined(separator: "\n"))

            With no command, units runs `\(defaultCommand.name)`.

            """
    }
}
