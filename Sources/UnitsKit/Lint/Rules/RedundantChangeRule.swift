/// A unit, floor, goal or min change that changes nothing: a typo, or a line to delete.
struct RedundantChangeRule: LintRule {
    let description = RuleDescription(
        id: "redundant-change", severity: .warning,
        summary: "A `unit`, `floor`, `goal` or `min` change line that sets what is already in force.",
        triggering: ["2025-09-01 habit Walk\n  unit: lap\n2025-09-02 unit Walk lap\n",
                     "2025-09-01 habit Walk\n  floor: 5\n2025-09-02 floor Walk 5/week\n",
                     "2025-09-01 habit Read\n  kind: check\n  goal: 10\n2025-09-02 goal Read 10\n"],
        nonTriggering: ["2025-09-01 habit Walk\n  unit: lap\n  floor: 5\n2025-09-02 unit Walk lap = 0.25 miles\n2025-09-03 floor Walk 6\n"])

    func check(_ context: inout LintContext) {
        let changes: (Habit) -> Bool = { $0.units.count > 1 || $0.floors.count > 1 || !$0.goalChanges.isEmpty }
        for habit in context.habits(where: { !$0.isGroup && changes($0) }) {
            for i in habit.units.indices.dropFirst() {
                let old = habit.units[i - 1], new = habit.units[i]
                guard old.name == new.name, old.shorthand == new.shorthand, old.size == new.size, old.measure == new.measure,
                      let location = new.location else { continue }
                context.report("'\(habit.name)' already counts in \(new.name) (\(new.sizeDescription)): this unit change changes nothing; remove it", at: location)
            }
            for i in habit.floors.indices.dropFirst() where habit.floors[i].unitsPerWeek == habit.floors[i - 1].unitsPerWeek {
                guard let location = habit.floors[i].location else { continue }
                context.report("the floor of '\(habit.name)' is already \(habit.floors[i].unitsPerWeek)/week: this floor change changes nothing; remove it", at: location)
            }
            for (k, change) in habit.goalChanges.enumerated() {
                let before = habit.goals(version: Int32(k))
                guard before.goal == change.goal, before.minimum == change.minimum, let location = change.location else { continue }
                context.report("'\(habit.name)' already has goal \(change.goal.map { "\($0)" } ?? "none") and min \(change.minimum.map { "\($0)" } ?? "none"): this change changes nothing; remove it", at: location)
            }
        }
    }
}
