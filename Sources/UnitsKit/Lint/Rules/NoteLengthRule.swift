/// Notes, titles and habit descriptions over 200 characters do not fit any
/// view (format.md 12.1); a journal line is a fact, not a diary page.
struct NoteLengthRule: LinePassRule {
    static let limit = 200

    let description = RuleDescription(
        id: "note-length", severity: .warning,
        summary: "An entry note, or a habit's `note` or `title`, longer than 200 characters.",
        triggering: [LintExample("2025-09-01 habit Walk\n2025-09-01 Walk 3 ; " + String(repeating: "long walk ", count: 21) + "\n"),
                     LintExample("2025-09-01 habit Walk\n  note: \"" + String(repeating: "x", count: 201) + "\"\n")],
        nonTriggering: [LintExample("2025-09-01 habit Walk\n  note: \"short\"\n2025-09-01 Walk 3 ; " + String(repeating: "é", count: 200) + "\n")])

    /// Habits' notes and titles first, then entry notes line by line.
    func begin(_ context: inout LintContext) -> Void? {
        for habit in context.habits(where: { $0.note != nil || $0.title != nil }) {
            for (key, text) in [("note", habit.note), ("title", habit.title)] {
                guard let text, LintContext.characterCount(text.utf8) > Self.limit else { continue }
                guard let range = context.attribute(key, of: habit)?.keyRange ?? habit.location else { continue }
                context.report("the \(key) of '\(habit.name)' is \(LintContext.characterCount(text.utf8)) characters, over \(Self.limit): shorten it", at: range)
            }
        }
        return ()
    }

    /// Entry notes, from the lines; one whose tokens a block parse let go
    /// is read again only when long enough to hold a long note.
    func visit(_ tree: SyntaxTree, _ line: SyntaxLine, _ date: LineDate?, _ state: inout Void, _ context: inout LintContext) {
        guard line.kind == .entry && (line.tokenCount > 3 || line.tokenCount == 0 && Int(line.contentEnd - line.start) > Self.limit && tree.mayHaveTagOrComment(line)) else { return }
        guard let last = tree.tokens(of: line).last, last.kind == .comment, last.length > Self.limit else { return }
        let count = LintContext.characterCount(tree.commentText(last).utf8)
        if count > Self.limit {
            context.report("this note is \(count) characters, over \(Self.limit): shorten it, or keep long text in a comment line", at: tree.range(last))
        }
    }
}
