/// Prints a parsed journal in canonical layout into one byte buffer. Runs
/// of entry lines and a declaration's attribute lines are *blocks*, measured
/// over their tokens first, then written padded so columns line up inside each.
struct CanonicalPrinter {
    /// The tree whose lines are printed (`CanonicalCheck` moves it block by block).
    var tree: SyntaxTree
    let source: [UInt8]
    var out: [UInt8] = []

    init(tree: SyntaxTree, reserve: Bool = true) {
        self.tree = tree
        source = tree.file.bytes
        if reserve { out.reserveCapacity(source.count + source.count / 8 + 16) }
    }

    mutating func print() -> [UInt8] {
        let lines = tree.lines
        var i = 0
        var pendingBlank = false
        while i < lines.count {
            let line = lines[i]
            switch line.kind {
            case .blank:
                // Collapse runs; drop blank lines at the start and the end.
                pendingBlank = !out.isEmpty
                i += 1
                continue
            default:
                break
            }
            if pendingBlank { out.append(ASCII.lf); pendingBlank = false }
            switch line.kind {
            case .entry:
                var end = i + 1
                while end < lines.count, lines[end].kind == .entry { end += 1 }
                writeEntryBlock(i..<end)
                i = end
            case .attribute:
                // Comment lines between attribute lines stay in the block.
                let end = WriteLayout.attributesEnd(after: i, in: lines)
                writeAttributeBlock(i..<end)
                i = end
            case .comment:
                writeCommentLine(line)
                i += 1
            default:
                writePlainLine(line)
                i += 1
            }
        }
        return out
    }

    /// The canonical bytes of some lines printed as `print()` would print them
    /// standing together: the layout writes share.
    mutating func printBlock(_ indices: [Int]) -> [UInt8] {
        out.removeAll(keepingCapacity: true)
        guard let first = indices.first else { return out }
        switch tree.lines[first].kind {
        case .entry where indices.allSatisfy({ tree.lines[$0].kind == .entry }):
            writeEntryBlock(indices)
        case .attribute where indices.allSatisfy({ tree.lines[$0].kind == .attribute || tree.lines[$0].kind == .comment }):
            writeAttributeBlock(indices)
        default:
            for index in indices {
                let line = tree.lines[index]
                switch line.kind {
                case .blank: out.append(ASCII.lf)
                case .comment: writeCommentLine(line)
                case .entry: writeEntryBlock([index])
                case .attribute: writeAttributeBlock([index])
                default: writePlainLine(line)
                }
            }
        }
        return out
    }

    // MARK: Blocks

    /// The widths an aligned block is printed with: the widest name (entries)
    /// or key (attributes), and the widest text before a note (-1: none).
    struct Widths: Equatable {
        var column = 0
        var note = -1
    }

    /// `DATE NAME  VALUE #tags  ; note`, names padded to the block's widest
    /// so values start in one column, notes aligned after the widest text.
    mutating func writeEntryBlock<Lines: Collection<Int>>(_ range: Lines) {
        var widths = Widths()
        for index in range { measureEntry(tree.tokens(of: tree.lines[index]), into: &widths) }
        for index in range { writeEntryLine(tree.tokens(of: tree.lines[index]), widths) }
    }

    /// Widens `widths` to fit one entry line.
    mutating func measureEntry(_ tokens: ArraySlice<Token>, into widths: inout Widths) {
        widths.column = max(widths.column, width(tokens[tokens.startIndex + 1]))
        if tokens.last!.kind == .comment { widths.note = max(widths.note, entryRestWidth(tokens)) }
    }

    /// One entry line of a block measured as `widths`; returns the width
    /// of its "VALUE #tags" as written (what its note is aligned after).
    @discardableResult
    mutating func writeEntryLine(_ tokens: ArraySlice<Token>, _ widths: Widths) -> Int {
        let t = tokens.startIndex
        appendDate(tokens[t])
        out.append(ASCII.space)
        append(tokens[t + 1])
        pad(widths.column - width(tokens[t + 1]) + 1)
        var rest = 0
        var k = t + 2
        while k < tokens.endIndex, tokens[k].kind != .comment {
            if k > t + 2 { out.append(ASCII.space); rest += 1 }
            let before = out.count
            if tokens[k].kind == .number { appendNumber(tokens[k]) } else { append(tokens[k]) }
            rest += tokens[k].kind == .tag ? width(tokens[k]) : out.count - before
            k += 1
        }
        if k < tokens.endIndex {
            pad(widths.note - rest + 1)
            appendComment(tokens[k])
        }
        out.append(ASCII.lf)
        return rest
    }

