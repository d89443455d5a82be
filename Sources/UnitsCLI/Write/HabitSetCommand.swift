import UnitsKit

/// `units habit set NAME key=value ...`: descriptive attributes edited in
/// place; what counts (goal, min, unit, size, floor) as a dated change line,
/// so the past keeps its meaning (format.md 9.1 and 11). One write.
public enum HabitSetCommand: Command {
    public static let name = "set"
    public static let summary = "Change a habit's attributes: title, color, icon, note, priority, every in place; goal, min, unit, floor as dated lines."
    public static let usage = "set NAME key=value... [options]"
    public static let options: [OptionSpec] = WriteOptions.dated
    public static let discussion = """
        Keys edited in place on the declaration (they describe, they do not
        count): title, color, icon, note, priority (must|nice), every (check
        habits and groups). An empty value removes the attribute: note=
        Keys written as a dated change line from today (or --date) on, so past
        entries keep their meaning (format.md 11):
          goal=N [MEASURE]   `DATE goal NAME N`  (quantitative check habits)
          min=N [MEASURE]    `DATE min NAME N`
          unit=NAME [SHORT]  `DATE unit NAME UNIT` (count habits; size=N [MEASURE] with it or alone)
          floor=N            `DATE floor NAME N/week` (count habits; 0 removes it)
        since=DATE moves the declaration to an earlier day (given alone), so the
        days from then on can be logged: the habit's lines move as one block to
        where that date puts them.
        kind, type and group cannot be set: they change what past lines mean
        (`units group add` joins a group). Refused: a value equal to the one in
        force, a value lint would reject. One write, undone by `units undo`.

        Examples:
          units habit set Read-10 goal=5 min=1
          units habit set Reading title="Read something real" color=blue floor=10
          units habit set Reading since=2025-08-25
        """

