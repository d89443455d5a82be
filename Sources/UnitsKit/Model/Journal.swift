/// The meaning of a journal: habits, entries, tasks, seasons and options,
/// built from the syntax trees of the root file and its includes, in file order.
public struct Journal: Sendable {
    /// The root file's tree first, then each included file's, in load order.
    public internal(set) var files: [SyntaxTree] = []
    public internal(set) var options = JournalOptions()
    /// Habits and groups, in declaration order; `Habit.id` is the index.
    public internal(set) var habits: [Habit] = []
    /// In file order, packed (`EntryList`); each element is an `Entry`.
    public internal(set) var entries = EntryList()
    public internal(set) var tasks: [JournalTask] = []
    public internal(set) var seasons: [Season] = []
    /// Parser and model diagnostics of every file, in file order.
    public internal(set) var diagnostics: [Diagnostic] = []
    /// Ids by name (`NameIndex`: by bytes, and by String equivalence).
    var habitIndex = NameIndex()

    /// The name of the built-in habit that unlinked tasks log to.
    public static let generalHabitName = "General"

    public init() {}

    public func habit(named name: String) -> Habit? {
        habitIndex[name].map { habits[$0] }
    }

    public func habitID(named name: String) -> Int? { habitIndex[name] }

    /// The tree and line an entry or other fact came from.
    public func line(_ reference: LineReference) -> (tree: SyntaxTree, line: SyntaxLine) {
        let tree = files[Int(reference.file)]
        return (tree, tree.lines[Int(reference.line)])
    }

    /// The check state an entry means for its habit: a state as written, or
    /// a number turned into one by the habit's goal and minimum (>= goal
    /// YES, >= min KINDA, else NO; a positive number without thresholds YES).
    public func checkState(of entry: Entry) -> CheckState {
        switch entry.value {
        case .state(let state): return state
        case .units(let amount):
            // Judged by the goal and minimum in force at the entry's line:
            // a later change never alters a past check-in.
            let (goal, minimum) = habits[Int(entry.habit)].goals(version: entry.goalVersion)
            return CheckState(amount, goal: goal, minimum: minimum)
        }
    }

    /// The first and last dates of any entry, if there are entries.
    public var dateRange: DayRange? { entries.dateRange }

    public var hasErrors: Bool { diagnostics.hasErrors }
}
