/// What makes an import idempotent: a line the journal already holds is
/// not appended again. Two lines are the same when their tokens are (the
/// date in any spelling, then every token as written, a trailing comment by
/// its text), so the white space the printer adds for alignment does not
/// matter. Lines are compared per date with multiplicity: if the journal
/// has `2025-12-01 Water 1` once and the file twice, one is appended.
/// Comment lines (a Loop note kept on a `YES_AUTO` day) are compared by
/// their text the same way.
/// Documented in `Grammar/export.md` ("Importing twice").
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

    /// Keys of one-line journal texts, in order (nil where a text does not
    /// parse to exactly one dated line).
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
