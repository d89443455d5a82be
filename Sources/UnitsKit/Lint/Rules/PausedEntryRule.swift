/// An entry on a day its habit is paused: counted, but the pause says the
/// person did not expect to do it (format.md 16).
struct PausedEntryRule: EntryPassRule {
    let description = RuleDescription(
        id: "paused-entry", severity: .warning,
        summary: "An entry on a day when its habit is paused.",
        triggering: ["2025-09-01 habit Gym\n2025-09-05 pause Gym 2025-09-07\n2025-09-06 Gym 3\n"],
        nonTriggering: ["2025-09-01 habit Gym\n2025-09-05 pause Gym 2025-09-07\n2025-09-08 Gym 3\n"])

    func begin(_ context: inout LintContext) -> [[DayRange]]? {
        // Each habit's pauses, once (not a copy of the habit per entry).
        let pauses = context.journal.habits.map(\.pauses)
        return pauses.contains(where: { !$0.isEmpty }) ? pauses : nil
    }

    func visit(_ entry: Entry, _ pauses: inout [[DayRange]], _ context: inout LintContext) {
        guard !entry.isFromTask, !pauses[Int(entry.habit)].isEmpty else { return }
        if let pause = pauses[Int(entry.habit)].first(where: { $0.contains(entry.date) }) {
            let habit = context.journal.habits[Int(entry.habit)]
            let (tree, tokens) = context.syntax(of: entry)
            context.report("'\(habit.name)' is paused from \(pause.first) to \(pause.last): shorten the pause, or move the entry",
                           at: tree.range(tokens.first!))
        }
    }
}
