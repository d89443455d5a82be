/// A fact dated after today (`--today`) is usually a typo; seasons, pauses
/// and pins may be planned ahead.
struct FutureDateRule: LinePassRule {
    let description = RuleDescription(
        id: "future-date", severity: .warning,
        summary: "An entry, task or change dated after today (`--today`); seasons, pauses and pins may be planned ahead.",
        triggering: ["2025-09-01 habit Walk\n2026-01-05 Walk 3\n"],
        nonTriggering: ["2025-09-01 habit Walk\n2025-12-14 Walk 3\n2025-12-20 pause Walk 2026-01-02\n2026-01-01 season Winter 2026-02-28\n",
                        "2025-12-14 task \"Call the bank\"\n2025-12-15 pin \"Call the bank\"\n"])

    /// Today's key (`LineDate.key`).
    func begin(_ context: inout LintContext) -> Int32? { LineDate.key(context.today) }

    func visit(_ tree: SyntaxTree, _ line: SyntaxLine, _ date: LineDate?, _ todayKey: inout Int32, _ context: inout LintContext) {
        guard let date, date.key > todayKey, line.kind != .season, line.kind != .pause,
              line.kind != .pin, line.kind != .unpin else { return }
        let today = context.today
        context.report("\(LintContext.date(tree, date.token)) is in the future (today is \(today)): check the date", at: tree.range(date.token))
    }
}