    /// Width of an entry's value and tags, as they will be written.
    mutating func entryRestWidth(_ tokens: ArraySlice<Token>) -> Int {
        var total = 0
        var k = tokens.startIndex + 2
        while k < tokens.endIndex, tokens[k].kind != .comment {
            if k > tokens.startIndex + 2 { total += 1 }
            switch tokens[k].kind {
            case .number:
                let before = out.count
                appendNumber(tokens[k])
                total += out.count - before
                out.removeSubrange(before...)
            default:
                total += width(tokens[k])
            }
            k += 1
        }
        return total
    }

    /// `  key:  value  ; comment`: two spaces of indent, values in one column
    /// after the widest key, comments aligned after the widest value.
    mutating func writeAttributeBlock<Lines: Collection<Int>>(_ range: Lines) {
        var widths = Widths()
        for index in range where tree.lines[index].kind == .attribute {
            measureAttribute(tree.tokens(of: tree.lines[index]), into: &widths)
        }
        for index in range {
            let line = tree.lines[index]
            guard line.kind == .attribute else { writeCommentLine(line); continue }
            writeAttributeLine(tree.tokens(of: line), widths)
        }
    }

    /// Widens `widths` to fit one attribute line.
    mutating func measureAttribute(_ tokens: ArraySlice<Token>, into widths: inout Widths) {
        widths.column = max(widths.column, tokens.first!.length)
        if tokens.last!.kind == .comment {
            let before = out.count
            appendAttributeValue(tokens)
            widths.note = max(widths.note, DisplayWidth.of(utf8: out[before...]))
            out.removeSubrange(before...)
        }
    }

    /// One attribute line of a block measured as `widths`; returns the width
    /// its comment is aligned after, else -1.
    @discardableResult
    mutating func writeAttributeLine(_ tokens: ArraySlice<Token>, _ widths: Widths) -> Int {
        out.append(ASCII.space); out.append(ASCII.space)
        append(tokens.first!)
        out.append(ASCII.colon)
        pad(widths.column - tokens.first!.length + 1)
        let before = out.count
        appendAttributeValue(tokens)
        var value = -1
        if tokens.last!.kind == .comment {
            value = DisplayWidth.of(utf8: out[before...])
            pad(widths.note - value + 1)
            appendComment(tokens.last!)
        }
        out.append(ASCII.lf)
        return value
    }

    /// The value words of an attribute, one space apart; the numbers of
    /// `size`, `goal`, `min` and `floor` in canonical spelling.
    mutating func appendAttributeValue(_ tokens: ArraySlice<Token>) {
        let key = tree.bytes(tokens.first!)
        let numeric = key.elementsEqual("size".utf8) || key.elementsEqual("goal".utf8) || key.elementsEqual("min".utf8)
        let isFloor = key.elementsEqual("floor".utf8)
        var first = true
        for token in tokens.dropFirst(2) where token.kind != .comment {
            if !first { out.append(ASCII.space) }
            // Quoting comes first: `size :;1` is not a number either, and
            // must not turn into a comment.
            if first && needsQuotes(token) { appendQuoted(token) } else if first && isFloor { appendFloor(token) } else if first && numeric {
                appendNumber(token)
            } else { append(token) }
            first = false
        }
    }

    /// A value word written against its colon (`icon:;x`, `title:"abc`) that
    /// would read differently after the canonical space: written as a string.
    func needsQuotes(_ token: Token) -> Bool {
        guard token.kind == .word, let first = source[token.range].first else { return false }
        return first == ASCII.semicolon || first == ASCII.hash || first == ASCII.quote
    }

    mutating func appendQuoted(_ token: Token) {
        out.append(ASCII.quote)
        for b in source[token.range] {
            if b == ASCII.quote || b == ASCII.backslash { out.append(ASCII.backslash) }
            out.append(b)
        }
        out.append(ASCII.quote)
    }

    // MARK: Single lines

    /// A comment line: at column 0, or indented by two spaces if it was
    /// indented at all; its text as written, trailing white space removed.
    mutating func writeCommentLine(_ line: SyntaxLine) {
        let tokens = tree.tokens(of: line)
        if let comment = tokens.first {
            if comment.start > line.start { out.append(ASCII.space); out.append(ASCII.space) }
            appendComment(comment)
        }
        out.append(ASCII.lf)
    }

