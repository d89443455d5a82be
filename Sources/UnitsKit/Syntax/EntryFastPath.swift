/// The parser's fast path for the line nearly every journal line is: an
/// entry `DATE NAME VALUE [#tag...] [; note]` in plain ASCII.
///
/// It reads the line once, byte by byte, and emits the tokens the general
/// path (`splitWords` then `classifyDated`) would emit. It only accepts a
/// line the general path accepts as a valid entry with exactly these
/// tokens; on anything else (a string, a bad name, a keyword, a malformed
/// number or tag, a missing word) it gives up before touching the tree,
/// and the general path parses the line and words its diagnostic. The
/// caller only tries it on lines known to be text (valid UTF-8, no NUL, no
/// lone CR). It takes the space alone as white space: a tab anywhere but
/// in the note makes a word fail its check, so such a line falls back.
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
        // (A number is checked and read in one pass: `narrow` is its value
        // in thousandths when it has one, as `thousandths` gives it.)
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
        } else if Self.isPlainNumber(bytes), let thousandths = Self.thousandths(bytes) {
            entry.kind = FastEntry.narrowKind
            entry.payload = thousandths
        }
        collectedEntries!.append(entry)
        return true
    }

    /// `isPlainNumber` and `thousandths` in one pass over the bytes.
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

    /// The value of a plain number (`isPlainNumber`) in thousandths, when it
    /// has at most three decimals and fits 32 bits; nil otherwise (the
    /// model builder then reads it with `NumberLexeme`).
    @inline(__always) static func thousandths(_ b: UnsafeBufferPointer<UInt8>) -> Int32? {
        var i = 0
        let n = b.count
        let negative = b[0] == ASCII.minus
        if negative || b[0] == ASCII.plus { i = 1 }
        var value: Int64 = 0
        var digits = 0
        while i < n, b[i] != ASCII.dot {
            value = value &* 10 &+ Int64(b[i] &- ASCII.zero)
            digits += 1
            i += 1
        }
        guard digits <= 10 else { return nil }
        var scale = 3
        if i < n {
            i += 1
            guard n - i <= 3 else { return nil }
            while i < n {
                value = value &* 10 &+ Int64(b[i] &- ASCII.zero)
                scale -= 1
                i += 1
            }
        }
        while scale > 0 { value &*= 10; scale -= 1 }
        return Int32(exactly: negative ? -value : value)
    }

    /// Whether `NumberLexeme.parse` would call the bytes a valid number:
    /// `[+-]`, 1 to 15 digits, optionally `.` and 1 to 9 digits.
    @inline(__always) static func isPlainNumber(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let n = b.count
        if b[0] == ASCII.plus || b[0] == ASCII.minus { i = 1 }
        let integerStart = i
        while i < n, ASCII.isDigit(b[i]) { i += 1 }
        let integerDigits = i - integerStart
        guard integerDigits > 0, integerDigits <= Amount.maxIntegerDigits else { return false }
        if i == n { return true }
        guard b[i] == ASCII.dot else { return false }
        i += 1
        let fractionStart = i
        while i < n, ASCII.isDigit(b[i]) { i += 1 }
        let fractionDigits = i - fractionStart
        return i == n && fractionDigits > 0 && fractionDigits <= Amount.fractionDigits
    }
}

/// A plain entry line as the parser read it, for the model builder (a
/// block parse that collects entries): its line, date, name and value, so
/// that the line needs no tokens. 32 bytes.
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
