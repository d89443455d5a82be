/// Classifying a line's words: the shared helpers (tokens, errors, names,
/// dates, numbers) and the choice of grammar by the line's first word.
extension ParserState {
    struct LineError: Error {
        var message: String
        var start: Int
        var end: Int
    }

    mutating func emit(_ kind: TokenKind, _ w: RawWord) {
        lineTokens.append(Token(kind: kind, start: Int32(w.start), end: Int32(w.end)))
    }

    func error(_ message: String, at w: RawWord) -> Result<LineKind, LineError> {
        .failure(LineError(message: message, start: w.start, end: w.end))
    }

    func equals(_ buf: UnsafeBufferPointer<UInt8>, _ w: RawWord, _ literal: StaticString) -> Bool {
        DatedKeyword.equals(UnsafeBufferPointer(rebasing: buf[w.start..<w.end]), literal)
    }

    func string(_ buf: UnsafeBufferPointer<UInt8>, _ w: RawWord) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: buf[w.start..<w.end]), as: UTF8.self)
    }

    /// Whether the word is one of git's conflict markers at column 0: seven
    /// `<`, `=`, `>` or `|` and nothing else in the word.
    func isConflictMarker(_ buf: UnsafeBufferPointer<UInt8>, _ w: RawWord) -> Bool {
        guard w.end - w.start == 7 else { return false }
        let c = buf[w.start]
        guard c == UInt8(ascii: "<") || c == UInt8(ascii: "=") || c == UInt8(ascii: ">") || c == UInt8(ascii: "|") else { return false }
        for k in w.start..<w.end where buf[k] != c { return false }
        return true
    }

    mutating func classify(_ buf: UnsafeBufferPointer<UInt8>, lineStart: Int) -> Result<LineKind, LineError> {
        guard let first = words.first else { return .success(.blank) }
        if first.shape == .comment { emit(.comment, first); return .success(.comment) }
        // (A first word starting with '#' is a comment, above.)
        if first.start > lineStart { return classifyAttribute(buf) }
        if isConflictMarker(buf, first) {
            return error("merge conflict left in the file: keep the lines you want between the markers, delete the marker lines (`<<<<<<<`, `=======`, `>>>>>>>`)", at: first)
        }
        guard first.shape == .word else { return error("expected a date, a directive (units, option, include) or a comment", at: first) }
        let c = buf[first.start]
        if ASCII.isDigit(c) { return classifyDated(buf) }
        if equals(buf, first, "units") { return classifyVersion(buf) }
        if equals(buf, first, "option") { return classifyOption(buf) }
        if equals(buf, first, "include") { return classifyInclude(buf) }
        if NameLexeme.isName(UnsafeBufferPointer(rebasing: buf[first.start..<first.end])), words.count >= 2 {
            return error("a line must start with a date: write `YYYY-MM-DD \(string(buf, first)) ...`", at: first)
        }
        return error("unknown directive '\(string(buf, first))': expected a date, `units`, `option`, `include` or a comment", at: first)
    }

    /// Checks the words after `index` are only tags (when allowed) and a
    /// trailing comment, emitting them.
    mutating func finish(_ buf: UnsafeBufferPointer<UInt8>, from index: Int, tags: Bool, expected: String) -> LineError? {
        var k = index
        while k < words.count {
            let w = words[k]
            if w.shape == .comment { emit(.comment, w); return nil }
            if tags, w.shape == .word, buf[w.start] == ASCII.hash {
                let body = UnsafeBufferPointer(rebasing: buf[(w.start + 1)..<w.end])
                guard !body.isEmpty, body.allSatisfy(NameLexeme.isContinue) else {
                    return LineError(message: "a tag is '#' followed by letters, digits, '-', '_' or '.'; write notes after ';'", start: w.start, end: w.end)
                }
                emit(.tag, w)
                k += 1
                continue
            }
            return LineError(message: "unexpected '\(string(buf, w))': expected \(expected)", start: w.start, end: w.end)
        }
        return nil
    }

    /// `checkKeyword: false` when the caller already knows the word is not a keyword.
    func nameError(_ buf: UnsafeBufferPointer<UInt8>, _ w: RawWord, what: String, checkKeyword: Bool = true) -> LineError? {
        guard w.shape == .word else {
            return LineError(message: "expected \(what), not a string: names have no spaces or quotes", start: w.start, end: w.end)
        }
        let bytes = UnsafeBufferPointer(rebasing: buf[w.start..<w.end])
        if let bad = NameLexeme.firstInvalid(bytes) {
            let offset = w.start + (bad - bytes.startIndex)
            if bad == bytes.startIndex {
                return LineError(message: "expected \(what): a name starts with a letter or '_'", start: w.start, end: w.end)
            }
            return LineError(message: "'\(Character(Unicode.Scalar(buf[offset])))' cannot appear in \(what): names use letters, digits, '-', '_' and '.'", start: offset, end: offset + 1)
        }
        if checkKeyword, DatedKeyword.match(bytes) != nil {
            return LineError(message: "'\(string(buf, w))' is a keyword and cannot be \(what)", start: w.start, end: w.end)
        }
        return nil
    }

    mutating func date(_ buf: UnsafeBufferPointer<UInt8>, _ w: RawWord) -> LineError? {
        guard w.shape == .word else { return LineError(message: "expected a date (YYYY-MM-DD)", start: w.start, end: w.end) }
        // Consecutive lines mostly share their date.
        if w.end - w.start == 10 {
            let raw = UnsafeRawPointer(buf.baseAddress! + w.start)
            let key = (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: 8, as: UInt16.self))
            if key == lastValidDate { emit(.date, w); return nil }
            if case .valid(let day) = DateLexeme.parse(UnsafeBufferPointer(rebasing: buf[w.start..<w.end])) {
                lastValidDate = key
                lastValidDay = day
                emit(.date, w)
                return nil
            }
        }
        switch DateLexeme.parse(UnsafeBufferPointer(rebasing: buf[w.start..<w.end])) {
        case .valid: emit(.date, w); return nil
        case .invalid(let why): return LineError(message: "invalid date '\(string(buf, w))': \(why)", start: w.start, end: w.end)
        case .notADate: return LineError(message: "expected a date (YYYY-MM-DD), found '\(string(buf, w))'", start: w.start, end: w.end)
        }
    }

    mutating func number(_ buf: UnsafeBufferPointer<UInt8>, _ w: RawWord, what: String) -> LineError? {
        switch NumberLexeme.parse(UnsafeBufferPointer(rebasing: buf[w.start..<w.end])) {
        case .valid: emit(.number, w); return nil
        case .invalid(let why): return LineError(message: why, start: w.start, end: w.end)
        case .notANumber: return LineError(message: "expected \(what), found '\(string(buf, w))'", start: w.start, end: w.end)
        }
    }

    /// `nil` when there is a word at `index` that is not a comment.
    func word(at index: Int) -> RawWord? {
        guard index < words.count, words[index].shape != .comment else { return nil }
        return words[index]
    }

    /// "expected X" at the end of the word before `index`.
    func missing(_ what: String, after index: Int) -> Result<LineKind, LineError> {
        let at = words[index - 1].end
        return .failure(LineError(message: "expected \(what)", start: at, end: at))
    }
}
