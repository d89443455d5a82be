/// An entry for a habit that is archived at that point: valid history, but
/// probably a habit the person forgot they archived (format.md 15).
struct ArchivedEntryRule: EntryPassRule {
    let description = RuleDescription(
        id: "archived-entry", severity: .warning,
        summary: "An entry for a habit that is archived at that point.",
        triggering: ["2025-09-01 habit Swim\n2025-09-10 archive Swim\n2025-09-12 Swim 2\n"],
        nonTriggering: ["2025-09-01 habit Swim\n2025-09-10 Swim 2\n2025-09-10 archive Swim\n2025-09-20 unarchive Swim\n2025-09-21 Swim 1\n"])

    func begin(_ context: inout LintContext) -> PerHabit<ArchiveEvent>? {
        // Each habit's events, once (not a copy of the habit per entry).
        let events = PerHabit(context.journal.habits.map(\.archiveEvents))
        return events.isEmpty ? nil : events
    }

    func visit(_ entry: Entry, _ events: inout PerHabit<ArchiveEvent>, _ context: inout LintContext) {
        let range = events.range(Int(entry.habit))
        guard !range.isEmpty, !entry.isFromTask else { return }
        var archived = false
        for i in range {
            let event = events.items[i]
            if context.isBefore(event.date, event.location, entry.date, entry.source) { archived = event.archived }
        }
        if archived {
            let habit = context.journal.habits[Int(entry.habit)]
            context.report("'\(habit.name)' is archived here: unarchive it first (`DATE unarchive \(habit.name)`), or log to another habit",
                           at: context.range(ofToken: 1, of: entry))
        }
    }
}
