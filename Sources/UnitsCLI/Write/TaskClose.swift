import UnitsKit

/// `units task done "TITLE"` and `units task drop "TITLE"`.
enum TaskClose {
    static func run(_ arguments: ParsedArguments, io: CommandIO, done: Bool) throws -> ExitCode {
        let tool = done ? "units task done" : "units task drop"
        let title = try TaskPick.word(arguments)
        var landed: (units: Int, habit: String, date: CivilDate)?
        var picked = title
        return try WriteFrontend(arguments, io: io, tool: tool).append(decide: { (journal, dates) throws(WriteRefusal) in
            let date = try dates.lineDate(journal)
            let task = try TaskPick.task(title, in: journal, today: dates.today(journal))
            let title = task.title
            picked = title
            if date < task.opened { throw WriteRefusal("task \"\(title)\" was opened on \(task.opened), after \(date)") }
            var target = Journal.generalHabitName
            if let id = task.habit, !journal.habits[id].isGroup, !journal.habits[id].isArchived(on: date) {
                target = journal.habits[id].name
            }
            landed = (task.estimate, target, date)
            let line = done ? CanonicalLine.done(date: date, title: title) : CanonicalLine.drop(date: date, title: title)
            return JournalChange(lines: [line], summary: done ? "Finished task \"\(title)\"" : "Dropped task \"\(title)\"")
        }, done: { _ in
            guard done, let landed else { return "Dropped \"\(picked)\" • \(WriteSupport.undoHint)" }
            if landed.units == 0 { return "Done: \"\(picked)\" • a reminder, nothing logged • \(WriteSupport.undoHint)" }
            return "Done: \"\(picked)\" • \(WriteSupport.units(Amount(landed.units))) to \(landed.habit) • \(WriteSupport.undoHint)"
        }, totals: { done ? landed.map { WriteJSON.Totals(habit: $0.habit, date: $0.date) } : nil })
    }
}
