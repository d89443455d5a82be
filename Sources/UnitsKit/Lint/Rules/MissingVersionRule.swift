/// A journal should say which format it is written in (format.md 5).
struct MissingVersionRule: LintRule {
    let description = RuleDescription(
        id: "missing-version", severity: .warning,
        summary: "The main file has no `units 1` version line.",
        triggering: ["2025-09-01 habit Walk\n"],
        nonTriggering: ["; my journal\nunits 1\n2025-09-01 habit Walk\n"])

    func check(_ context: inout LintContext) {
        guard let root = context.journal.files.first, !root.lines.contains(where: { $0.kind == .version }) else { return }
        context.report("no version line: start the journal with `units 1`", at: SourceRange(file: root.file, start: root.byteOrderMarkLength, end: root.byteOrderMarkLength))
    }
}
