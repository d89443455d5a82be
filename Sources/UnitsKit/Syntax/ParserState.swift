// The parser's state while it reads a file, and its line loop: find each
// line, try the entry fast path, else split and classify the line's words.

/// Where a model builder's block parse puts its entry records: room for
/// one block's lines, owned by the parse (a plain value: no retain per append).
struct EntrySink {
    let base: UnsafeMutablePointer<FastEntry>
    let capacity: Int
    var count = 0

    @inline(__always) mutating func append(_ entry: FastEntry) {
        precondition(count < capacity, "more entries than lines in a block")
        (base + count).initialize(to: entry)
        count += 1
    }

    var contents: UnsafeBufferPointer<FastEntry> { UnsafeBufferPointer(start: base, count: count) }
}

/// A word of a line before it is classified.
struct RawWord {
    enum Shape { case word, string, comment }
    var shape: Shape
    var start: Int
    var end: Int
}

struct ParserState {
    var tree: SyntaxTree
    var file: SourceFile
    /// Whether attribute lines may follow (we are under a declaration).
    var inDeclaration = false
    /// Raw words of the current line; reused across lines.
    let words = ScratchBuffer<RawWord>()
    /// Classified tokens of the current line, appended to the tree when the
    /// line is done (its words instead, if the line is invalid).
    let lineTokens = ScratchBuffer<Token>()
    /// Where the current line's tokens start in `tree.tokens`.
    var lineTokenStart = 0
    /// Whether plain entry lines take `parseEntryFast` (tests compare both ways).
    var fastEntries = true
    /// The ten bytes of the last valid date seen (all zero: none yet), and its day.
    var lastValidDate: (UInt64, UInt16) = (0, 0)
    var lastValidDay = CivilDate.minimum
    /// When set (`Parser.Blocks.collectingEntries`), plain entry lines are recorded here, not as tokens.
    var collectedEntries: EntrySink?
    /// Entry lines given tokens so far (a block parse drops them: none, nothing to drop).
    var entryLinesWithTokens = 0

    init(file: SourceFile, reserveTokens: Bool = true, reserveLines: Bool = true) {
        self.file = file
        let bom = file.withBytes { b in b.count >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF ? 3 : 0 }
        tree = SyntaxTree(file: file, byteOrderMarkLength: bom)
        if reserveLines { tree.lines.reserveCapacity(file.count / 24 + 1) }
        if reserveTokens { tree.tokens.reserveCapacity(file.count / 6 + 1) }
    }

    // MARK: Lines

    mutating func run(_ buf: UnsafeBufferPointer<UInt8>) {
        _ = run(buf, from: tree.byteOrderMarkLength, maxLines: .max)
    }

    /// Parses up to `maxLines` lines from offset `from`; returns the offset
    /// after the last line parsed (the file's size at its end).
    mutating func run(_ buf: UnsafeBufferPointer<UInt8>, from: Int, maxLines: Int) -> Int {
        guard buf.count <= Parser.maximumFileSize else {
            tree.diagnostics.append(Diagnostic(.error, rule: Parser.encodingRule,
                "too large: more than \(Parser.maximumFileSize) bytes; \(Parser.sizeLimitWords)",
                path: file.path))
            return buf.count
        }
        var start = from
        let count = buf.count
        var parsed = 0
        while start < count && parsed < maxLines {
            parsed += 1
            // Find the line end, noting bytes that need a closer look.
            var i = start
            var unusual = false
            // Eight bytes at a time while none is a control byte or non-ASCII.
            let base = UnsafeRawPointer(buf.baseAddress!)
            while i + 8 <= count {
                let w = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                let high: UInt64 = 0x8080_8080_8080_8080
                let belowSpace = (w &- 0x2020_2020_2020_2020) & ~w & high
                let flagged = (w & high) | belowSpace
                if flagged != 0 {
                    // Straight to the first such byte (the lowest flag is exact).
                    i += flagged.trailingZeroBitCount >> 3
                    break
                }
                i += 8
            }
            while i < count {
                let b = buf[i]
                if b == ASCII.lf { break }
                if b >= 0x80 || b < 0x20 { unusual = true }
                i += 1
            }
            var contentEnd = i
            let end = i < count ? i + 1 : i
            if contentEnd > start, buf[contentEnd - 1] == ASCII.cr, i < count { contentEnd -= 1 }
            parseLine(buf, start: start, contentEnd: contentEnd, end: end, checkBytes: unusual)
            start = end
        }
        return start
    }

