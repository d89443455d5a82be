/// Dated lines should not go back in time (format.md 8): a line dated
/// before the dated line above it is valid but usually a typo.
struct DateOrderRule: LintRule {
    let description = RuleDescription(
        id: "date-order", severity: .warning,
        summary: "A dated line earlier than the dated line above it in the same file.",
        triggering: ["2025-09-01 habit Walk\n2025-09-05 Walk 3\n2025-09-04 Walk 2\n"],
        nonTriggering: ["2025-09-01 habit Walk\n2025-09-04 Walk 3\n2025-09-04 Walk 2\n2025-09-05 Walk 1\n"])

    func check(_ context: inout LintContext) {
        for tree in context.journal.files {
            var previous = CivilDate.minimum
            for line in tree.lines where line.kind.isDated {
                let token = tree.tokens[Int(line.firstToken)]
                let date = context.date(tree, token)
                if date < previous {
                    context.report("\(date) is earlier than the line above (\(previous)): keep lines in date order", at: tree.range(token))
                } else {
                    previous = date
                }
            }
        }
    }
}
