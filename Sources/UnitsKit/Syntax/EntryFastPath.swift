/// The parser's fast path for the line nearly every journal line is: an
/// entry `DATE NAME VALUE [#tag...] [; note]` in plain ASCII, read once,
/// giving the tokens the general path would. On anything else (a string, a
/// keyword, a tab, a bad word) it gives up before touching the tree.
extension ParserState {
    /// Parses the line as a plain entry; false (and nothing changed) if it is not one.
    mutating func parseEntryFast(_ buf: UnsafeBufferPointer<UInt8>, start: Int, contentEnd: Int, end: Int) -> Bool {
        // The shortest entry: "YYYY-MM-DD N 1".
        guard contentEnd - start >= 14, let base = buf.baseAddress else { return false }
        let p = UnsafeRawPointer(base)
        // The date: ten bytes, then a space.
        guard ASCII.isDigit(base[start]), base[start + 10] == ASCII.space else { return false }
        let key = (p.loadUnaligned(fromByteOffset: start, as: UInt64.self), p.loadUnaligned(fromByteOffset: start + 8, as: UInt16.self))
        if key != lastValidDate {
            guard case .valid(let day) = DateLexeme.parse(UnsafeBufferPointer(start: base + start, count: 10)) else { return false }
            lastValidDate = key
            lastValidDay = day
        }
        var i = start + 11
        while i < contentEnd, base[i] == ASCII.space { i += 1 }
        // The name: a name start, then name bytes up to a space; not a keyword.
        let nameStart = i
        guard i < contentEnd, NameLexeme.isStart(base[i]) else { return false }
        i += 1
        // (A space is not a name byte: one test per byte, then the stop.)
        while i < contentEnd, NameLexeme.isContinue(base[i]) { i += 1 }
        guard i == contentEnd || base[i] == ASCII.space else { return false }
        let nameEnd = i
        let nameLength = nameEnd - nameStart
        // (Keywords are lower case: a capitalised name skips the lookup.)
        if nameLength >= 3, nameLength <= 9, base[nameStart] &- 0x61 < 26,
           DatedKeyword.match(UnsafeBufferPointer(start: base + nameStart, count: nameLength)) != nil { return false }
        while i < contentEnd, base[i] == ASCII.space { i += 1 }
        // The value: a state word or a valid number.
        let valueStart = i
        while i < contentEnd, base[i] != ASCII.space { i += 1 }
        let valueEnd = i
        guard valueEnd > valueStart else { return false }
        let value = UnsafeBufferPointer(start: base + valueStart, count: valueEnd - valueStart)
        let valueKind: TokenKind
        // (`narrow`: the number's value in thousandths, when it has one.)
        var narrow: Int32?
        if Self.isState(value) {
            valueKind = .state
        } else {
            let number = Self.plainNumber(value)
            guard number.isPlain else { return false }
            valueKind = .number
            narrow = number.thousandths
        }
        // Tags, then a note, checked before anything is emitted.
        let firstTag = i
        var commentStart = -1, firstTagStart = i, lastTagEnd = i
        while i < contentEnd {
            let b = base[i]
            if b == ASCII.space { i += 1; continue }
            if b == ASCII.semicolon { commentStart = i; break }
            guard b == ASCII.hash, i + 1 < contentEnd, base[i + 1] != ASCII.space else { return false }
            if firstTagStart == lastTagEnd { firstTagStart = i }
            i += 1
            while i < contentEnd, NameLexeme.isContinue(base[i]) { i += 1 }
            guard i == contentEnd || base[i] == ASCII.space else { return false }
            lastTagEnd = i
        }
        inDeclaration = false
        if collectedEntries != nil {
            // A model builder's block parse: the entry's record, no tokens
            // (the line is as `dropEntryTokens` would leave it).
            var entry = FastEntry(line: Int32(tree.lines.count), date: lastValidDay,
                                  nameStart: Int32(nameStart), nameEnd: Int32(nameEnd),
                                  valueStart: Int32(valueStart), valueEnd: Int32(valueEnd), kind: FastEntry.wideKind, payload: 0)
            if valueKind == .state {
                entry.kind = FastEntry.stateKind
                entry.payload = Int32(truncatingIfNeeded: value.count)
            } else if let thousandths = narrow {
                entry.kind = FastEntry.narrowKind
                entry.payload = thousandths
            }
            collectedEntries!.append(entry)
            if firstTagStart != lastTagEnd || commentStart >= 0 {
                tree.entryTexts.record(line: tree.lines.count, tags: firstTagStart..<lastTagEnd,
                                        comment: commentStart >= 0 ? commentStart..<contentEnd : 0..<0)
            }
            tree.lines.append(SyntaxLine(kind: .entry, start: Int32(start), contentEnd: Int32(contentEnd), end: Int32(end),
                                         firstToken: Int32(tree.tokens.count), tokenCount: 0))
            return true
        }
        // Commit: the same tokens, line and state as the general path.
        let firstToken = tree.tokens.count
        tree.tokens.append(Token(kind: .date, start: Int32(start), end: Int32(start + 10)))
        tree.tokens.append(Token(kind: .name, start: Int32(nameStart), end: Int32(nameEnd)))
        tree.tokens.append(Token(kind: valueKind, start: Int32(valueStart), end: Int32(valueEnd)))
        var k = firstTag
        let tagsEnd = commentStart >= 0 ? commentStart : contentEnd
        while k < tagsEnd {
            if base[k] == ASCII.space { k += 1; continue }
            let tagStart = k
            while k < tagsEnd, base[k] != ASCII.space { k += 1 }
            tree.tokens.append(Token(kind: .tag, start: Int32(tagStart), end: Int32(k)))
        }
        if commentStart >= 0 {
            tree.tokens.append(Token(kind: .comment, start: Int32(commentStart), end: Int32(contentEnd)))
        }
        entryLinesWithTokens += 1
        tree.lines.append(SyntaxLine(kind: .entry, start: Int32(start), contentEnd: Int32(contentEnd), end: Int32(end),
                                     firstToken: Int32(firstToken), tokenCount: Int32(tree.tokens.count - firstToken)))
        return true
    }

