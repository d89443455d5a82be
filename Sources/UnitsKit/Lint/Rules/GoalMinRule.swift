/// The thresholds of a quantitative check habit must make sense: goal > 0,
/// 0 < min < goal, no `min` without `goal`, none on quit or count habits
/// (format.md 9.8, 9.11).
struct GoalMinRule: LintRule {
    let description = RuleDescription(
        id: "goal-min", severity: .error,
        summary: "`goal` not above zero, `min` not below `goal` (or not above zero, or without `goal`), or thresholds on a quit or count habit.",
        triggering: ["2025-09-01 habit R\n  kind: check\n  goal: 0\n",
                     "2025-09-01 habit R\n  kind: check\n  goal: 5\n  min: 5\n",
                     "2025-09-01 habit R\n  kind: check\n  min: 1\n",
                     "2025-09-01 habit R\n  kind: check\n  type: quit\n  goal: 3\n"],
        nonTriggering: ["2025-09-01 habit R\n  kind: check\n  goal: 10 pages\n  min: 1 page\n"])

    func check(_ context: inout LintContext) {
        for habit in context.journal.habits where habit.goal != nil || habit.minimum != nil {
            let attributes = context.attributes(of: habit)
            func at(_ key: String) -> SourceRange? {
                guard let a = attributes.last(where: { $0.key == key }) else { return habit.location }
                return a.tree.range(a.tokens.first!)
            }
            func report(_ message: String, _ key: String) {
                if let range = at(key) { context.report(message, at: range) }
            }
            if habit.kind == .count {
                report("'\(habit.name)' is a count habit: `goal` and `min` only apply to `kind: check`", habit.goal != nil ? "goal" : "min")
                continue
            }
            if habit.type == .quit {
                report("'\(habit.name)' is a quit habit, logged with states: remove `goal`/`min`", habit.goal != nil ? "goal" : "min")
                continue
            }
            guard let goal = habit.goal else {
                report("`min` without `goal`: add `goal:` (the YES threshold) or remove `min`", "min")
                continue
            }
            if goal <= .zero { report("`goal` must be greater than 0", "goal") }
            if let minimum = habit.minimum {
                if minimum <= .zero { report("`min` must be greater than 0 (0 is NO anyway)", "min") } else if minimum >= goal {
                    report("`min` (\(minimum)) must be below `goal` (\(goal)): at or above the goal is YES already", "min")
                }
            }
        }
    }
}