    /// Where the comment starts when the line holds only a comment after
    /// spaces (`;` anywhere first, or `#`), else nil.
    @inline(__always)
    static func commentStart(_ buf: UnsafeBufferPointer<UInt8>, start: Int, contentEnd: Int) -> Int? {
        var i = start
        while i < contentEnd, buf[i] == ASCII.space { i += 1 }
        guard i < contentEnd, buf[i] == ASCII.semicolon || buf[i] == ASCII.hash else { return nil }
        return i
    }

    mutating func parseLine(_ buf: UnsafeBufferPointer<UInt8>, start: Int, contentEnd: Int, end: Int, checkBytes: Bool) {
        // Nearly every line of a journal is a plain entry: read it in one
        // pass (EntryFastPath.swift), once its bytes are known to be text.
        if fastEntries, !checkBytes || Self.checkEncoding(buf, start: start, end: contentEnd) == nil,
           parseEntryFast(buf, start: start, contentEnd: contentEnd, end: end) { return }
        // A comment line of printable ASCII: the one token the general path
        // would give it, without splitting or classifying words.
        if fastEntries, !checkBytes, let commentStart = Self.commentStart(buf, start: start, contentEnd: contentEnd) {
            lineTokenStart = tree.tokens.count
            // A model builder's block parse keeps no token for it (below).
            let keep = collectedEntries == nil
            if keep { tree.tokens.append(Token(kind: .comment, start: Int32(commentStart), end: Int32(contentEnd))) }
            tree.lines.append(SyntaxLine(kind: .comment, start: Int32(start), contentEnd: Int32(contentEnd), end: Int32(end),
                                         firstToken: Int32(lineTokenStart), tokenCount: keep ? 1 : 0))
            return
        }
        lineTokenStart = tree.tokens.count
        lineTokens.removeAll()
        var kind = LineKind.invalid
        var error: (message: String, start: Int, end: Int, rule: String)?

        // Words first: splitting on ASCII white space is safe on any bytes,
        // and an invalid line keeps its words as tokens.
        let scan = splitWords(buf, start: start, end: contentEnd)
        if checkBytes, let problem = Self.checkEncoding(buf, start: start, end: contentEnd) {
            error = (problem.message, problem.offset, problem.offset + 1, Parser.encodingRule)
        }
        if error == nil {
            if let problem = scan {
                error = (problem.message, problem.start, problem.end, Parser.syntaxRule)
            } else {
                switch classify(buf, lineStart: start) {
                case .success(let k): kind = k
                case .failure(let e): error = (e.message, e.start, e.end, Parser.syntaxRule)
                }
            }
        }
        if let error {
            kind = .invalid
            lineTokens.removeAll()
            for k in 0..<words.count {
                let w = words[k]
                lineTokens.append(Token(kind: w.shape == .comment ? .comment : .word, start: Int32(w.start), end: Int32(w.end)))
            }
            tree.diagnostics.append(Diagnostic(.error, rule: error.rule, error.message,
                at: SourceRange(file: file, start: error.start, end: max(error.end, error.start))))
        }
        switch kind {
        case .habit, .group: inDeclaration = true
        case .attribute, .comment: break
        case .invalid: if start < contentEnd, !ASCII.isSpace(buf[start]) { inDeclaration = false }
        default: inDeclaration = false
        }
        // (Every entry line of a model builder's block parse, collected or not.)
        if kind == .entry, collectedEntries != nil { tree.entryTexts.record(line: tree.lines.count, tokens: lineTokens.contents) }
        // A model builder's block parse: an entry the fast path did not take
        // (a date spelt 2025/1/2, a tab...) is handed over as a record too,
        // and a comment line keeps no token (`tokens(of:)` reads it again).
        if kind == .entry, collectedEntries != nil, collect(buf) { lineTokens.removeAll() }
        if kind == .comment, collectedEntries != nil { lineTokens.removeAll() }
        if lineTokens.count > 0 { tree.tokens.append(contentsOf: lineTokens.contents) }
        if kind == .entry, lineTokens.count > 0 { entryLinesWithTokens += 1 }
        tree.lines.append(SyntaxLine(kind: kind, start: Int32(start), contentEnd: Int32(contentEnd), end: Int32(end),
                                     firstToken: Int32(lineTokenStart), tokenCount: Int32(lineTokens.count)))
    }
}
