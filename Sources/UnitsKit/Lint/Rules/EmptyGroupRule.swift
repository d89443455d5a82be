/// A group is made of its members; with none it can never be satisfied.
struct EmptyGroupRule: LintRule {
    let description = RuleDescription(
        id: "empty-group", severity: .warning,
        summary: "A group that no habit belongs to.",
        triggering: ["2025-09-01 group Exercise\n"],
        nonTriggering: ["2025-09-01 group Exercise\n2025-09-01 habit Gym\n  group: Exercise\n"])

    func check(_ context: inout LintContext) {
        for habit in context.habits(where: { $0.isGroup && $0.members.isEmpty }) {
            guard let location = habit.location else { continue }
            context.report("group '\(habit.name)' has no members: add `group: \(habit.name)` to its habits, or remove it", at: location)
        }
    }
}
