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
        for habit in context.habits(where: { $0.goal != nil && $0.minimum != nil }) {
            guard let goal = context.attribute("goal", of: habit), let min = context.attribute("min", of: habit),
                  let g = measure(context, goal), let m = measure(context, min), !sameMeasure(g, m) else { continue }
            context.report("`min` is in \(m) but `goal` in \(g): use one measure for both", at: min.keyRange)
        }
    }

    func measure(_ context: LintContext, _ attribute: AttributeLine) -> String? {
        let words = context.values(attribute.tokens).dropFirst()
        return words.isEmpty ? nil : words.map { attribute.tree.text($0) }.joined(separator: " ")
    }

    /// `page` and `pages` are one measure.
    func sameMeasure(_ a: String, _ b: String) -> Bool {
        func singular(_ s: String) -> String { s.hasSuffix("s") ? String(s.dropLast()) : s }
        return singular(a.lowercased()) == singular(b.lowercased())
    }
}
