/// An entry for a habit that is archived at that point: valid history, but
/// probably a habit the person forgot they archived (format.md 15).
struct ArchivedEntryRule: LintRule {
    let description = RuleDescription(
        id: "archived-entry", severity: .warning,
        summary: "An entry for a habit that is archived at that point.",
        triggering: ["2025-09-01 habit Swim\n2025-09-10 archive Swim\n2025-09-12 Swim 2\n"],
        nonTriggering: ["2025-09-01 habit Swim\n2025-09-10 Swim 2\n2025-09-10 archive Swim\n2025-09-20 unarchive Swim\n2025-09-21 Swim 1\n"])

    func check(_ context: inout LintContext) {
        // Each habit's events, once (not a copy of the habit per entry).
        let events = context.journal.habits.map(\.archiveEvents)
        guard events.contains(where: { !$0.isEmpty }) else { return }
        for entry in context.journal.entries where !entry.isFromTask && !events[Int(entry.habit)].isEmpty {
            var archived = false
            for event in events[Int(entry.habit)] where context.isBefore(event.date, event.location, entry.date, entry.source) {
                archived = event.archived
            }
            guard archived else { continue }
            let habit = context.journal.habits[Int(entry.habit)]
            let (tree, tokens) = context.syntax(of: entry)
            context.report("'\(habit.name)' is archived here: unarchive it first (`DATE unarchive \(habit.name)`), or log to another habit",
                           at: tree.range(tokens[tokens.startIndex + 1]))
        }
    }
}
