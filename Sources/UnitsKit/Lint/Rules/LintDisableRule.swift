/// The rule ids of `option lint-disable` and `units-lint:` comments must name
/// a rule, and not an error, which a journal cannot silence (format.md 6.3).
struct LintDisableRule: LintRule {
    let description = RuleDescription(
        id: "lint-disable", severity: .warning,
        summary: "`option lint-disable` or a `units-lint:` comment naming an unknown rule, or an error rule (errors cannot be silenced in the file).",
        triggering: ["option lint-disable name-lenght\n", "; units-lint: disable-next-line syntax\n", "; units-lint: frobnicate\n"],
        nonTriggering: ["option lint-disable name-length date-order\n; units-lint: disable-next-line large-entry\n"])

    func check(_ context: inout LintContext) {
        var directives: [(tree: SyntaxTree, line: SyntaxLine)] = []
        context.forEachLine([.option, .comment], lines: { tree, line in
            // Options are few; a comment line is read only when it talks to the linter.
            if line.kind == .option || LintDirective.in(line, of: tree) != nil { directives.append((tree, line)) }
        })
        for (tree, line) in directives {
            let tokens = tree.tokens(of: line)
            if line.kind == .option {
                guard tokens.count >= 3, tree.text(tokens[tokens.startIndex + 1]) == "lint-disable" else { continue }
                for token in tokens.dropFirst(2) where token.kind == .word {
                    validate(tree.text(token), at: tree.range(token), &context)
                }
            } else if let comment = tokens.first, let directive = LintDirective.parse(tree.bytes(comment)) {
                guard let rules = directive.rules else {
                    context.report("unknown units-lint directive: write `; units-lint: disable-next-line RULE...` or `; units-lint: disable RULE...`", at: tree.range(comment))
                    continue
                }
                if rules.isEmpty { context.report("name the rules to disable after the directive", at: tree.range(comment)) }
                for rule in rules { validate(rule, at: tree.range(comment), &context) }
            }
        }
    }

    func validate(_ id: String, at range: SourceRange, _ context: inout LintContext) {
        guard let rule = Linter.rule(id) else {
            let hint = Suggestion.closest(to: id, in: Linter.catalogue.map(\.id)).map { "; did you mean '\($0)'?" } ?? " (see `units-lint --list-rules`)"
            context.report("unknown lint rule '\(id)'\(hint)", at: range)
            return
        }
        if rule.severity == .error {
            context.report("'\(id)' reports errors, which a journal cannot silence about itself: fix the problem (or use --ignore for one run)", at: range)
        }
    }
}
