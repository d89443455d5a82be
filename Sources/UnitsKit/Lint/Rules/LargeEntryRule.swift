/// The Units app caps one addition at 999 units (format.md 12.2); a bigger
/// entry is usually a slip of the keyboard.
struct LargeEntryRule: EntryPassRule {
    static let limit = Amount(999)

    let description = RuleDescription(
        id: "large-entry", severity: .warning,
        summary: "More than 999 units in one entry.",
        triggering: ["2025-09-01 habit Walk\n2025-09-01 Walk 1200\n"],
        nonTriggering: ["2025-09-01 habit Walk\n2025-09-01 Walk 999\n2025-09-01 Walk 500\n"])

    func begin(_ context: inout LintContext) -> Void? { () }

    func visit(_ entry: Entry, _ state: inout Void, _ context: inout LintContext) {
        if case .units(let value) = entry.value, !entry.isFromTask, value > Self.limit {
            context.report("\(value) units in one entry is more than 999: check for a typo, or split it over several entries",
                           at: context.range(ofToken: 2, of: entry))
        }
    }
}
