/// An entry on a day its habit is paused: counted, but the pause says the
/// person did not expect to do it (format.md 16).
struct PausedEntryRule: EntryPassRule {
    let description = RuleDescription(
        id: "paused-entry", severity: .warning,
        summary: "An entry on a day when its habit is paused.",
        triggering: ["2025-09-01 habit Gym\n2025-09-05 pause Gym 2025-09-07\n2025-09-06 Gym 3\n"],
        nonTriggering: ["2025-09-01 habit Gym\n2025-09-05 pause Gym 2025-09-07\n2025-09-08 Gym 3\n"])

    func begin(_ context: inout LintContext) -> PerHabit<DayRange>? {
        // Each habit's pauses, once (not a copy of the habit per entry).
        let pauses = PerHabit(context.journal.habits.map(\.pauses))
        return pauses.isEmpty ? nil : pauses
    }

    func visit(_ entry: Entry, _ pauses: inout PerHabit<DayRange>, _ context: inout LintContext) {
        let range = pauses.range(Int(entry.habit))
        guard !range.isEmpty, !entry.isFromTask else { return }
        if let i = range.first(where: { pauses.items[$0].contains(entry.date) }) {
            let pause = pauses.items[i]
            let habit = context.journal.habits[Int(entry.habit)]
            context.report("'\(habit.name)' is paused from \(pause.first) to \(pause.last): shorten the pause, or move the entry",
                           at: context.range(ofToken: 0, of: entry))
        }
    }
}
