/// A check habit has one state a day; of two check-ins the last stands
/// (format.md 12.3), so the first is probably a mistake.
struct DuplicateCheckInRule: LintRule {
    let description = RuleDescription(
        id: "duplicate-check-in", severity: .warning,
        summary: "Two check-ins for one check habit on one day (the last one stands).",
        triggering: ["2025-09-01 habit Gym\n  kind: check\n2025-09-01 Gym yes\n2025-09-01 Gym no\n"],
        nonTriggering: ["2025-09-01 habit Gym\n  kind: check\n2025-09-01 Gym yes\n2025-09-02 Gym no\n2025-09-01 habit Walk\n2025-09-01 Walk 1\n2025-09-01 Walk 2\n"])

    func check(_ context: inout LintContext) {
        let habits = context.journal.habits
        let isCheck = habits.map { $0.kind == .check }
        guard isCheck.contains(true) else { return }
        var seen = Set<Int64>()
        for entry in context.journal.entries where !entry.isFromTask && isCheck[Int(entry.habit)] {
            let key = Int64(entry.habit) << 32 | Int64(UInt32(bitPattern: entry.date.dayNumber))
            guard !seen.insert(key).inserted else { continue }
            let (tree, tokens) = context.syntax(of: entry)
            context.report("'\(habits[Int(entry.habit)].name)' already has a check-in on \(entry.date); this one replaces it: delete the one that is wrong",
                           at: tree.range(tokens[tokens.startIndex + 1]))
        }
    }
}
