/// An entry on a day its habit is paused: counted, but the pause says the
/// person did not expect to do it (format.md 16).
struct PausedEntryRule: LintRule {
    let description = RuleDescription(
        id: "paused-entry", severity: .warning,
        summary: "An entry on a day when its habit is paused.",
        triggering: ["2025-09-01 habit Gym\n2025-09-05 pause Gym 2025-09-07\n2025-09-06 Gym 3\n"],
        nonTriggering: ["2025-09-01 habit Gym\n2025-09-05 pause Gym 2025-09-07\n2025-09-08 Gym 3\n"])

    func check(_ context: inout LintContext) {
        let hasPauses = context.journal.habits.map { !$0.pauses.isEmpty }
        guard hasPauses.contains(true) else { return }
        for entry in context.journal.entries where !entry.isFromTask && hasPauses[Int(entry.habit)] {
            let habit = context.journal.habits[Int(entry.habit)]
            guard let pause = habit.pauses.first(where: { $0.contains(entry.date) }) else { continue }
            let (tree, tokens) = context.syntax(of: entry)
            context.report("'\(habit.name)' is paused from \(pause.first) to \(pause.last): shorten the pause, or move the entry",
                           at: tree.range(tokens.first!))
        }
    }
}
