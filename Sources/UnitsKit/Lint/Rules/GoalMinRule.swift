/// The thresholds of a quantitative check habit must make sense, as
/// declared and after each change line (format.md 9.8, 9.11, 11).
struct GoalMinRule: LintRule {
    let description = RuleDescription(
        id: "goal-min", severity: .error,
        summary: "`goal` not above zero, `min` not below `goal` (or not above zero, or without `goal`), or thresholds on a quit or count habit.",
        triggering: ["2025-09-01 habit R\n  kind: check\n  goal: 0\n",
                     "2025-09-01 habit R\n  kind: check\n  goal: 5\n  min: 5\n",
                     "2025-09-01 habit R\n  kind: check\n  min: 1\n",
                     "2025-09-01 habit R\n  kind: check\n  type: quit\n  goal: 3\n",
                     "2025-09-01 habit R\n2025-09-02 goal R 5\n",
                     "2025-09-01 habit R\n  kind: check\n  goal: 10\n  min: 2\n2025-09-02 goal R 2\n"],
        nonTriggering: ["2025-09-01 habit R\n  kind: check\n  goal: 10 pages\n  min: 1 page\n",
                        "2025-09-01 habit R\n  kind: check\n  goal: 10 pages\n  min: 2 pages\n2025-09-02 goal R 5 pages\n2025-09-03 min R 1 page\n"])

    func check(_ context: inout LintContext) {
        let habits = context.journal.habits
        for habit in context.habits(where: { !$0.isGroup && !$0.goalChanges.isEmpty }) {
            for change in habit.goalChanges {
                guard let location = change.location else { continue }
                if habit.kind == .count {
                    context.report("'\(habit.name)' is a count habit: `goal` and `min` only apply to `kind: check` (a count habit has a floor)", at: location)
                } else if habit.type == .quit {
                    context.report("'\(habit.name)' is a quit habit, logged with states: it has no goal or min", at: location)
                } else if let problem = Self.problem(goal: change.goal, minimum: change.minimum) {
                    context.report(problem + " (after this change)", at: location)
                }
            }
        }
        for habit in context.habits(where: { $0.goal != nil || $0.minimum != nil }) {
            func report(_ message: String, _ key: String) {
                guard let range = context.attribute(key, of: habit)?.keyRange ?? habit.location else { return }
                context.report(message, at: range)
            }
            if habit.kind == .count {
                report("'\(habit.name)' is a count habit: `goal` and `min` only apply to `kind: check`", habit.goal != nil ? "goal" : "min")
                continue
            }
            if habit.type == .quit {
                report("'\(habit.name)' is a quit habit, logged with states: remove `goal`/`min`", habit.goal != nil ? "goal" : "min")
                continue
            }
            if let problem = Self.problem(goal: habit.goal, minimum: habit.minimum) {
                report(problem, habit.goal == nil || habit.goal! > .zero ? "min" : "goal")
            }
        }
    }

    /// What is wrong with a goal and minimum pair, if anything.
    static func problem(goal: Amount?, minimum: Amount?) -> String? {
        guard let goal else { return minimum == nil ? nil : "`min` without `goal`: add `goal:` (the YES threshold) or remove `min`" }
        if goal <= .zero { return "`goal` must be greater than 0" }
        guard let minimum else { return nil }
        if minimum <= .zero { return "`min` must be greater than 0 (0 is NO anyway)" }
        if minimum >= goal { return "`min` (\(minimum)) must be below `goal` (\(goal)): at or above the goal is YES already" }
        return nil
    }
}
