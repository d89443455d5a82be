/// A comment that talks to `units-lint` (`; units-lint: disable-next-line
/// RULE...` up to the next line not a comment or blank, `; units-lint:
/// disable RULE...` to the end of the file). Only warnings and infos.
public struct LintDirective: Sendable, Equatable {
    public enum Scope: Sendable, Equatable { case nextLine, restOfFile }
    public var scope: Scope
    /// The rule ids; nil when the directive word is not known.
    public var rules: [String]?

    static let marker = Array("units-lint:".utf8)

    /// The directive of a comment line, read from its bytes (not tokenised again).
    static func `in`(_ line: SyntaxLine, of tree: SyntaxTree) -> LintDirective? {
        let start: Int? = tree.file.withBytes { b in
            var i = Int(line.start)
            let end = Int(line.contentEnd)
            while i < end, ASCII.isSpace(b[i]) { i += 1 }
            guard i < end, b[i] == ASCII.semicolon || b[i] == ASCII.hash else { return nil }
            var k = i + 1
            while k < end, ASCII.isSpace(b[k]) { k += 1 }
            guard end - k >= marker.count, marker.indices.allSatisfy({ b[k + $0] == marker[$0] }) else { return nil }
            return i
        }
        guard let start else { return nil }
        return parse(tree.file.slice(start..<Int(line.contentEnd)))
    }

    /// The directive in a comment token's bytes, or nil for an ordinary comment.
    public static func parse(_ bytes: ArraySlice<UInt8>) -> LintDirective? {
        var b = bytes
        guard let first = b.first, first == ASCII.semicolon || first == ASCII.hash else { return nil }
        b = b.dropFirst()
        while let f = b.first, ASCII.isSpace(f) { b = b.dropFirst() }
        guard b.starts(with: marker) else { return nil }
        let words = b.dropFirst(marker.count).split(whereSeparator: ASCII.isSpace).map { String(decoding: $0, as: UTF8.self) }
        switch words.first {
        case "disable-next-line": return LintDirective(scope: .nextLine, rules: Array(words.dropFirst()))
        case "disable": return LintDirective(scope: .restOfFile, rules: Array(words.dropFirst()))
        default: return LintDirective(scope: .nextLine, rules: nil)
        }
    }
}

/// Which findings the `units-lint:` comments of the journal's files silence.
struct LintSuppressions {
    /// Per file: (first offset, last offset, rules) spans.
    private var spans: [ObjectIdentifier: [(start: Int, end: Int, rules: Set<String>)]] = [:]

    init(_ journal: Journal, lineIndex: LintLineIndex) {
        for (fileIndex, tree) in journal.files.enumerated() {
            var pending: Set<String> = []
            var fileSpans: [(Int, Int, Set<String>)] = []
            let lines = tree.lines
            // Only comments start a span: the lines between them (entries,
            // blanks) are not walked; the line a pending `disable-next-line`
            // silences is found from its comment.
            func comment(_ index: Int) {
                let line = lines[index]
                if let directive = LintDirective.in(line, of: tree), let rules = directive.rules {
                    if directive.scope == .nextLine {
                        pending.formUnion(rules)
                    } else {
                        fileSpans.append((Int(line.start), Int.max, Set(rules)))
                    }
                }
                guard !pending.isEmpty else { return }
                // The next line that is not a comment or blank.
                var next = index + 1
                while next < lines.count, lines[next].kind == .blank || lines[next].kind == .comment { next += 1 }
                // The end of the file: nothing to silence.
                guard next < lines.count else { pending = []; return }
                fileSpans.append((Int(lines[next].start), Int(lines[next].end), pending))
                pending = []
            }
            for index in lineIndex.lines[fileIndex] where lines[Int(index)].kind == .comment { comment(Int(index)) }
            if !fileSpans.isEmpty { spans[ObjectIdentifier(tree.file)] = fileSpans }
        }
    }

    var isEmpty: Bool { spans.isEmpty }

    func silences(_ diagnostic: Diagnostic) -> Bool {
        guard let range = diagnostic.range else { return false }
        return silences(rule: diagnostic.rule, at: range)
    }

    func silences(rule: String, at range: SourceRange) -> Bool {
        guard let fileSpans = spans[ObjectIdentifier(range.file)] else { return false }
        return fileSpans.contains { range.start >= $0.start && range.start < $0.end && $0.rules.contains(rule) }
    }
}
