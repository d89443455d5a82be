import UnitsKit

/// `units task pin "TITLE"` and `units task unpin "TITLE"`: a day's short
/// list of tasks ("Pin today's 3"), one `pin` or `unpin` line each.
enum TaskPinning {
    static func run(_ arguments: ParsedArguments, io: CommandIO, pin: Bool) throws -> ExitCode {
        let tool = pin ? "units task pin" : "units task unpin"
        let title = try TaskPick.word(arguments)
        var picked = title
        var day = CivilDate.minimum
        var count = 0
        return try WriteFrontend(arguments, io: io, tool: tool).append(decide: { (journal, dates) throws(WriteRefusal) in
            let date = try dates.lineDate(journal, allowingFuture: true)
            let task = try TaskPick.task(title, in: journal, today: dates.today(journal))
            let title = task.title
            picked = title
            day = date
            if date < task.opened { throw WriteRefusal("task \"\(title)\" was opened on \(task.opened), after \(date)") }
            if pin {
                if task.isPinned(on: date) { throw WriteRefusal("task \"\(title)\" is already pinned on \(date)") }
                let line: String
                (line, count) = try pinLine(title, on: date, in: journal)
                return JournalChange(lines: [line], summary: "Pinned task \"\(title)\"")
            }
            if !task.isPinned(on: date) { throw WriteRefusal("task \"\(title)\" is not pinned on \(date)") }
            count = journal.pinnedTasks(on: date).count - 1
            return JournalChange(lines: [CanonicalLine.unpin(date: date, title: title)], summary: "Unpinned task \"\(title)\"")
        }, done: { _ in
            (pin ? "Pinned \"\(picked)\"" : "Unpinned \"\(picked)\"") + " • \(left(count, on: day)) • \(WriteSupport.undoHint)"
        })
    }

    /// The `pin` line of a task on a day and how many the day then holds
    /// pinned, refused when it holds its 3 already: the one check of
    /// `units task pin` and `units task add --pin`.
    static func pinLine(_ title: String, on date: CivilDate, in journal: Journal) throws(WriteRefusal) -> (line: String, count: Int) {
        let pinned = journal.pinnedTasks(on: date)
        if pinned.count >= TaskPin.dailyLimit {
            let titles = pinned.map { "\"\(journal.tasks[$0].title)\"" }.joined(separator: ", ")
            throw WriteRefusal("\(pinned.count) tasks are already pinned on \(date) (\(titles)); a day holds \(TaskPin.dailyLimit): unpin one first (`units task unpin TITLE`)")
        }
        return (CanonicalLine.pin(date: date, title: title), pinned.count + 1)
    }

    /// Words for how full the day's list is after a pin or unpin.
    static func left(_ count: Int, on date: CivilDate) -> String { "\(count) of \(TaskPin.dailyLimit) pinned on \(date)" }
}
