/// Seasons and pauses run from their line's date through an end date,
/// which cannot come first (format.md 14, 16).
struct ReversedRangeRule: LintRule {
    let description = RuleDescription(
        id: "reversed-range", severity: .error,
        summary: "A season or pause that ends before it starts.",
        triggering: ["2025-11-01 season \"Exam prep\" 2025-10-20\n",
                     "2025-09-01 habit Gym\n2025-10-10 pause Gym 2025-10-01\n"],
        nonTriggering: ["2025-11-01 season Exams 2025-11-01\n2025-09-01 habit Gym\n2025-10-10 pause Gym 2025-10-12\n"])

    func check(_ context: inout LintContext) {
        context.forEachLine([.season, .pause]) { tree, line, tokens in
            let first = LintContext.date(tree, tokens.first!)
            let last = LintContext.date(tree, tokens[tokens.startIndex + 3])
            guard last < first else { return }
            let what = line.kind == .season ? "season" : "pause"
            context.report("this \(what) ends (\(last)) before it starts (\(first)): swap the dates or fix the end", at: tree.range(tokens[tokens.startIndex + 3]))
        }
    }
}
