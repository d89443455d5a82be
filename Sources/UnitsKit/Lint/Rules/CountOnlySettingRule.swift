/// Units, sizes and floors mean nothing for a check habit (format.md 9.1, 11).
struct CountOnlySettingRule: LintRule {
    let description = RuleDescription(
        id: "count-only-setting", severity: .error,
        summary: "A `unit`, `size` or `floor` (attribute or change line) for a check habit.",
        triggering: ["2025-09-01 habit Gym\n  kind: check\n  floor: 3\n",
                     "2025-09-01 habit Gym\n  kind: check\n2025-09-02 unit Gym session\n"],
        nonTriggering: ["2025-09-01 habit Walk\n  unit: lap\n  floor: 3\n2025-09-02 unit Walk mile\n"])

    func check(_ context: inout LintContext) {
        for habit in context.habits(where: { $0.kind == .check && !$0.isGroup }) {
            for attribute in context.attributes(of: habit) where ["unit", "size", "floor"].contains(attribute.key) {
                context.report("'\(habit.name)' is a check habit: `\(attribute.key)` only applies to count habits; remove it",
                               at: attribute.keyRange)
            }
        }
        context.forEachLine([.unitChange, .floorChange]) { tree, line, tokens in
            guard let id = context.journal.habitID(named: tree.text(tokens[tokens.startIndex + 2])) else { return }
            let habit = context.journal.habits[id]
            guard habit.kind == .check, !habit.isGroup else { return }
            let what = line.kind == .unitChange ? "unit" : "floor"
            context.report("'\(habit.name)' is a check habit and has no \(what): remove this line", at: tree.range(tokens[tokens.startIndex + 1]))
        }
    }
}
