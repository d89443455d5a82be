/// The Units app caps one addition at 999 units (format.md 12.2); a bigger
/// entry is usually a slip of the keyboard.
struct LargeEntryRule: LintRule {
    static let limit = Amount(999)

    let description = RuleDescription(
        id: "large-entry", severity: .warning,
        summary: "More than 999 units in one entry.",
        triggering: ["2025-09-01 habit Walk\n2025-09-01 Walk 1200\n"],
        nonTriggering: ["2025-09-01 habit Walk\n2025-09-01 Walk 999\n2025-09-01 Walk 500\n"])

    func check(_ context: inout LintContext) {
        for entry in context.journal.entries where !entry.isFromTask {
            guard case .units(let value) = entry.value, value > Self.limit else { continue }
            let (tree, tokens) = context.syntax(of: entry)
            context.report("\(value) units in one entry is more than 999: check for a typo, or split it over several entries",
                           at: tree.range(tokens[tokens.startIndex + 2]))
        }
    }
}
