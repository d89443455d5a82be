/// The lossless syntax tree of one file: every byte belongs to a line, and
/// within a line to a token or the trivia between, so printing the tree
/// gives back the file byte for byte. Flat: two arrays of small structs.
public struct SyntaxTree: Sendable {
    public let file: SourceFile
    /// 3 when the file starts with a UTF-8 byte-order mark, else 0.
    public let byteOrderMarkLength: Int
    /// Packed, 8 to 12 bytes a line (`LineList`); each element is a `SyntaxLine`.
    public internal(set) var lines: LineList
    public internal(set) var tokens: [Token]
    /// What the parser found wrong, one diagnostic per bad line at most.
    public internal(set) var diagnostics: [Diagnostic]
    /// The tags and notes of the entry lines, recorded when a model
    /// builder's block parse read the tree (its entry lines keep no tokens).
    var entryTexts: EntryTextSpans

    init(file: SourceFile, byteOrderMarkLength: Int) {
        self.file = file
        self.byteOrderMarkLength = byteOrderMarkLength
        lines = LineList()
        tokens = []
        diagnostics = []
        entryTexts = EntryTextSpans()
    }

    /// The tokens of one line (read again when a block parse let them go:
    /// `LineKind.tokensMayBeDropped`).
    public func tokens(of line: SyntaxLine) -> ArraySlice<Token> {
        if line.tokenCount == 0, line.kind.tokensMayBeDropped {
            var reader = lineReader(), again: [Token] = []
            reader.tokens(of: line, into: &again)
            return again[...]
        }
        return tokens[line.tokenRange]
    }

    /// The index of the line holding byte `offset` (the last line that
    /// starts at or before it; 0 for an empty tree).
    public func lineIndex(containing offset: Int) -> Int {
        max(0, lines.partitionPoint { Int($0.start) > offset } - 1)
    }

    /// The first token of a line; for a dated line, its date (the first
    /// word, when a block parse let the tokens go).
    public func firstToken(of line: SyntaxLine) -> Token? {
        if line.tokenCount > 0 { return tokens[Int(line.firstToken)] }
        if line.kind == .attribute || line.kind == .comment { return tokens(of: line).first }
        guard line.kind == .entry || line.kind == .habit || line.kind == .group else { return nil }
        return file.withBytes { b in
            var end = Int(line.start)
            while end < Int(line.contentEnd), !ASCII.isSpace(b[end]) { end += 1 }
            return Token(kind: .date, start: line.start, end: Int32(end))
        }
    }

    /// Token `index` (0 the date, 1 the name, 2 the value) of an entry line,
    /// read from its words when a block parse let its tokens go; of any
    /// other line, its token `index`.
    public func entryToken(_ index: Int, of line: SyntaxLine) -> Token {
        guard line.tokenCount == 0, line.kind == .entry, index < 3 else {
            let all = tokens(of: line)
            return all[all.startIndex + index]
        }
        let word: Range<Int>? = file.withBytes { b in
            var i = Int(line.start), n = 0
            let end = Int(line.contentEnd)
            while true {
                while i < end, ASCII.isSpace(b[i]) { i += 1 }
                guard i < end, b[i] != ASCII.quote, b[i] != ASCII.semicolon else { return nil }
                let start = i
                while i < end, !ASCII.isSpace(b[i]) { i += 1 }
                if n == index { return start..<i }
                n += 1
            }
        }
        guard let word else {
            let all = tokens(of: line)
            return all[all.startIndex + index]
        }
        let kind: TokenKind
        switch index {
        case 0: kind = .date
        case 1: kind = .name
        default:
            let isState = file.withBytes { ParserState.isState(UnsafeBufferPointer(rebasing: $0[word])) }
            kind = isState ? .state : .number
        }
        return Token(kind: kind, start: Int32(word.lowerBound), end: Int32(word.upperBound))
    }

