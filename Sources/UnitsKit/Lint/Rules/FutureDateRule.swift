/// A fact dated after today (`--today`, else the system date) is usually a
/// typo in the year or month. Seasons and pauses may be planned ahead.
struct FutureDateRule: LintRule {
    let description = RuleDescription(
        id: "future-date", severity: .warning,
        summary: "An entry, task or change dated after today (`--today`); seasons and pauses may be planned ahead.",
        triggering: ["2025-09-01 habit Walk\n2026-01-05 Walk 3\n"],
        nonTriggering: ["2025-09-01 habit Walk\n2025-12-14 Walk 3\n2025-12-20 pause Walk 2026-01-02\n2026-01-01 season Winter 2026-02-28\n"])

    func check(_ context: inout LintContext) {
        let today = context.today
        let todayKey = LintContext.dateKey(today)
        for tree in context.journal.files {
            let bytes = tree.file.bytes
            for line in tree.lines where line.kind.isDated && line.kind != .season && line.kind != .pause {
                guard let token = tree.firstToken(of: line) else { continue }
                if LintContext.dateKey(bytes, token) > todayKey {
                    context.report("\(context.date(tree, token)) is in the future (today is \(today)): check the date", at: tree.range(token))
                }
            }
        }
    }
}
