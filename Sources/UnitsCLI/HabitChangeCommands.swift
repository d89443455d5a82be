import UnitsKit

/// `units unit HABIT UNIT [SHORT] [--size "N [MEASURE]"]`: a new unit from today on.
public enum UnitCommand: Command {
    public static let name = "unit"
    public static let summary = "Change a count habit's unit from today on: appends `DATE unit HABIT UNIT ...`."
    public static let usage = "unit HABIT UNIT [SHORT] [--size \"N [MEASURE]\"] [options]"
    public static let options: [OptionSpec] = WriteSupport.options + [
        OptionSpec("--size", value: "N [MEASURE]", help: "What one new unit is: \"1 chapter\", \"0.5 miles\" (default 1 UNIT)."),
    ]
    public static let discussion = """
        Entries before the line keep the old unit; nothing is converted.
        Example: units unit Reading chapter ch --size "1 chapter"
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        let tool = "units unit"
        let words = arguments.positionals
        guard (2...3).contains(words.count) else {
            return WriteSupport.usage("expected HABIT UNIT [SHORT], e.g. `units unit Reading chapter ch`", io: io, tool: tool)
        }
        let habitName = words[0], unit = words[1], shorthand = words.count == 3 ? words[2] : nil
        for word in [unit, shorthand].compactMap({ $0 }) where !isUnitWord(word) {
            return WriteSupport.usage("'\(word)' cannot be a unit name: one word, not '=' and not starting with ';' or '\"'", io: io, tool: tool)
        }
        var size = Amount.one
        var measure: String?
        if let text = arguments.value("--size") {
            let parts = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard let first = parts.first, let n = Amount(first), n > .zero,
                  parts.dropFirst().allSatisfy(isUnitWord) else {
                return WriteSupport.usage("--size expects a positive number and an optional measure, e.g. \"1 chapter\"; got '\(text)'", io: io, tool: tool)
            }
            size = n
            measure = parts.count > 1 ? parts.dropFirst().joined(separator: " ") : nil
        }
        return WriteSupport.append(arguments, io: io, tool: tool, decide: { (journal, dates) throws(WriteRefusal) in
            let habit = try WriteSupport.habit(habitName, in: journal)
            guard habit.kind == .count else { throw WriteRefusal("'\(habitName)' is a check habit and has no unit") }
            let date = try dates.lineDate(journal)
            if let current = habit.units.last(where: { $0.since <= date }), current.name == unit, current.shorthand == shorthand,
               current.size == size, (current.measure ?? unit) == (measure ?? unit) {
                throw WriteRefusal("\(habit.name) already counts in \(unit)\(shorthand.map { " (\($0))" } ?? "")\(size == .one && (measure ?? unit) == unit ? "" : ", 1 \(unit) = \(size) \(measure ?? unit)"); nothing to change")
            }
            let line = CanonicalLine.unitChange(date: date, habit: habit.name, unit: unit, shorthand: shorthand, size: size, measure: measure)
            return JournalChange(lines: [line], summary: "Changed the unit of \(habitName) to \(unit)")
        }, done: { _ in
            let worth = size == .one && (measure == nil || measure == unit) ? "" : " (1 \(unit) = \(size) \(measure ?? unit))"
            return "\(habitName) now counts in \(unit)\(worth) from today; past entries keep their unit • \(WriteSupport.undoHint)"
        })
    }

    static func isUnitWord(_ word: String) -> Bool {
        !word.isEmpty && word != "=" && !word.hasPrefix(";") && !word.hasPrefix("\"")
            && WriteValidation.textProblem(word, what: "") == nil
            && !word.unicodeScalars.contains { $0 == " " || $0 == "\t" }
    }
}

/// `units floor HABIT N`: a new soft floor from this week on.
public enum FloorCommand: Command {
    public static let name = "floor"
    public static let summary = "Change a count habit's soft floor (units per week): appends `DATE floor HABIT N/week`."
    public static let usage = "floor HABIT N [options]"
    public static let options: [OptionSpec] = WriteSupport.options
    public static let discussion = "0 removes the floor. The new floor judges the whole current week."

    public static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode {
        let tool = "units floor"
        let words = arguments.positionals
        guard words.count == 2 else { return WriteSupport.usage("expected HABIT N, e.g. `units floor Reading 7`", io: io, tool: tool) }
        let habitName = words[0]
        guard let floor = HabitAddCommand.wholeFloor(words[1]) else {
            return WriteSupport.usage("the floor is a whole number of units per week, got '\(words[1])'", io: io, tool: tool)
        }
        return WriteSupport.append(arguments, io: io, tool: tool, decide: { (journal, dates) throws(WriteRefusal) in
            let habit = try WriteSupport.habit(habitName, in: journal)
            guard habit.kind == .count else { throw WriteRefusal("'\(habitName)' is a check habit and has no floor") }
            let date = try dates.lineDate(journal)
            if habit.floor(on: date) == Amount(floor) {
                throw WriteRefusal(floor == 0 ? "\(habit.name) has no floor already" : "\(habit.name)'s floor is already \(floor)/week")
            }
            let line = CanonicalLine.floorChange(date: date, habit: habit.name, unitsPerWeek: floor)
            return JournalChange(lines: [line], summary: "Set the floor of \(habitName) to \(floor)/week")
        }, done: { _ in
            let what = floor == 0 ? "no floor" : "a floor of \(floor)/week"
            return "\(habitName) now has \(what) • \(WriteSupport.undoHint)"
        })
    }
}

/// `units archive NAME` and `units unarchive NAME`.
enum ArchiveChange {
    static func run(_ arguments: ParsedArguments, io: CommandIO, archive: Bool) -> ExitCode {
        let verb = archive ? "archive" : "unarchive"
        let tool = "units \(verb)"
        guard arguments.positionals.count == 1, let habitName = arguments.positionals.first else {
            return WriteSupport.usage("expected one habit or group name, e.g. `units \(verb) Swim`", io: io, tool: tool)
        }
        return WriteSupport.append(arguments, io: io, tool: tool, decide: { (journal, dates) throws(WriteRefusal) in
            let habit = try WriteSupport.habit(habitName, in: journal, allowGroup: true)
            if habit.isBuiltIn { throw WriteRefusal("'\(habitName)' is built in and cannot be archived") }
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

public enum ArchiveCommand: Command {
    public static let name = "archive"
    public static let summary = "Hide a habit or group from today on, keeping its history: appends `DATE archive NAME`."
    public static let usage = "archive NAME [options]"
    public static let options: [OptionSpec] = WriteSupport.options
    public static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode { ArchiveChange.run(arguments, io: io, archive: true) }
}

public enum UnarchiveCommand: Command {
    public static let name = "unarchive"
    public static let summary = "Bring an archived habit or group back: appends `DATE unarchive NAME`."
    public static let usage = "unarchive NAME [options]"
    public static let options: [OptionSpec] = WriteSupport.options
    public static func run(_ arguments: ParsedArguments, io: CommandIO) -> ExitCode { ArchiveChange.run(arguments, io: io, archive: false) }
}
