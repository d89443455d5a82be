/// A soft floor is a whole number of units per week, 0 or more (format.md 9.4).
struct InvalidFloorRule: LintRule {
    let description = RuleDescription(
        id: "invalid-floor", severity: .error,
        summary: "A negative or fractional floor (`floor:` or a floor change).",
        triggering: ["2025-09-01 habit Walk\n  floor: -3/week\n", "2025-09-01 habit Walk\n2025-09-02 floor Walk 2.5/week\n"],
        nonTriggering: ["2025-09-01 habit Walk\n  floor: 3/week\n2025-09-02 floor Walk 0\n"])

    func check(_ context: inout LintContext) {
        for habit in context.habits(where: { !$0.floors.isEmpty }) {
            for floor in habit.floors where floor.unitsPerWeek.isNegative || !floor.unitsPerWeek.isInteger {
                guard let location = floor.location else { continue }
                context.report("a floor is a whole number of units per week, 0 or more (\(floor.unitsPerWeek) is not): round it", at: location)
            }
        }
    }
}
