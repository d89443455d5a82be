/// A task is worth 0 (a reminder) to 5 units (format.md 13).
struct TaskEstimateRule: LintRule {
    let description = RuleDescription(
        id: "task-estimate", severity: .error,
        summary: "A task estimate outside 0-5, or not a whole number.",
        triggering: ["2025-09-01 task \"Paint the house\" 8\n", "2025-09-01 task \"Call mum\" 12\n", "2025-09-01 task \"Nap\" 1.5\n"],
        nonTriggering: ["2025-09-01 task \"Paint the fence\" 5\n2025-09-01 task \"Call mum\"\n2025-09-01 task \"Buy butter\" 0\n"])

    func check(_ context: inout LintContext) {
        context.forEachLine([.task]) { tree, _, tokens in
            guard let number = tokens.first(where: { $0.kind == .number }),
                  case .valid(let value) = NumberLexeme.parse(tree.bytes(number)) else { return }
            if !value.isInteger || value < .zero || value > Amount(5) {
                context.report("a task's estimate is 0 (a reminder) to 5 units, not \(tree.text(number)): split a bigger task into smaller ones", at: tree.range(number))
            }
        }
    }
}
