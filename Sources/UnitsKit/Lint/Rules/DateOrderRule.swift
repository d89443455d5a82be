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
            let bytes = tree.file.bytes
            var previous: Int32 = 0
            var previousToken: Token?
            for line in tree.lines where line.kind.isDated {
                guard let token = tree.firstToken(of: line) else { continue }
                let key = LintContext.dateKey(bytes, token)
                if key < previous, let above = previousToken {
                    context.report("\(context.date(tree, token)) is earlier than the line above (\(context.date(tree, above))): keep lines in date order",
                                   at: tree.range(token))
                } else {
                    previous = key
                    previousToken = token
                }
            }
        }
    }
}
