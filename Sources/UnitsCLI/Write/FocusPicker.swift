import UnitsKit

/// A group's option picker at the start of a focus session ("Which one
/// did you do?"); the bell at its end is `CommandIO.bell`.
enum FocusPicker {
    /// The habit a session logs: `name` itself, or, for a group, the option
    /// `--option` names or the person picks (by number or name) on a terminal.
    static func option(_ name: String, _ arguments: ParsedArguments, journal: Journal, today: CivilDate,
                       io: CommandIO) throws -> String {
        guard let group = journal.habit(named: name), group.isGroup else {
            if let option = arguments[FocusCommand.option] {
                throw UsageError("--option \(option) is for a group; '\(name)' is not one")
            }
            return name
        }
        let options = group.members.map { journal.habits[$0] }.filter { $0.declared <= today && !$0.isArchived(on: today) }
        guard !options.isEmpty else {
            throw UsageError("'\(group.name)' has no option to do today")
        }
        let names = options.map(\.name).joined(separator: ", ")
        func pick(_ answer: String) -> Habit? {
            let word = TextLine.trimmed(answer)
            if let n = Int(word), n >= 1, n <= options.count { return options[n - 1] }
            return options.first { $0.name.lowercased() == word.lowercased() || $0.displayName.lowercased() == word.lowercased() }
        }
        if let given = arguments[FocusCommand.option] {
            guard let habit = pick(given) else { throw UsageError("'\(given)' is not an option of \(group.name) (\(names))") }
            return habit.name
        }
        guard io.inputIsTerminal else { throw UsageError("'\(group.name)' is a group: which one? --option NAME (\(names))") }
        let menu = options.enumerated().map { "\($0.offset + 1)) \(TerminalText.escaped($0.element.displayName))" }.joined(separator: "  ")
        io.out("Which one did you do? \(menu) ")
        guard let answer = io.readAnswer(), let habit = pick(answer) else {
            io.err("No option picked: nothing logged.\n")
            throw ExitCode.failure
        }
        return habit.name
    }
}
