import UnitsKit

/// `units unit HABIT UNIT [SHORT] [--size "N [MEASURE]"]`: a new unit from today on.
public enum UnitCommand: Command {
    public static let name = "unit"
    public static let summary = "Change a count habit's unit from today on: appends `DATE unit HABIT UNIT ...`."
    public static let usage = "unit HABIT UNIT [SHORT] [--size \"N [MEASURE]\"] [options]"
    static let size = Option<String>("--size", value: "N [MEASURE]", help: "What one new unit is: \"1 chapter\", \"0.5 miles\" (default 1 UNIT).")
    public static let options: [OptionSpec] = WriteOptions.dated + [size.spec]
    public static let discussion = """
        Entries before the line keep the old unit; nothing is converted.
        Example: units unit Reading chapter ch --size "1 chapter"
        """

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let tool = "units unit"
        let words = arguments.positionals
        guard (2...3).contains(words.count) else {
            throw UsageError("expected HABIT UNIT [SHORT], e.g. `units unit Reading chapter ch`")
        }
        let habitName = words[0], unit = words[1], shorthand = words.count == 3 ? words[2] : nil
        for word in [unit, shorthand].compactMap({ $0 }) where !isUnitWord(word) {
            throw UsageError("'\(word)' cannot be a unit name: one word, not '=' and not starting with ';' or '\"'")
        }
        var size = Amount.one
        var measure: String?
        if let text = arguments[Self.size] {
            guard let read = measured(text) else {
                throw UsageError("--size expects a positive number and an optional measure, e.g. \"1 chapter\"; got '\(text)'")
            }
            (size, measure) = read
        }
        return try WriteFrontend(arguments, io: io, tool: tool).append(decide: { (journal, dates) throws(WriteRefusal) in
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

    /// `1 chapter`, `0.5 miles`: a number above 0 and an optional measure.
    static func measured(_ text: String) -> (size: Amount, measure: String?)? {
        let parts = text.split(separator: " ").map(String.init)
        guard let first = parts.first, let n = Amount(first), n > .zero, parts.dropFirst().allSatisfy(isUnitWord) else { return nil }
        return (n, parts.count > 1 ? parts.dropFirst().joined(separator: " ") : nil)
    }

    static func isUnitWord(_ word: String) -> Bool {
        !word.isEmpty && word != "=" && !word.hasPrefix(";") && !word.hasPrefix("\"")
            && WriteValidation.textProblem(word, what: "") == nil
            && !word.unicodeScalars.contains { $0 == " " || $0 == "\t" }
    }
}
