import UnitsKit

/// The tags and note of an entry line, read from its tokens.
struct EntryLine {
    var tags: [String] = []
    var note: String?

    init(_ tree: SyntaxTree, _ line: SyntaxLine) {
        for token in tree.tokens(of: line) {
            if token.kind == .tag { tags.append(String(tree.text(token).dropFirst())) }
            if token.kind == .comment { note = tree.commentText(token) }
        }
    }
}
