/// Dated lines should not go back in time (format.md 8): valid, but usually
/// a typo. Plans (pauses, seasons), which may be written ahead, are left out.
struct DateOrderRule: LinePassRule {
    let description = RuleDescription(
        id: "date-order", severity: .warning,
        summary: "A dated line earlier than the dated line above it in the same file (pauses and seasons, plans that may be written ahead, aside).",
        triggering: ["2025-09-01 habit Walk\n2025-09-05 Walk 3\n2025-09-04 Walk 2\n"],
        nonTriggering: ["2025-09-01 habit Walk\n2025-09-04 Walk 3\n2025-09-04 Walk 2\n2025-09-05 Walk 1\n",
                        "2025-09-01 habit Walk\n2025-09-20 pause Walk 2025-09-27\n2025-09-04 Walk 3\n2025-09-01 pause Walk 2025-09-02\n"])

    /// The latest dated line so far in the file.
    struct State {
        var previous: Int32 = 0
        var previousToken: Token?
    }

    func begin(_ context: inout LintContext) -> State? { State() }

    func beginFile(_ tree: SyntaxTree, _ state: inout State) { state = State() }

    func visit(_ tree: SyntaxTree, _ line: SyntaxLine, _ date: LineDate?, _ state: inout State, _ context: inout LintContext) {
        guard let date, !line.kind.isPlan else { return }
        if date.key < state.previous, let above = state.previousToken {
            context.report("\(LintContext.date(tree, date.token)) is earlier than the line above (\(LintContext.date(tree, above))): keep lines in date order",
                           at: tree.range(date.token))
        } else {
            state.previous = date.key
            state.previousToken = date.token
        }
    }
}
