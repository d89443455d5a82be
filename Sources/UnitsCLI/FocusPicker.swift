import UnitsKit

/// The end of a focus session as the redesign's focus mode has it: a
/// group's option picker ("Which one did you do?") and the bell.
enum FocusPicker {
    /// BEL: the terminal's own sound (or flash), as the timer ends.
    static let bell = "\u{07}"

    /// The habit a session logs: `name` itself, or, for a group, the option
    /// `--option` names or the person picks (by number or name) on a terminal.
    static func option(_ name: String, _ arguments: ParsedArguments, journal: Journal, today: CivilDate,
                       io: CommandIO, tool: String) -> Result<String, ExitCode> {
        guard let group = journal.habit(named: name), group.isGroup else {
            if let option = arguments.value("--option") {
                return .failure(WriteSupport.usage("--option \(option) is for a group; '\(name)' is not one", io: io, tool: tool))
            }
            return .success(name)
        }
        let options = group.members.map { journal.habits[$0] }.filter { $0.declared <= today && !$0.isArchived(on: today) }
        guard !options.isEmpty else {
            return .failure(WriteSupport.usage("'\(group.name)' has no option to do today", io: io, tool: tool))
        }
        let names = options.map(\.name).joined(separator: ", ")
        func pick(_ answer: String) -> Habit? {
            let word = TextLine.trimmed(answer)
            if let n = Int(word), n >= 1, n <= options.count { return options[n - 1] }
            return options.first { $0.name.lowercased() == word.lowercased() || $0.displayName.lowercased() == word.lowercased() }
        }
        if let given = arguments.value("--option") {
            guard let habit = pick(given) else {
                return .failure(WriteSupport.usage("'\(given)' is not an option of \(group.name) (\(names))", io: io, tool: tool))
            }
            return .success(habit.name)
        }
        guard io.inputIsTerminal else {
            return .failure(WriteSupport.usage("'\(group.name)' is a group: which one? --option NAME (\(names))", io: io, tool: tool))
        }
        let menu = options.enumerated().map { "\($0.offset + 1)) \(TerminalText.escaped($0.element.displayName))" }.joined(separator: "  ")
        io.out("Which one did you do? \(menu) ")
        guard let answer = io.readAnswer(), let habit = pick(answer) else {
            io.err("No option picked: nothing logged.\n")
            return .failure(.failure)
        }
        return .success(habit.name)
    }
}