    /// Whether an entry line may have a tag or a comment (holds `#` or `;`).
    func mayHaveTagOrComment(_ line: SyntaxLine) -> Bool {
        return file.withBytes { b in
            var i = Int(line.start)
            let end = Int(line.contentEnd)
            while i < end {
                if b[i] == ASCII.hash || b[i] == ASCII.semicolon { return true }
                i += 1
            }
            return false
        }
    }

    /// Lets go of the tokens of the entry lines (and with `declarations` of
    /// declaration and attribute lines) in `range`, the tree's last lines.
    mutating func dropEntryTokens(lines range: Range<Int>, entries: Bool = true, declarations: Bool = false) {
        guard let first = range.first else { return }
        var write = Int(lines[first].firstToken)
        for index in range {
            let line = lines[index]
            if (entries && line.kind == .entry) || (declarations && line.kind.tokensMayBeDropped && line.kind != .entry) {
                if line.tokenCount != 0 || line.firstToken != Int32(write) {
                    var dropped = line
                    dropped.firstToken = Int32(write)
                    dropped.tokenCount = 0
                    lines[index] = dropped
                }
                continue
            }
            let from = Int(line.firstToken)
            if from != write {
                for k in 0..<Int(line.tokenCount) { tokens[write + k] = tokens[from + k] }
                lines[index].firstToken = Int32(write)
            }
            write += Int(line.tokenCount)
        }
        tokens.removeSubrange(write...)
    }

    /// The bytes of a token (its indices are not file offsets).
    public func bytes(_ token: Token) -> ArraySlice<UInt8> { file.slice(token.range) }

    /// The text of a token, exactly as written.
    public func text(_ token: Token) -> String {
        file.withBytes { String(decoding: UnsafeBufferPointer(rebasing: $0[token.range]), as: UTF8.self) }
    }

    /// The source range of a token, for diagnostics.
    public func range(_ token: Token) -> SourceRange {
        SourceRange(file: file, start: Int(token.start), end: Int(token.end))
    }

    /// The source range of a line's content.
    public func range(_ line: SyntaxLine) -> SourceRange {
        SourceRange(file: file, start: Int(line.start), end: Int(line.contentEnd))
    }

    /// The value of a string token: quotes removed, `\"` and `\\` unescaped.
    /// A word token is returned as written.
    public func stringValue(_ token: Token) -> String {
        let b = bytes(token)
        guard token.kind == .string, b.count >= 1 else { return text(token) }
        var out: [UInt8] = []
        out.reserveCapacity(b.count)
        var i = b.startIndex + 1
        let end = b.count >= 2 && b.last == ASCII.quote ? b.endIndex - 1 : b.endIndex
        while i < end {
            if b[i] == ASCII.backslash, i + 1 < end { out.append(b[i + 1]); i += 2 } else { out.append(b[i]); i += 1 }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The text of a comment token without its `;` or `#` and the white
    /// space around it: the note of an entry.
    public func commentText(_ token: Token) -> String {
        var b = bytes(token)
        if let first = b.first, first == ASCII.semicolon || first == ASCII.hash { b = b.dropFirst() }
        while let f = b.first, ASCII.isSpace(f) { b = b.dropFirst() }
        while let l = b.last, ASCII.isSpace(l) { b = b.dropLast() }
        return String(decoding: b, as: UTF8.self)
    }

    /// Prints the tree: each line's tokens, the trivia around them, its ending.
    public func printed() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(file.count)
        let source = file.bytes
        out.append(contentsOf: source[0..<byteOrderMarkLength])
        for line in lines {
            var cursor = Int(line.start)
            for token in tokens(of: line) {
                out.append(contentsOf: source[cursor..<Int(token.start)])   // trivia
                out.append(contentsOf: source[token.range])
                cursor = Int(token.end)
            }
            out.append(contentsOf: source[cursor..<Int(line.contentEnd)])
            out.append(contentsOf: source[Int(line.contentEnd)..<Int(line.end)])
        }
        return out
    }
}
