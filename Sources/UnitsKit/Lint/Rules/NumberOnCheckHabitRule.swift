/// A number on a check habit that has no `goal`/`min` to turn it into a
/// state (format.md 12.3).
struct NumberOnCheckHabitRule: EntryPassRule {
    let description = RuleDescription(
        id: "number-on-check-habit", severity: .error,
        summary: "A number logged for a check habit without `goal` or `min` to turn it into a state.",
        triggering: ["2025-09-01 habit Gym\n  kind: check\n2025-09-01 Gym 3\n"],
        nonTriggering: ["2025-09-01 habit Read-10\n  kind: check\n  goal: 10\n2025-09-01 Read-10 12\n2025-09-01 habit Gym\n  kind: check\n2025-09-01 Gym kinda\n"])

    func begin(_ context: inout LintContext) -> [Bool]? {
        // Per-habit flags up front: copying a Habit per entry is not free.
        let flagged = context.journal.habits.map { $0.kind == .check && !$0.isQuantitative }
        return flagged.contains(true) ? flagged : nil
    }

    func visit(_ entry: Entry, _ flagged: inout [Bool], _ context: inout LintContext) {
        if case .units = entry.value, !entry.isFromTask, flagged[Int(entry.habit)] {
            let habit = context.journal.habits[Int(entry.habit)]
            context.report("'\(habit.name)' is a check habit: log yes, kinda, no or skip, or give it a `goal:` to log numbers",
                           at: context.range(ofToken: 2, of: entry))
        }
    }
}
