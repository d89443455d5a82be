/// `yes`/`kinda`/`no`/`skip` on a habit that sums units (format.md 12.2).
struct StateOnCountHabitRule: EntryPassRule {
    let description = RuleDescription(
        id: "state-on-count-habit", severity: .error,
        summary: "A state word (yes, kinda, no, skip) logged for a count habit, which needs a number.",
        triggering: ["2025-09-01 habit Reading\n2025-09-01 Reading yes\n"],
        nonTriggering: ["2025-09-01 habit Reading\n2025-09-01 Reading 3\n2025-09-01 habit Gym\n  kind: check\n2025-09-01 Gym yes\n"])

    func begin(_ context: inout LintContext) -> [Bool]? {
        context.journal.habits.map { $0.kind == .count }
    }

    func visit(_ entry: Entry, _ isCount: inout [Bool], _ context: inout LintContext) {
        if case .state(let state) = entry.value, isCount[Int(entry.habit)] {
            let habit = context.journal.habits[Int(entry.habit)]
            context.report("'\(state.rawValue)' is a state, but '\(habit.name)' is a count habit: log a number of \(ReportText.plural(habit.currentUnit.name, Amount(2))), or give it `kind: check`",
                           at: context.range(ofToken: 2, of: entry))
        }
    }
}
