/// An entry for a habit that is archived at that point: valid history, but
/// probably a habit the person forgot they archived (format.md 15).
struct ArchivedEntryRule: LintRule {
    let description = RuleDescription(
        id: "archived-entry", severity: .warning,
        summary: "An entry for a habit that is archived at that point.",
        triggering: ["2025-09-01 habit Swim\n2025-09-10 archive Swim\n2025-09-12 Swim 2\n"],
        nonTriggering: ["2025-09-01 habit Swim\n2025-09-10 Swim 2\n2025-09-10 archive Swim\n2025-09-20 unarchive Swim\n2025-09-21 Swim 1\n"])

    func check(_ context: inout LintContext) {
        let hasEvents = context.journal.habits.map { !$0.archiveEvents.isEmpty }
        guard hasEvents.contains(true) else { return }
        for entry in context.journal.entries where !entry.isFromTask && hasEvents[Int(entry.habit)] {
            let habit = context.journal.habits[Int(entry.habit)]
            var archived = false
            for event in habit.archiveEvents where context.isBefore(event.date, event.location, entry.date, entry.source) {
                archived = event.archived
            }
            guard archived else { continue }
            let (tree, tokens) = context.syntax(of: entry)
            context.report("'\(habit.name)' is archived here: unarchive it first (`DATE unarchive \(habit.name)`), or log to another habit",
                           at: tree.range(tokens[tokens.startIndex + 1]))
        }
    }
}