    /// The record of the entry line the general path just classified (its
    /// tokens in `lineTokens`: date, name, value...); false if it cannot
    /// make one (it then keeps its tokens).
    mutating func collect(_ buf: UnsafeBufferPointer<UInt8>) -> Bool {
        guard lineTokens.count >= 3, let base = buf.baseAddress else { return false }
        let date = lineTokens[0], name = lineTokens[1], value = lineTokens[2]
        guard date.kind == .date, name.kind == .name, value.kind == .state || value.kind == .number,
              case .valid(let day) = DateLexeme.parse(UnsafeBufferPointer(start: base + Int(date.start), count: date.length))
        else { return false }
        let bytes = UnsafeBufferPointer(start: base + Int(value.start), count: value.length)
        var entry = FastEntry(line: Int32(tree.lines.count), date: day, nameStart: name.start, nameEnd: name.end,
                              valueStart: value.start, valueEnd: value.end, kind: FastEntry.wideKind, payload: 0)
        if value.kind == .state {
            entry.kind = FastEntry.stateKind
            entry.payload = Int32(value.length)
        } else if let thousandths = Self.plainNumber(bytes).thousandths {
            entry.kind = FastEntry.narrowKind
            entry.payload = thousandths
        }
        collectedEntries!.append(entry)
        return true
    }

    /// Whether `NumberLexeme.parse` would call the bytes a valid number
    /// (`[+-]`, 1 to 15 digits, optionally `.` and 1 to 9 digits), and its
    /// value in thousandths when it has at most three decimals and fits 32
    /// bits (else the model builder reads it with `NumberLexeme`).
    @inline(__always) static func plainNumber(_ b: UnsafeBufferPointer<UInt8>) -> (isPlain: Bool, thousandths: Int32?) {
        let n = b.count
        var i = 0
        let negative = b[0] == ASCII.minus
        if negative || b[0] == ASCII.plus { i = 1 }
        var value: Int64 = 0
        let integerStart = i
        while i < n {
            let digit = b[i] &- ASCII.zero
            guard digit < 10 else { break }
            value = value &* 10 &+ Int64(digit)
            i += 1
        }
        let integerDigits = i - integerStart
        guard integerDigits > 0, integerDigits <= Amount.maxIntegerDigits else { return (false, nil) }
        var fractionDigits = 0
        if i < n {
            guard b[i] == ASCII.dot else { return (false, nil) }
            i += 1
            let fractionStart = i
            while i < n {
                let digit = b[i] &- ASCII.zero
                guard digit < 10 else { break }
                value = value &* 10 &+ Int64(digit)
                i += 1
            }
            fractionDigits = i - fractionStart
            guard i == n, fractionDigits > 0, fractionDigits <= Amount.fractionDigits else { return (false, nil) }
        }
        guard integerDigits <= 10, fractionDigits <= 3 else { return (true, nil) }
        for _ in fractionDigits..<3 { value &*= 10 }
        return (true, Int32(exactly: negative ? -value : value))
    }
}

/// A plain entry line as a model builder's block parse reads it: its line,
/// date, name and value, so that the line needs no tokens.
struct FastEntry {
    /// Index of the line in the tree.
    var line: Int32
    var date: CivilDate
    var nameStart: Int32
    var nameEnd: Int32
    var valueStart: Int32
    var valueEnd: Int32
    /// `narrowKind`: `payload` is the value in thousandths; `stateKind`:
    /// `payload` is the state word's length (no 2, yes 3, skip 4, kinda 5);
    /// `wideKind`: a number to read from its bytes.
    var kind: UInt8
    var payload: Int32

    static let narrowKind: UInt8 = 0
    static let stateKind: UInt8 = 1
    static let wideKind: UInt8 = 2
}
