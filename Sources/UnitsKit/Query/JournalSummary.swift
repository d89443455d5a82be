/// What a journal holds: habits, entries, the dates they span, and each
/// habit's lifetime total (units for count habits, check-in days by state
/// for check habits), counted up to and including `through`.
public struct JournalSummary: Sendable {
    /// One habit's line.
    public struct HabitTotal: Sendable {
        public var name: String
        public var kind: HabitKind
        public var isGroup: Bool
        public var isArchived: Bool
        public var entries: Int
        public var units: Amount
        /// Check habits: days by final state (the last check-in of a day stands).
        public var states: [CheckState: Int]
        public var unitName: String
    }

    public var habitCount: Int
    public var groupCount: Int
    public var entryCount: Int
    /// Entries dated after `through` (not counted in the totals).
    public var futureEntryCount: Int
    public var taskCounts: (open: Int, done: Int, dropped: Int)
    public var firstDate: CivilDate?
    public var lastDate: CivilDate?
    public var totalUnits: Amount
    /// Every habit and group, in declaration order.
    public var habits: [HabitTotal]
    public var through: CivilDate

    public init(_ journal: Journal, through today: CivilDate) {
        through = today
        var entries = Array(repeating: 0, count: journal.habits.count)
        var units = Array(repeating: Amount.zero, count: journal.habits.count)
        // Check habits: one state a day, the last check-in standing.
        var dayStates: [Int: [Int32: CheckState]] = [:]
        var first: CivilDate?, last: CivilDate?
        var counted = 0, future = 0
        var total = Amount.zero
        for entry in journal.entries {
            guard entry.date <= today else { future += 1; continue }
            counted += 1
            first = min(first ?? entry.date, entry.date)
            last = max(last ?? entry.date, entry.date)
            let id = Int(entry.habit)
            entries[id] += 1
            if journal.habits[id].kind == .check {
                dayStates[id, default: [:]][entry.date.dayNumber] = journal.checkState(of: entry)
            } else {
                units[id] += entry.units
                total += entry.units
            }
        }
        var states: [Int: [CheckState: Int]] = [:]
        for (id, days) in dayStates {
            for state in days.values { states[id, default: [:]][state, default: 0] += 1 }
        }
        // Group totals are the sum of their members.
        for id in journal.habits.indices where journal.habits[id].isGroup {
            for member in journal.habits[id].members {
                units[id] += units[member]
                entries[id] += entries[member]
            }
        }
        habits = journal.habits.indices.map { id in
            let habit = journal.habits[id]
            return HabitTotal(name: habit.name, kind: habit.kind, isGroup: habit.isGroup, isArchived: habit.isArchived(on: today),
                              entries: entries[id], units: units[id], states: states[id] ?? [:],
                              // Lifetime counts raw units; name them only when the unit never changed.
                              unitName: habit.units.count == 1 ? habit.currentUnit.name : "unit")
        }
        groupCount = habits.filter(\.isGroup).count
        habitCount = habits.count - groupCount
        entryCount = counted
        futureEntryCount = future
        firstDate = first
        lastDate = last
        totalUnits = total
        var open = 0, done = 0, dropped = 0
        for task in journal.tasks {
            switch task.status {
            case .open: open += 1
            case .done(let d): if d <= today { done += 1 } else { open += 1 }
            case .dropped(let d): if d <= today { dropped += 1 } else { open += 1 }
            }
        }
        taskCounts = (open, done, dropped)
    }

    /// A plain-text table, written a line at a time.
    public func text(to output: ReportOutput) {
        var out = "Journal through \(through)\n"
        out += "  " + ReportText.count(habitCount, "habit")
        if groupCount > 0 { out += ", " + ReportText.count(groupCount, "group") }
        out += ", \(entryCount) entr\(entryCount == 1 ? "y" : "ies")"
        if let firstDate, let lastDate { out += " from \(firstDate) to \(lastDate)" }
        out += "\n"
        if futureEntryCount > 0 { out += "  (\(futureEntryCount) entries after \(through) not counted)\n" }
        out += "  Tasks: \(taskCounts.open) open, \(taskCounts.done) done, \(taskCounts.dropped) dropped\n"
        out += "  Total units: \(totalUnits)\n\n"
        output.write(out)
        var nameWidth = 5
        for row in habits where row.entries > 0 || !row.isGroup { nameWidth = max(nameWidth, DisplayWidth.of(row.name)) }
        for row in habits where row.entries > 0 || !row.isGroup {
            let pad = String(repeating: " ", count: nameWidth - DisplayWidth.of(row.name))
            var line = "  \(row.name)\(pad)  "
            if row.kind == .check && !row.isGroup {
                let yes = row.states[.yes] ?? 0, kinda = row.states[.kinda] ?? 0, no = row.states[.no] ?? 0
                let skip = row.states[.skip] ?? 0
                line += "yes \(yes) · kinda \(kinda) · no \(no)"
                if skip > 0 { line += " · skip \(skip)" }
            } else {
                line += "\(row.units) \(row.isGroup ? "units" : ReportText.plural(row.unitName, row.units))"
            }
            line += "  (\(row.entries) entr\(row.entries == 1 ? "y" : "ies"))"
            if row.isGroup { line += "  group" }
            if row.isArchived { line += "  archived" }
            output.write(line + "\n")
        }
        output.finish()
    }

    /// The JSON written as it is made.
    public func json(to output: ReportOutput) {
        JSONWriter.report(nil, to: output) { w in
            w.field("through", through.description)
            w.field("habits", habitCount)
            w.field("groups", groupCount)
            w.field("entries", entryCount)
            w.field("futureEntries", futureEntryCount)
            w.field("firstDate", firstDate?.description)
            w.field("lastDate", lastDate?.description)
            w.field("totalUnits", totalUnits)
            w.object("tasks") {
                w.field("open", taskCounts.open)
                w.field("done", taskCounts.done)
                w.field("dropped", taskCounts.dropped)
            }
            w.objects("perHabit", habits) { row in
                w.field("name", row.name)
                w.field("kind", row.isGroup ? "group" : row.kind.rawValue)
                w.field("archived", row.isArchived)
                w.field("entries", row.entries)
                w.field("units", row.units)
                if row.kind == .check && !row.isGroup {
                    w.object("days") {
                        for state in CheckState.allCases { w.field(state.rawValue, row.states[state] ?? 0) }
                    }
                }
            }
        }
    }
}
