/// Where the tags and the note of each entry line that has either stand,
/// as a model builder's block parse found them (it keeps no tokens for
/// entry lines), so the model reads them without parsing the line again.
struct EntryTextSpans: Sendable {
    /// Whether a block parse recorded the tree's lines (else nothing is listed).
    private(set) var isRecorded = false
    /// The listed lines (indexes into the tree's lines), in increasing order.
    private(set) var lines: [Int32] = []
    /// Per listed line: its tags, from the first `#` to the end of the
    /// last tag (empty: none), and its comment, from `;` to the end of the
    /// line (empty: none).
    private(set) var spans: [Span] = []

    init() {}

    /// Recording, with room for `lines` listed lines (at most one a line):
    /// the lists never regrow, and room left unwritten costs no memory.
    init(reserving lines: Int) {
        isRecorded = true
        self.lines.reserveCapacity(lines)
        spans.reserveCapacity(lines)
    }

    struct Span: Sendable {
        var tags: Range<Int32>
        var comment: Range<Int32>
    }

    /// Lists `line` (after every line listed so far) when it has tags or a comment.
    @inline(__always)
    mutating func record(line: Int, tags: Range<Int>, comment: Range<Int>) {
        guard isRecorded, !tags.isEmpty || !comment.isEmpty else { return }
        lines.append(Int32(line))
        spans.append(Span(tags: Int32(tags.lowerBound)..<Int32(tags.upperBound),
                          comment: Int32(comment.lowerBound)..<Int32(comment.upperBound)))
    }

    /// Lists a line from its tokens (the general path's).
    mutating func record(line: Int, tokens: some Collection<Token>) {
        var tags = 0..<0, comment = 0..<0
        for token in tokens {
            if token.kind == .tag { tags = (tags.isEmpty ? Int(token.start) : tags.lowerBound)..<Int(token.end) }
            if token.kind == .comment { comment = Int(token.start)..<Int(token.end) }
        }
        record(line: line, tags: tags, comment: comment)
    }

    /// The position in `lines` of the first listed line at or after `line`.
    func position(from line: Int32) -> Int { lines.partitionPoint { $0 >= line } }

    /// The span of `line`, or nil when it has no tags and no comment.
    func span(of line: Int32) -> Span? {
        let k = position(from: line)
        return k < lines.count && lines[k] == line ? spans[k] : nil
    }
}

extension SyntaxTree {
    /// The tags in `range` (`#a #b`, as an entry line holds them), without the `#`.
    func tagNames(_ range: Range<Int32>) -> [String] {
        file.withBytes { bytes in
            var names: [String] = [], i = Int(range.lowerBound)
            let end = Int(range.upperBound)
            while i < end {
                while i < end, ASCII.isSpace(bytes[i]) { i += 1 }
                let start = i
                while i < end, !ASCII.isSpace(bytes[i]) { i += 1 }
                if i > start + 1 { names.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[(start + 1)..<i]), as: UTF8.self)) }
            }
            return names
        }
    }

    /// The note of the comment in `range` (`commentText`), nil when empty.
    func note(_ range: Range<Int32>) -> String? {
        let text = commentText(Token(kind: .comment, start: range.lowerBound, end: range.upperBound))
        return text.isEmpty ? nil : text
    }
}
