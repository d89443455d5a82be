/// A check habit has one state a day; of two check-ins the last stands
/// (format.md 12.3), so the first is probably a mistake.
struct DuplicateCheckInRule: EntryPassRule {
    let description = RuleDescription(
        id: "duplicate-check-in", severity: .warning,
        summary: "Two check-ins for one check habit on one day (the last one stands).",
        triggering: ["2025-09-01 habit Gym\n  kind: check\n2025-09-01 Gym yes\n2025-09-01 Gym no\n"],
        nonTriggering: ["2025-09-01 habit Gym\n  kind: check\n2025-09-01 Gym yes\n2025-09-02 Gym no\n2025-09-01 habit Walk\n2025-09-01 Walk 1\n2025-09-01 Walk 2\n"])

    /// The days each check habit has a check-in on.
    struct State {
        var isCheck: [Bool]
        var days: [DaySet]
    }

    func begin(_ context: inout LintContext) -> State? {
        let isCheck = context.journal.habits.map { $0.kind == .check }
        return isCheck.contains(true) ? State(isCheck: isCheck, days: Array(repeating: DaySet(), count: isCheck.count)) : nil
    }

    func visit(_ entry: Entry, _ state: inout State, _ context: inout LintContext) {
        guard !entry.isFromTask, state.isCheck[Int(entry.habit)] else { return }
        if !state.days[Int(entry.habit)].insert(entry.date.dayNumber) {
            let journal = context.journal
            context.report("'\(journal.habits[Int(entry.habit)].name)' already has a check-in on \(entry.date); this one replaces it: delete the one that is wrong",
                           at: context.range(ofToken: 1, of: entry))
        }
    }
}
