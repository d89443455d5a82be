import UnitsKit

/// Which open task `units task done|drop WORD` means: the one titled WORD,
/// else number WORD in `units tasks`, else the one whose title starts so.
enum TaskPick {
    /// The one word that names the task (`units task done|drop|pin|unpin WORD`).
    static func word(_ arguments: ParsedArguments) throws -> String {
        guard arguments.positionals.count == 1, let word = arguments.positionals.first else {
            throw UsageError(arguments.positionals.isEmpty ? "which task? give its number in `units tasks`, its title or the start of it"
                                                           : "unexpected '\(arguments.positionals[1])': one task, its title quoted if it has spaces")
        }
        if let problem = WriteValidation.textProblem(word, what: "a task title") { throw UsageError(problem) }
        return word
    }

    /// The tasks as `units tasks` numbers them.
    static func numbered(_ journal: Journal, today: CivilDate) -> [JournalTask] {
        journal.tasks.filter { $0.isOpen(on: today) }
    }

    static func task(_ word: String, in journal: Journal, today: CivilDate) throws(WriteRefusal) -> JournalTask {
        if let task = journal.tasks.last(where: { $0.title == word && $0.isOpen }) { return task }
        let listed = numbered(journal, today: today)
        if let number = Int(word), word.allSatisfy(\.isASCII) {
            guard listed.indices.contains(number - 1) else {
                let range = listed.isEmpty ? "there are no open tasks" : listed.count == 1 ? "the only open task is 1" : "the open tasks are 1 to \(listed.count)"
                throw WriteRefusal("no task \(word): \(range) (`units tasks` lists them)")
            }
            return listed[number - 1]
        }
        let open = journal.tasks.filter(\.isOpen)
        let lowered = word.lowercased()
        let starting = open.filter { $0.title.lowercased().hasPrefix(lowered) }
        if starting.count == 1 { return starting[0] }
        if starting.count > 1 {
            throw WriteRefusal("\(starting.count) open tasks start with \"\(word)\": \(starting.map { "\"\($0.title)\"" }.joined(separator: ", ")); give more of the title or its number")
        }
        let hint = Suggestion.closest(to: word, in: open.map(\.title)).map { "; did you mean \"\($0)\"?" }
            ?? (open.isEmpty ? "; there are no open tasks" : " (`units tasks` lists the open ones)")
        throw WriteRefusal("no open task \"\(word)\"\(hint)")
    }
}