    /// Directives and dated lines other than entries: tokens one space
    /// apart, a trailing comment one space after them.
    mutating func writePlainLine(_ line: SyntaxLine) {
        let tokens = tree.tokens(of: line)
        var first = true
        for (offset, token) in tokens.enumerated() {
            if !first { out.append(ASCII.space) }
            first = false
            switch token.kind {
            case .date: appendDate(token)
            case .number: if line.kind == .version { append(token) } else { appendNumber(token) }
            case .comment: appendComment(token)
            case .word where line.kind == .floorChange && offset == 3: appendFloor(token)
            default: append(token)
            }
        }
        out.append(ASCII.lf)
    }

    // MARK: Tokens

    mutating func append(_ token: Token) {
        // In one copy: an array slice appends byte by byte.
        out.appendBytes(of: source, token.range)
    }

    /// Spaces to pad from, appended in one copy (a repeated element goes byte by byte).
    private static let spaces = [UInt8](repeating: ASCII.space, count: 64)

    mutating func pad(_ count: Int) {
        var left = max(1, count)
        while left > 0 {
            let n = min(left, Self.spaces.count)
            out.appendBytes(of: Self.spaces, 0..<n)
            left -= n
        }
    }

    func width(_ token: Token) -> Int { DisplayWidth.of(utf8: source[token.range]) }

    /// A trailing or whole-line comment without the white space after it.
    mutating func appendComment(_ token: Token) {
        var end = Int(token.end)
        while end > Int(token.start), ASCII.isSpace(source[end - 1]) { end -= 1 }
        out.append(contentsOf: source[Int(token.start)..<end])
    }

    /// `YYYY-MM-DD`; a date already spelled so is copied.
    mutating func appendDate(_ token: Token) {
        let s = Int(token.start)
        if token.length == 10, source[s + 4] == ASCII.minus, source[s + 7] == ASCII.minus {
            append(token)
            return
        }
        guard case .valid(let date) = DateLexeme.parse(source[token.range]) else { append(token); return }
        date.appendCanonical(to: &out)
    }

    /// The shortest exact spelling (`Amount.description`), copied when it is so.
    mutating func appendNumber(_ token: Token) {
        let bytes = source[token.range]
        if Self.isCanonicalNumber(bytes) { out.append(contentsOf: bytes); return }
        guard case .valid(let amount) = NumberLexeme.parse(bytes) else { out.append(contentsOf: bytes); return }
        amount.appendCanonical(to: &out)
    }

    /// A floor `N` or `N/week`: the number canonical, the suffix as written.
    mutating func appendFloor(_ token: Token) {
        let bytes = source[token.range]
        let suffix = "/week".utf8
        var numberEnd = bytes.endIndex
        if bytes.count > suffix.count, bytes.suffix(suffix.count).elementsEqual(suffix) { numberEnd -= suffix.count }
        let number = bytes[bytes.startIndex..<numberEnd]
        if !Self.isCanonicalNumber(number), case .valid(let amount) = NumberLexeme.parse(number) {
            amount.appendCanonical(to: &out)
            out.append(contentsOf: bytes[numberEnd...])
        } else {
            out.append(contentsOf: bytes)
        }
    }

    /// No `+`, no `-0`, no leading zeros, no trailing fraction zeros.
    static func isCanonicalNumber(_ b: ArraySlice<UInt8>) -> Bool {
        var i = b.startIndex
        guard i < b.endIndex else { return false }
        let negative = b[i] == ASCII.minus
        if negative { i += 1 }
        guard i < b.endIndex, ASCII.isDigit(b[i]) else { return false }
        let integerStart = i
        while i < b.endIndex, ASCII.isDigit(b[i]) { i += 1 }
        if i - integerStart > 1, b[integerStart] == ASCII.zero { return false }
        var allZero = i - integerStart == 1 && b[integerStart] == ASCII.zero
        if i < b.endIndex {
            guard b[i] == ASCII.dot, i + 1 < b.endIndex else { return false }
            i += 1
            let fractionStart = i
            while i < b.endIndex, ASCII.isDigit(b[i]) {
                if b[i] != ASCII.zero { allZero = false }
                i += 1
            }
            guard i == b.endIndex, i > fractionStart, b[i - 1] != ASCII.zero else { return false }
        }
        return !(negative && allZero)
    }
}
