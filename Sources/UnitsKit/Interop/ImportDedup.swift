/// What makes an import idempotent (Grammar/export.md, "Importing twice"):
/// a line the journal already holds, by its tokens (not the printer's
/// spacing), per date and with multiplicity, is not appended again.
struct ImportDedup {
    /// How many times each line key occurs in the journal.
    private var present: [String: Int] = [:]

    /// Counts the dated lines of every file of the journal.
    init(_ journal: Journal) {
        for tree in journal.files {
            for line in tree.lines where Self.isKeyed(line.kind) {
                present[Self.key(tree, line), default: 0] += 1
            }
        }
    }

    var isEmpty: Bool { present.isEmpty }

    /// Dated lines and whole-line comments.
    static func isKeyed(_ kind: LineKind) -> Bool { kind.isDated || kind == .comment }

    /// Whether the journal holds one more copy of this line; if so that
    /// copy is used up.
    mutating func consume(_ key: String) -> Bool {
        guard let n = present[key], n > 0 else { return false }
        present[key] = n - 1
        return true
    }

    /// Keys of one-line journal texts (nil where one is not a dated line).
    static func keys(_ texts: [String]) -> [String?] {
        let joined = texts.joined(separator: "\n") + "\n"
        let tree = Parser.parse(SourceFile(path: "<import>", bytes: Array(joined.utf8)))
        guard tree.lines.filter({ $0.kind != .blank }).count == texts.count else {
            return texts.map { keys1($0) }
        }
        return tree.lines.filter { $0.kind != .blank }.map { isKeyed($0.kind) ? key(tree, $0) : nil }
    }

    private static func keys1(_ text: String) -> String? {
        let tree = Parser.parse(SourceFile(path: "<import>", bytes: Array((text + "\n").utf8)))
        guard let line = tree.lines.first, isKeyed(line.kind) else { return nil }
        return key(tree, line)
    }

    static func key(_ tree: SyntaxTree, _ line: SyntaxLine) -> String {
        var parts: [String] = []
        for (i, token) in tree.tokens(of: line).enumerated() {
            switch token.kind {
            case .date where i == 0: parts.append(JournalText.date(tree.text(token))?.description ?? tree.text(token))
            case .comment: parts.append("; " + tree.commentText(token))
            default: parts.append(tree.text(token))
            }
        }
        return parts.joined(separator: " ")
    }
}