    static let inPlace: Set<String> = ["title", "color", "icon", "note", "priority", "every"]
    static let dated: Set<String> = ["goal", "min", "unit", "size", "floor"]
    static let fixed: [String: String] = [
        "kind": "a habit's kind changes what every past entry means; declare a new habit",
        "type": "a habit's type changes what every past check-in means; declare a new habit",
        "group": "`units group add GROUP MEMBER...` joins a group",
    ]

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let tool = "units habit set"
        let words = arguments.positionals
        guard let habitName = words.first else {
            throw UsageError("which habit? e.g. `units habit set Reading floor=10`")
        }
        guard words.count > 1 else {
            throw UsageError("what to set? give key=value, e.g. `units habit set \(habitName) floor=10`")
        }
        var values: [(key: String, value: String)] = []
        for word in words.dropFirst() {
            guard let eq = word.firstIndex(of: "="), eq != word.startIndex else {
                throw UsageError("expected key=value, got '\(word)'")
            }
            // `colour`, the British spelling, is the format's `color`.
            let written = String(word[..<eq]), key = written == "colour" ? "color" : written
            let value = TextLine.trimmed(String(word[word.index(after: eq)...]))
            if let why = fixed[key] { throw UsageError("'\(key)' cannot be set: \(why)") }
            if key == "since" {
                guard words.count == 2 else { throw UsageError("since= moves the declaration; give it alone") }
                try CommandDates.check(value, option: "since=", io: io, tool: tool)
                return try moveDeclaration(habitName, to: value, arguments, io: io, tool: tool)
            }
            guard inPlace.contains(key) || dated.contains(key) else {
                let keys = (inPlace.sorted() + ["goal", "min", "unit", "size", "floor", "since"])
                let hint = Suggestion.closest(to: key, in: keys).map { "; did you mean '\($0)'?" } ?? " (keys: \(keys.joined(separator: ", ")))"
                throw UsageError("unknown key '\(key)' in '\(word)'\(hint)")
            }
            if values.contains(where: { $0.key == key }) { throw UsageError("'\(key)' is given twice") }
            if let problem = WriteValidation.textProblem(value, what: key) { throw UsageError(problem) }
            if dated.contains(key), let problem = datedProblem(key, value) { throw UsageError(problem) }
            values.append((key, value))
        }
        var said: [String] = []
        return try WriteFrontend(arguments, io: io, tool: tool).edit(decide: { (journal, dates) throws(WriteRefusal) in
            let (habit, block) = try declaration(habitName, in: journal)
            let tree = journal.files[0]
            if habit.kind == .count, !habit.isGroup, values.contains(where: { $0.key == "every" }) {
                throw WriteRefusal("'\(habit.name)' is a count habit: every is for check habits and groups (a count habit's pace is its floor)")
            }
            var edits: [LineEdit] = []
            var added: [String] = []
            for (key, value) in values where inPlace.contains(key) {
                // An empty value removes the attribute's line.
                let lines = value.isEmpty ? [] : [CanonicalLine.attribute(key: key, value: value)]
                if let index = block.attribute(key) {
                    edits.append(LineEdit(range: index..<(index + 1), lines: lines))
                } else if value.isEmpty {
                    throw WriteRefusal("\(habit.name) has no \(key) to remove")
                } else {
                    added += lines
                }
                said.append(value.isEmpty ? "removed \(key)" : "\(key) \(value)")
            }
            let datedLines = try datedLines(values, habit: habit, journal: journal, dates: dates, said: &said)
            // New attribute lines go at the end of the block; dated lines in
            // date order. When both land at the same place, attributes first.
            var datedEdit = datedLines.isEmpty ? nil : JournalLines.inDateOrder(datedLines, in: tree)
            if !added.isEmpty {
                if let d = datedEdit, d.range == block.end..<block.end {
                    datedEdit = LineEdit(range: d.range, lines: added + d.lines)
                } else {
                    edits.append(LineEdit(range: block.end..<block.end, lines: added))
                }
            }
            if let datedEdit { edits.append(datedEdit) }
            return EditChange(edits: edits, summary: "Set \(values.map { "\($0.key)=\($0.value)" }.joined(separator: " ")) on \(habit.name)")
        }, done: { _ in "Changed \(habitName): \(said.joined(separator: "; ")) • \(WriteSupport.undoHint)" })
    }

    /// `since=DATE`: the declaration block, dated DATE, moved to where that
    /// date puts it (before the lines it must precede), in one undoable
    /// write. Only earlier: a later date would leave entries before it.
    static func moveDeclaration(_ habitName: String, to text: String, _ arguments: ParsedArguments, io: CommandIO, tool: String) throws(ExitCode) -> ExitCode {
        var moved: (name: String, from: CivilDate, to: CivilDate)?
        return try WriteFrontend(arguments, io: io, tool: tool).edit(decide: { (journal, dates) throws(WriteRefusal) in
            let (habit, block) = try declaration(habitName, in: journal)
            let tree = journal.files[0]
            guard let day = dates.day(text, journal) else { throw WriteRefusal("since=\(text) is not a day") }
            let today = dates.today(journal)
            if day > today { throw WriteRefusal("\(day) is in the future (today is \(today))") }
            guard day < habit.declared else {
                throw WriteRefusal("\(habit.name) is declared on \(habit.declared); since= moves a declaration earlier (later would leave its first days before it)")
            }
            var lines = (block.line..<block.end).map { JournalLines.text(of: $0, in: tree) }
            let first = lines[0]
            let afterDate = first.firstIndex { $0 == " " || $0 == "\t" } ?? first.endIndex
            lines[0] = "\(day)" + first[afterDate...]
            let insert = JournalLines.inDateOrder(lines, in: tree)
            moved = (habit.name, habit.declared, day)
            let edits = insert.range.lowerBound == block.line
                ? [LineEdit(range: block.line..<block.end, lines: insert.lines)]
                : [LineEdit(range: block.line..<block.end, lines: []), insert]
            return EditChange(edits: edits, summary: "Moved \(habit.name)'s declaration from \(habit.declared) to \(day)")
        }, done: { _ in
            guard let moved else { return "" }
            return "Changed \(moved.name): declared on \(moved.to) (was \(moved.from)); days from \(moved.to) on can be logged • \(WriteSupport.undoHint)"
        })
    }

    /// The habit or group called `name` and its declaration block in the
    /// main file, or why it cannot be changed here.
    static func declaration(_ name: String, in journal: Journal) throws(WriteRefusal) -> (Habit, JournalLines.Declaration) {
        let habit = try WriteSupport.habit(name, in: journal, allowGroup: true, builtIn: "has no declaration to change")
        guard let block = JournalLines.declaration(of: habit.name, in: journal.files[0]) else {
            throw WriteRefusal("'\(name)' is declared in \(habit.location?.file.path ?? "an included file"); change it there")
        }
        return (habit, block)
    }

    /// What is wrong with a dated key's value before the journal is read.
    static func datedProblem(_ key: String, _ value: String) -> String? {
        let parts = value.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        switch key {
        case "goal", "min", "size":
            guard UnitCommand.measured(value) != nil else {
                return "\(key) expects a positive number and an optional measure, e.g. \(key)=\"5 pages\"; got '\(value)'"
            }
        case "unit":
            guard (1...2).contains(parts.count), parts.allSatisfy(UnitCommand.isUnitWord) else {
                return "unit expects a unit name and an optional shorthand, e.g. unit=\"chapter ch\"; got '\(value)'"
            }
        default: // floor
            if HabitAddCommand.wholeFloor(value) == nil { return "floor expects a whole number of units per week, got '\(value)'" }
        }
        return nil
    }

    /// The dated change lines for goal, min, unit/size and floor, refused
    /// when they would change nothing.
    static func datedLines(_ values: [(key: String, value: String)], habit: Habit, journal: Journal,
                           dates: CommandDates, said: inout [String]) throws(WriteRefusal) -> [String] {
        func value(_ key: String) -> String? { values.first { $0.key == key }?.value }
        guard values.contains(where: { dated.contains($0.key) }) else { return [] }
        if habit.isGroup { throw WriteRefusal("'\(habit.name)' is a group: it has no goal, unit or floor of its own") }
        let date = try dates.lineDate(journal)
        if date < habit.declared { throw WriteRefusal("'\(habit.name)' is declared on \(habit.declared), after \(date)") }
        var lines: [String] = []
        let goalText = value("goal"), minText = value("min")
        if goalText != nil || minText != nil {
            guard habit.kind == .check else { throw WriteRefusal("'\(habit.name)' is a count habit: goal and min are for check habits (units floor sets a count habit's pace)") }
            let current = habit.goals(version: Int32.max)
            let goal = goalText.flatMap { Amount(String($0.split(separator: " ")[0])) }
            let minimum = minText.flatMap { Amount(String($0.split(separator: " ")[0])) }
            if let goal, goal == current.goal, minimum == nil || minimum == current.minimum {
                throw WriteRefusal("\(habit.name)'s goal is already \(goal)\(minimum == nil ? "" : " and its min \(minimum!)"); nothing to change")
            }
            if goal == nil, let minimum, minimum == current.minimum { throw WriteRefusal("\(habit.name)'s min is already \(minimum); nothing to change") }
            var pair: [String] = []
            if let goalText, goal != current.goal {
                pair.append(CanonicalLine.goalChange(date: date, habit: habit.name, minimum: false, value: goalText))
                said.append("goal \(goalText) from \(date) (earlier days keep their state)")
            }
            if let minText, minimum != current.minimum {
                pair.append(CanonicalLine.goalChange(date: date, habit: habit.name, minimum: true, value: minText))
                said.append("min \(minText) from \(date)")
            }
            // Lowering the goal below the old min: the min goes first, so
            // every pair in force on the way is valid.
            if let goal, let old = current.goal, goal < old { pair.reverse() }
            lines += pair
        }
        if value("unit") != nil || value("size") != nil {
            guard habit.kind == .count else { throw WriteRefusal("'\(habit.name)' is a check habit and has no unit") }
            let current = habit.units.last(where: { $0.since <= date }) ?? habit.currentUnit
            let words = value("unit")?.split(separator: " ").map(String.init)
            let unit = words?[0] ?? current.name
            let shorthand = words.map { $0.count > 1 ? $0[1] : nil } ?? current.shorthand
            var size = Amount.one
            var measure: String?
            if let sizeText = value("size") {
                (size, measure) = UnitCommand.measured(sizeText) ?? (.one, nil)
            } else if words == nil {
                size = current.size
                measure = current.measure
            }
            if current.name == unit, current.shorthand == shorthand, current.size == size, (current.measure ?? unit) == (measure ?? unit) {
                throw WriteRefusal("\(habit.name) already counts in \(unit) of \(size) \(measure ?? unit); nothing to change")
            }
            lines.append(CanonicalLine.unitChange(date: date, habit: habit.name, unit: unit, shorthand: shorthand, size: size, measure: measure))
            said.append("unit \(unit) (1 \(unit) = \(size) \(measure ?? unit)) from \(date); past entries keep their unit")
        }
        if let floorText = value("floor"), let floor = HabitAddCommand.wholeFloor(floorText) {
            guard habit.kind == .count else { throw WriteRefusal("'\(habit.name)' is a check habit and has no floor") }
            lines.append(try FloorCommand.floorLine(habit, floor, on: date))
            said.append(floor == 0 ? "no floor from \(date)" : "floor \(floor)/week from \(date)")
        }
        return lines
    }
}
