/// `goal: 10 pages` and `min: 1 chapter`: the measures label one number and
/// should agree (format.md 9.8).
struct GoalMinMeasureRule: LintRule {
    let description = RuleDescription(
        id: "goal-min-measure", severity: .warning,
        summary: "`goal` and `min` with different measures (`10 pages` and `1 chapter`).",
        triggering: ["2025-09-01 habit R\n  kind: check\n  goal: 10 pages\n  min: 1 chapter\n"],
        nonTriggering: ["2025-09-01 habit R\n  kind: check\n  goal: 10 pages\n  min: 1 page\n",
                        "2025-09-01 habit R\n  kind: check\n  goal: 10 pages\n  min: 1\n"])

    func check(_ context: inout LintContext) {
        // By index, each habit read where it lies: a loop over copies
        // retained and released every habit's references.
        let habits = context.journal.habits
        for id in habits.indices where habits[id].goal != nil && habits[id].minimum != nil {
            let habit = habits[id]
            let attributes = context.attributes(of: habit)
            guard let goal = attributes.last(where: { $0.key == "goal" }),
                  let min = attributes.last(where: { $0.key == "min" }) else { continue }
            let goalMeasure = measure(context, goal.tree, goal.tokens), minMeasure = measure(context, min.tree, min.tokens)
            guard let g = goalMeasure, let m = minMeasure, !sameMeasure(g, m) else { continue }
            context.report("`min` is in \(m) but `goal` in \(g): use one measure for both", at: min.tree.range(min.tokens.first!))
        }
    }

    func measure(_ context: LintContext, _ tree: SyntaxTree, _ tokens: ArraySlice<Token>) -> String? {
        let words = context.values(tokens).dropFirst()
        return words.isEmpty ? nil : words.map { tree.text($0) }.joined(separator: " ")
    }

    /// `page` and `pages` are one measure.
    func sameMeasure(_ a: String, _ b: String) -> Bool {
        func singular(_ s: String) -> String { s.hasSuffix("s") ? String(s.dropLast()) : s }
        return singular(a.lowercased()) == singular(b.lowercased())
    }
}
