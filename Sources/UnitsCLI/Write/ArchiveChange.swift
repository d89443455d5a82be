import UnitsKit

/// `units archive NAME` and `units unarchive NAME`.
enum ArchiveChange {
    static func run(_ arguments: ParsedArguments, io: CommandIO, archive: Bool) throws -> ExitCode {
        let verb = archive ? "archive" : "unarchive"
        let tool = "units \(verb)"
        guard arguments.positionals.count == 1, let habitName = arguments.positionals.first else {
            throw UsageError("expected one habit or group name, e.g. `units \(verb) Swim`")
        }
        return try WriteFrontend(arguments, io: io, tool: tool).append(decide: { (journal, dates) throws(WriteRefusal) in
            let habit = try WriteSupport.habit(habitName, in: journal, allowGroup: true, builtIn: "cannot be archived")
            let date = try dates.lineDate(journal)
            if date < habit.declared { throw WriteRefusal("'\(habitName)' is declared on \(habit.declared), after \(date)") }
            // The journal's order: an archive written now comes after every line.
            let archived = habit.archiveEvents.last?.archived ?? false
            if archive && archived { throw WriteRefusal("'\(habitName)' is already archived") }
            if !archive && !archived { throw WriteRefusal("'\(habitName)' is not archived") }
            let line = CanonicalLine.archive(date: date, habit: habit.name, archived: archive)
            return JournalChange(lines: [line], summary: archive ? "Archived \(habitName)" : "Unarchived \(habitName)")
        }, done: { _ in
            archive ? "Archived \(habitName): hidden from today on, its history kept • \(WriteSupport.undoHint)"
                    : "Unarchived \(habitName): back from today on • \(WriteSupport.undoHint)"
        })
    }
}
