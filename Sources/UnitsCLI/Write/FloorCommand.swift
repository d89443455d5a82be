import UnitsKit

/// `units floor HABIT N`: a new soft floor from this week on.
public enum FloorCommand: Command {
    public static let name = "floor"
    public static let summary = "Change a count habit's soft floor (units per week): appends `DATE floor HABIT N/week`."
    public static let usage = "floor HABIT N [options]"
    public static let options: [OptionSpec] = WriteOptions.dated
    public static let discussion = "0 removes the floor. The new floor judges the whole current week."

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let tool = "units floor"
        let words = arguments.positionals
        guard words.count == 2 else { throw UsageError("expected HABIT N, e.g. `units floor Reading 7`") }
        let habitName = words[0]
        guard let floor = HabitAddCommand.wholeFloor(words[1]) else {
            throw UsageError("the floor is a whole number of units per week, got '\(words[1])'")
        }
        return try WriteFrontend(arguments, io: io, tool: tool).append(decide: { (journal, dates) throws(WriteRefusal) in
            let habit = try WriteSupport.habit(habitName, in: journal)
            guard habit.kind == .count else { throw WriteRefusal("'\(habitName)' is a check habit and has no floor") }
            let line = try floorLine(habit, floor, on: try dates.lineDate(journal))
            return JournalChange(lines: [line], summary: "Set the floor of \(habitName) to \(floor)/week")
        }, done: { _ in
            let what = floor == 0 ? "no floor" : "a floor of \(floor)/week"
            return "\(habitName) now has \(what) • \(WriteSupport.undoHint)"
        })
    }

    /// The line giving `habit` the floor `floor` from `date` on, refused when
    /// that is its floor already (`units floor`, `units habit set floor=`).
    static func floorLine(_ habit: Habit, _ floor: Int, on date: CivilDate) throws(WriteRefusal) -> String {
        if habit.floor(on: date) == Amount(floor) {
            throw WriteRefusal(floor == 0 ? "\(habit.name) has no floor already" : "\(habit.name)'s floor is already \(floor)/week")
        }
        return CanonicalLine.floorChange(date: date, habit: habit.name, unitsPerWeek: floor)
    }
}
