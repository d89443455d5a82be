#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The hand-written parser: UTF-8 bytes in, a lossless `SyntaxTree` out.
///
/// The format is line-oriented, so the parser is too. For each line it finds
/// the line ending, checks the bytes (UTF-8, no NUL, no lone CR), splits the
/// content into raw words (strings and trailing comments kept whole), then
/// classifies the words by the line's grammar. A line that does not fit
/// becomes an `.invalid` line with one diagnostic, and parsing goes on.
public enum Parser {
    /// Parses one file. Never fails: problems are in `tree.diagnostics`.
    public static func parse(_ file: SourceFile) -> SyntaxTree {
        var state = ParserState(file: file)
        file.bytes.withUnsafeBufferPointer { state.run($0) }
        return state.tree
    }

    /// Parses one file a block of lines at a time, for readers that need
    /// each line's tokens once (the model builder of a report): `consume`
    /// sees the tree after every `blockLines` lines, with the range of the
    /// new lines, while their tokens are there. Then the tokens of the
    /// block's entry lines (nearly all of a journal) are let go, so a
    /// million-line file never holds its millions of tokens at once; the
    /// tree's `tokens(of:)` reads an entry line's tokens again on demand,
    /// with this same parser. Lines, diagnostics and every other line's
    /// tokens are kept: the result prints and reports exactly as `parse`.
    public static func parse(_ file: SourceFile, blockLines: Int, consume: (SyntaxTree, Range<Int>) -> Void) -> SyntaxTree {
        parse(file, blockLines: blockLines, lineCount: lineCount(file.bytes), collecting: nil) { tree, lines, _ in consume(tree, lines) }
    }

    /// A block parse for the model builder: as `parse(_:blockLines:consume:)`,
    /// but a plain entry line is never tokenised at all. The parser hands
    /// over its date, name and value (`FastEntry`, in line order, the
    /// block's lines that have no tokens), which is all a report needs of
    /// it. `lineCount` is `lineCount(file.bytes)` (the caller has it).
    /// `keepingTagsAndNotes`: an entry line with tags or a note keeps its
    /// tokens too (`units export` writes them; read again, they cost more).
    static func parseEntries(_ file: SourceFile, blockLines: Int, lineCount: Int, keepingTagsAndNotes: Bool = false,
                             consume: (SyntaxTree, Range<Int>, UnsafeBufferPointer<FastEntry>) -> Void) -> SyntaxTree {
        parse(file, blockLines: blockLines, lineCount: lineCount, collecting: ScratchBuffer<FastEntry>(),
              keepingTagsAndNotes: keepingTagsAndNotes, consume: consume)
    }

    private static func parse(_ file: SourceFile, blockLines: Int, lineCount: Int, collecting: ScratchBuffer<FastEntry>?,
                              keepingTagsAndNotes: Bool = false,
                              consume: (SyntaxTree, Range<Int>, UnsafeBufferPointer<FastEntry>) -> Void) -> SyntaxTree {
        var state = ParserState(file: file, reserveTokens: false, reserveLines: false)
        state.collectedEntries = collecting
        state.keepsTagsAndNotes = keepingTagsAndNotes
        // The exact count: a journal of short lines never regrows (and
        // copies) its array of lines.
        state.tree.lines.reserveCapacity(lineCount)
        file.bytes.withUnsafeBufferPointer { buf in
            var start = state.tree.byteOrderMarkLength
            var blockStart = 0
            repeat {
                start = state.run(buf, from: start, maxLines: max(1, blockLines))
                consume(state.tree, blockStart..<state.tree.lines.count, collecting?.contents ?? UnsafeBufferPointer(start: nil, count: 0))
                collecting?.removeAll()
                // (A model builder's block of plain entries has no entry tokens to drop.)
                if state.entryLinesWithTokens > 0, !state.keepsTagsAndNotes {
                    state.tree.dropEntryTokens(lines: blockStart..<state.tree.lines.count)
                    state.entryLinesWithTokens = 0
                }
                blockStart = state.tree.lines.count
            } while start < buf.count
        }
        return state.tree
    }

    /// How many lines `bytes` holds at most (line feeds, plus one).
    static func lineCount(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return 1 }
            // Eight bytes at a time, counting the bytes equal to LF exactly
            // (no carry crosses a byte): a memchr call per line cost more.
            let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F, lf: UInt64 = 0x0A0A_0A0A_0A0A_0A0A
            var count = 1, i = 0
            while i + 8 <= raw.count {
                let x = base.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ lf
                count += (~(((x & low) &+ low) | x | low)).nonzeroBitCount
                i += 8
            }
            while i < raw.count { if raw[i] == ASCII.lf { count += 1 }; i += 1 }
            return count
        }
    }

    /// The tokens of one line of `file`, read again by the parser (for an
    /// entry line whose tokens a block parse let go).
    /// (One line of many: `LineReparser`, which reuses its buffers.)
    static func tokens(of line: SyntaxLine, in file: SourceFile) -> [Token] {
        var reparser = LineReparser(file: file)
        var tokens: [Token] = []
        reparser.tokens(of: line, into: &tokens)
        return tokens
    }

    /// Parses one file without the entry fast path: the reference the fast
    /// path is tested against.
    static func parseWithoutFastPath(_ file: SourceFile) -> SyntaxTree {
        var state = ParserState(file: file)
        state.fastEntries = false
        file.bytes.withUnsafeBufferPointer { state.run($0) }
        return state.tree
    }

    /// Parses text held in memory (tests, standard input).
    public static func parse(_ text: String, path: String = "<input>") -> SyntaxTree {
        parse(SourceFile(path: path, text: text))
    }

    /// The diagnostic rule id of every parse error.
    public static let syntaxRule = "syntax"
    /// The rule id of bytes that are not text: invalid UTF-8, NUL, a lone CR.
    public static let encodingRule = "encoding"
    /// Files larger than this are refused (offsets are 32-bit).
    public static let maximumFileSize = Int(Int32.max) - 1
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
    /// Classified tokens of the current line, before they are committed:
    /// appended to the tree when the line is done (its words instead, if
    /// the line is invalid).
    let lineTokens = ScratchBuffer<Token>()
    /// Where the current line's tokens start in `tree.tokens`.
    var lineTokenStart = 0
    var lineTokenCount: Int { lineTokens.count }
    /// Whether plain entry lines take `parseEntryFast` (tests compare both ways).
    var fastEntries = true
    /// The ten bytes of the last valid date seen (all zero: none yet), and its day.
    var lastValidDate: (UInt64, UInt16) = (0, 0)
    var lastValidDay = CivilDate.minimum
    /// When set (a model builder's block parse, `parseEntries`), plain
    /// entry lines are recorded here instead of as tokens.
    var collectedEntries: ScratchBuffer<FastEntry>?
    /// Entry lines given tokens so far (a block parse drops them: none, nothing to drop).
    var entryLinesWithTokens = 0
    /// With `collectedEntries`: an entry line with tags or a note keeps its
    /// tokens as well as its record (`units export` reads them; the others
    /// have none), and a block parse drops no tokens.
    var keepsTagsAndNotes = false

    init(file: SourceFile, reserveTokens: Bool = true, reserveLines: Bool = true) {
        self.file = file
        let b = file.bytes
        let bom = b.count >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF ? 3 : 0
        tree = SyntaxTree(file: file, byteOrderMarkLength: bom)
        if reserveLines { tree.lines.reserveCapacity(b.count / 24 + 1) }
        if reserveTokens { tree.tokens.reserveCapacity(b.count / 6 + 1) }
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
                "file too large: \(buf.count) bytes; a journal may be at most 2 GiB (split it with include)",
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
            // Eight bytes at a time while none is a control byte (LF, CR,
            // tab, NUL...) or non-ASCII; then byte by byte.
            let base = UnsafeRawPointer(buf.baseAddress!)
            while i + 8 <= count {
                let w = base.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                let high: UInt64 = 0x8080_8080_8080_8080
                let belowSpace = (w &- 0x2020_2020_2020_2020) & ~w & high
                if (w & high) | belowSpace != 0 { break }
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

    mutating func parseLine(_ buf: UnsafeBufferPointer<UInt8>, start: Int, contentEnd: Int, end: Int, checkBytes: Bool) {
        // Nearly every line of a journal is a plain entry: read it in one
        // pass (EntryFastPath.swift); anything else takes the general path.
        // (A line with other bytes than printable ASCII takes it once they
        // are known to be text: UTF-8, no NUL, no lone CR.)
        if fastEntries, !checkBytes || Self.checkEncoding(buf, start: start, end: contentEnd) == nil,
           parseEntryFast(buf, start: start, contentEnd: contentEnd, end: end) { return }
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
        if kind == .entry, let collected = collectedEntries, collect(buf, into: collected),
           !keepsTagsAndNotes || !lineTokens.contents.contains(where: { $0.kind == .tag || $0.kind == .comment }) {
            // A model builder's block parse: an entry the fast path did not
            // take (a date spelt 2025/1/2, a tab...) is handed over as a
            // record too, without its tokens.
            lineTokens.removeAll()
        }
        if lineTokens.count > 0 { tree.tokens.append(contentsOf: lineTokens.contents) }
        if kind == .entry, lineTokens.count > 0 { entryLinesWithTokens += 1 }
        tree.lines.append(SyntaxLine(kind: kind, start: Int32(start), contentEnd: Int32(contentEnd), end: Int32(end),
                                     firstToken: Int32(lineTokenStart), tokenCount: Int32(lineTokenCount)))
    }

    /// The first byte that makes the line not text, if any.
    static func checkEncoding(_ buf: UnsafeBufferPointer<UInt8>, start: Int, end: Int) -> (message: String, offset: Int)? {
        guard start < end, let base = buf.baseAddress else { return nil }
        var i = start
        let raw = UnsafeRawPointer(base)
        while i < end {
            // Eight ASCII bytes at a time while none is a NUL or a CR.
            while i + 8 <= end {
                let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F, cr = w ^ 0x0D0D_0D0D_0D0D_0D0D
                let nul = ~(((w & low) &+ low) | w | low), isCR = ~(((cr & low) &+ low) | cr | low)
                guard w & ~low == 0, nul | isCR == 0 else { break }
                i += 8
            }
            guard i < end else { break }
            let b = buf[i]
            if b < 0x80 {
                if b == 0 { return ("NUL byte: a journal must be text", i) }
                if b == ASCII.cr { return ("stray carriage return: a lone CR is not a line ending; end lines with LF or CRLF", i) }
                i += 1
                continue
            }
            // Validate one UTF-8 sequence (RFC 3629: no overlongs, no surrogates).
            let length: Int
            var minimum: UInt32
            var scalar: UInt32
            switch b {
            case 0xC2...0xDF: length = 2; minimum = 0x80; scalar = UInt32(b & 0x1F)
            case 0xE0...0xEF: length = 3; minimum = 0x800; scalar = UInt32(b & 0x0F)
            case 0xF0...0xF4: length = 4; minimum = 0x10000; scalar = UInt32(b & 0x07)
            default: return (invalidUTF8(b), i)
            }
            guard i + length <= end else { return (invalidUTF8(b), i) }
            for k in 1..<length {
                let c = buf[i + k]
                guard c & 0xC0 == 0x80 else { return (invalidUTF8(b), i) }
                scalar = scalar << 6 | UInt32(c & 0x3F)
            }
            if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) { return (invalidUTF8(b), i) }
            i += length
        }
        return nil
    }

    static func invalidUTF8(_ byte: UInt8) -> String {
        let hex = String(byte, radix: 16, uppercase: true)
        return "invalid UTF-8 (byte 0x\(hex.count == 1 ? "0" + hex : hex)): a journal must be UTF-8 text"
    }

    // MARK: Words

    /// Splits a line into words, strings and a trailing comment.
    mutating func splitWords(_ buf: UnsafeBufferPointer<UInt8>, start: Int, end: Int) -> (message: String, start: Int, end: Int)? {
        words.removeAll()
        var i = start
        while i < end {
            let b = buf[i]
            if ASCII.isSpace(b) { i += 1; continue }
            if b == ASCII.semicolon {
                // Only reached at line start or after white space.
                words.append(RawWord(shape: .comment, start: i, end: end))
                return nil
            }
            if b == ASCII.hash && words.isEmpty {
                words.append(RawWord(shape: .comment, start: i, end: end))
                return nil
            }
            if b == ASCII.quote {
                var j = i + 1
                var closed = false
                while j < end {
                    let c = buf[j]
                    if c == ASCII.backslash {
                        if j + 1 < end, buf[j + 1] == ASCII.quote || buf[j + 1] == ASCII.backslash { j += 2; continue }
                        words.append(RawWord(shape: .word, start: i, end: end))
                        return ("unknown escape in string: only \\\" and \\\\ are escapes", j, min(j + 2, end))
                    }
                    if c == ASCII.quote { closed = true; j += 1; break }
                    j += 1
                }
                if !closed {
                    words.append(RawWord(shape: .word, start: i, end: end))
                    return ("unterminated string: expected a closing '\"' before the end of the line", i, end)
                }
                words.append(RawWord(shape: .string, start: i, end: j))
                if j < end, !ASCII.isSpace(buf[j]) {
                    var k = j
                    while k < end, !ASCII.isSpace(buf[k]) { k += 1 }
                    words.append(RawWord(shape: .word, start: j, end: k))
                    return ("expected white space after the closing quote", j, k)
                }
                i = j
                continue
            }
            var j = i
            while j < end, !ASCII.isSpace(buf[j]) { j += 1 }
            words.append(RawWord(shape: .word, start: i, end: j))
            i = j
        }
        return nil
    }

    // MARK: Classification

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
        let n = literal.utf8CodeUnitCount
        guard w.end - w.start == n else { return false }
        let p = literal.utf8Start
        for k in 0..<n where buf[w.start + k] != p[k] { return false }
        return true
    }

    func string(_ buf: UnsafeBufferPointer<UInt8>, _ w: RawWord) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: buf[w.start..<w.end]), as: UTF8.self)
    }

    mutating func classify(_ buf: UnsafeBufferPointer<UInt8>, lineStart: Int) -> Result<LineKind, LineError> {
        guard let first = words.first else { return .success(.blank) }
        if first.shape == .comment { emit(.comment, first); return .success(.comment) }
        let indented = first.start > lineStart
        if indented {
            if buf[first.start] == ASCII.hash { return .success(.comment) }  // unreachable: '#' first is a comment
            return classifyAttribute(buf)
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
        // Consecutive lines mostly share their date: the same ten bytes as
        // the last valid date are valid again.
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

    mutating func classifyDated(_ buf: UnsafeBufferPointer<UInt8>) -> Result<LineKind, LineError> {
        if let e = date(buf, words[0]) { return .failure(e) }
        guard let second = word(at: 1) else {
            return missing("a habit name, or a keyword (habit, group, unit, floor, goal, min, task, done, drop, season, archive, unarchive, pause) after the date", after: 1)
        }
        let keyword = second.shape == .word ? DatedKeyword.match(UnsafeBufferPointer(rebasing: buf[second.start..<second.end])) : nil
        switch keyword {
        case .habit?, .group?:
            let keyword = string(buf, second)
            emit(.keyword, second)
            guard let name = word(at: 2) else { return missing("a name after '\(keyword)'", after: 2) }
            if let e = nameError(buf, name, what: "a \(keyword) name") { return .failure(e) }
            emit(.name, name)
            if let e = finish(buf, from: 3, tags: false, expected: "the end of the line: attributes go on the indented lines below") { return .failure(e) }
            return .success(keyword == "habit" ? .habit : .group)
        case .unit?:
            emit(.keyword, second)
            return classifyUnitChange(buf)
        case .floor?:
            emit(.keyword, second)
            guard let name = word(at: 2) else { return missing("a habit name after 'floor'", after: 2) }
            if let e = nameError(buf, name, what: "a habit name") { return .failure(e) }
            emit(.name, name)
            guard let value = word(at: 3) else { return missing("the new floor, as units per week (e.g. 7/week)", after: 3) }
            emit(.word, value)
            if let e = finish(buf, from: 4, tags: false, expected: "the end of the line") { return .failure(e) }
            return .success(.floorChange)
        case .goal?, .min?:
            let keyword = string(buf, second)
            emit(.keyword, second)
            guard let name = word(at: 2) else { return missing("a habit name after '\(keyword)'", after: 2) }
            if let e = nameError(buf, name, what: "a habit name") { return .failure(e) }
            emit(.name, name)
            guard let value = word(at: 3) else { return missing("the new \(keyword), as a number and an optional measure (e.g. `\(keyword) Reading 5 pages`)", after: 3) }
            if let e = number(buf, value, what: "the new \(keyword) as a number (e.g. `\(keyword) Reading 5 pages`)") { return .failure(e) }
            var k = 4
            while let measure = word(at: k) { emit(.word, measure); k += 1 }
            if let e = finish(buf, from: k, tags: false, expected: "the end of the line") { return .failure(e) }
            return .success(.goalChange)
        case .task?:
            emit(.keyword, second)
            guard let title = word(at: 2), title.shape == .string else {
                return word(at: 2).map { error("expected the task's title in double quotes", at: $0) } ?? missing("the task's title in double quotes", after: 2)
            }
            emit(.string, title)
            var k = 3
            if let w = word(at: k), w.shape == .word, ASCII.isDigit(buf[w.start]) {
                if let e = number(buf, w, what: "an estimate of 0 to 5 units") { return .failure(e) }
                k += 1
            }
            if let w = word(at: k), w.shape == .word, buf[w.start] != ASCII.hash {
                if let e = nameError(buf, w, what: "a habit name") { return .failure(e) }
                emit(.name, w)
                k += 1
            }
            if let e = finish(buf, from: k, tags: true, expected: "an estimate (0-5), a habit name, tags or a comment") { return .failure(e) }
            return .success(.task)
        case .done?, .drop?:
            emit(.keyword, second)
            guard let title = word(at: 2), title.shape == .string else {
                return word(at: 2).map { error("expected the task's title in double quotes", at: $0) } ?? missing("the task's title in double quotes", after: 2)
            }
            emit(.string, title)
            if let e = finish(buf, from: 3, tags: false, expected: "the end of the line") { return .failure(e) }
            return .success(keyword == .done ? .done : .drop)
        case .season?:
            emit(.keyword, second)
            guard let label = word(at: 2) else { return missing("the season's name", after: 2) }
            if label.shape == .word, let e = nameError(buf, label, what: "a season name (quote it to use spaces)") { return .failure(e) }
            emit(label.shape == .string ? .string : .name, label)
            guard let until = word(at: 3) else { return missing("the season's last day (YYYY-MM-DD)", after: 3) }
            if let e = date(buf, until) { return .failure(e) }
            if let e = finish(buf, from: 4, tags: false, expected: "the end of the line") { return .failure(e) }
            return .success(.season)
        case .archive?, .unarchive?:
            let keyword = string(buf, second)
            emit(.keyword, second)
            guard let name = word(at: 2) else { return missing("a habit name after '\(keyword)'", after: 2) }
            if let e = nameError(buf, name, what: "a habit name") { return .failure(e) }
            emit(.name, name)
            if let e = finish(buf, from: 3, tags: false, expected: "the end of the line") { return .failure(e) }
            return .success(keyword == "archive" ? .archive : .unarchive)
        case .pause?:
            emit(.keyword, second)
            guard let name = word(at: 2) else { return missing("a habit name after 'pause'", after: 2) }
            if let e = nameError(buf, name, what: "a habit name") { return .failure(e) }
            emit(.name, name)
            guard let until = word(at: 3) else { return missing("the last paused day (YYYY-MM-DD)", after: 3) }
            if let e = date(buf, until) { return .failure(e) }
            if let e = finish(buf, from: 4, tags: false, expected: "the end of the line") { return .failure(e) }
            return .success(.pause)
        case nil:
            return classifyEntry(buf, name: second)
        }
    }

    mutating func classifyEntry(_ buf: UnsafeBufferPointer<UInt8>, name: RawWord) -> Result<LineKind, LineError> {
        // classifyDated only gets here when the word is not a keyword.
        if let e = nameError(buf, name, what: "a habit name", checkKeyword: false) { return .failure(e) }
        emit(.name, name)
        guard let value = word(at: 2) else { return missing("a value after the habit name: a number of units, or yes, kinda, no or skip", after: 2) }
        let v = UnsafeBufferPointer(rebasing: buf[value.start..<value.end])
        if value.shape == .word, Self.isState(v) {
            emit(.state, value)
        } else if let e = number(buf, value, what: "a number of units, or yes, kinda, no or skip") {
            return .failure(e)
        }
        if let e = finish(buf, from: 3, tags: true, expected: "tags (#word) or a note after ';'") { return .failure(e) }
        return .success(.entry)
    }

    static func isState(_ v: UnsafeBufferPointer<UInt8>) -> Bool {
        switch v.count {
        case 2: return v[0] == 0x6E && v[1] == 0x6F                                   // no
        case 3: return v[0] == 0x79 && v[1] == 0x65 && v[2] == 0x73                   // yes
        case 4: return v[0] == 0x73 && v[1] == 0x6B && v[2] == 0x69 && v[3] == 0x70   // skip
        case 5: return DatedKeyword.equals(v, "kinda")
        default: return false
        }
    }

    mutating func classifyUnitChange(_ buf: UnsafeBufferPointer<UInt8>) -> Result<LineKind, LineError> {
        guard let name = word(at: 2) else { return missing("a habit name after 'unit'", after: 2) }
        if let e = nameError(buf, name, what: "a habit name") { return .failure(e) }
        emit(.name, name)
        guard let unitName = word(at: 3), !equals(buf, unitName, "=") else {
            return missing("the new unit's name (e.g. `unit Reading chapter ch = 1 chapter`)", after: 3)
        }
        emit(.word, unitName)
        var k = 4
        if let short = word(at: k), !equals(buf, short, "=") {
            // A number here is a size without its '=' (`unit Walk lap 0.25 miles`).
            if ASCII.isDigit(buf[short.start]) { return error("expected '=' and the unit's size (e.g. `= 0.25 miles`)", at: short) }
            emit(.word, short)
            k += 1
        }
        if let eq = word(at: k) {
            guard equals(buf, eq, "=") else { return error("expected '=' and the unit's size (e.g. `= 0.25 miles`)", at: eq) }
            emit(.equals, eq)
            k += 1
            guard let size = word(at: k) else { return missing("the unit's size after '=' (e.g. `= 0.25 miles`)", after: k) }
            if let e = number(buf, size, what: "the unit's size as a number (e.g. `= 0.25 miles`)") { return .failure(e) }
            k += 1
            while let measure = word(at: k) { emit(.word, measure); k += 1 }
        }
        if let e = finish(buf, from: k, tags: false, expected: "the end of the line") { return .failure(e) }
        return .success(.unitChange)
    }

    mutating func classifyVersion(_ buf: UnsafeBufferPointer<UInt8>) -> Result<LineKind, LineError> {
        emit(.keyword, words[0])
        guard let v = word(at: 1) else { return missing("the format version after 'units' (units 1)", after: 1) }
        guard v.shape == .word, UnsafeBufferPointer(rebasing: buf[v.start..<v.end]).allSatisfy(ASCII.isDigit) else {
            return error("expected the format version as a whole number (units 1)", at: v)
        }
        emit(.number, v)
        if let e = finish(buf, from: 2, tags: false, expected: "the end of the line") { return .failure(e) }
        return .success(.version)
    }

    mutating func classifyOption(_ buf: UnsafeBufferPointer<UInt8>) -> Result<LineKind, LineError> {
        emit(.keyword, words[0])
        guard let key = word(at: 1) else { return missing("an option name (week-start, day-start, lint-disable)", after: 1) }
        emit(.key, key)
        var k = 2
        while let value = word(at: k) { emit(.word, value); k += 1 }
        if k == 2 { return missing("a value for option '\(string(buf, key))'", after: 2) }
        if let e = finish(buf, from: k, tags: false, expected: "the end of the line") { return .failure(e) }
        return .success(.option)
    }

    mutating func classifyInclude(_ buf: UnsafeBufferPointer<UInt8>) -> Result<LineKind, LineError> {
        emit(.keyword, words[0])
        guard let path = word(at: 1) else { return missing("a file to include (include \"2024.units\")", after: 1) }
        emit(path.shape == .string ? .string : .word, path)
        if let e = finish(buf, from: 2, tags: false, expected: "the end of the line: quote a path with spaces") { return .failure(e) }
        return .success(.include)
    }

    static let attributeKeys = ["title", "unit", "size", "floor", "color", "icon", "note", "kind",
                                "goal", "min", "every", "priority", "type", "group"]

    mutating func classifyAttribute(_ buf: UnsafeBufferPointer<UInt8>) -> Result<LineKind, LineError> {
        let first = words[0]
        guard inDeclaration else {
            return error("attribute line with no declaration above it: indented `key: value` lines belong under a `DATE habit NAME` or `DATE group NAME` line, with no blank line between", at: first)
        }
        guard first.shape == .word else { return error("expected an attribute `key: value`", at: first) }
        // The key runs to the first ':' ("unit:", "unit:page").
        var colon = first.start
        while colon < first.end, buf[colon] != ASCII.colon { colon += 1 }
        var k = 1
        var valueStartsInFirst = false
        let key = RawWord(shape: .word, start: first.start, end: colon)
        if colon == first.end {
            // "key :" with a space before the colon.
            guard let next = word(at: 1), buf[next.start] == ASCII.colon else {
                return error("expected `key: value` (e.g. `unit: page`)", at: first)
            }
            emit(.key, key)
            emit(.colon, RawWord(shape: .word, start: next.start, end: next.start + 1))
            if next.end > next.start + 1 { emit(.word, RawWord(shape: .word, start: next.start + 1, end: next.end)) }
            k = 2
        } else {
            emit(.key, key)
            emit(.colon, RawWord(shape: .word, start: colon, end: colon + 1))
            valueStartsInFirst = colon + 1 < first.end
            if valueStartsInFirst { emit(.word, RawWord(shape: .word, start: colon + 1, end: first.end)) }
        }
        let keyText = string(buf, key)
        guard Self.attributeKeys.contains(keyText) else {
            let hint = Suggestion.closest(to: keyText, in: Self.attributeKeys).map { "; did you mean '\($0)'?" } ?? ""
            return .failure(LineError(message: "unknown attribute '\(keyText)'\(hint) (keys: \(Self.attributeKeys.joined(separator: ", ")))",
                                      start: key.start, end: key.end))
        }
        while let value = word(at: k) { emit(value.shape == .string ? .string : .word, value); k += 1 }
        let hasValue = lineTokenCount > 2
        if !hasValue { return .failure(LineError(message: "expected a value after '\(keyText):'", start: first.end, end: first.end)) }
        if let e = finish(buf, from: k, tags: false, expected: "the end of the line") { return .failure(e) }
        return .success(.attribute)
    }
}

/// A growable buffer reused line after line: no uniqueness check or
/// generic call per append, as an array stored in the parser would make.
/// For plain values only (`removeAll` forgets them without deinitialising).
final class ScratchBuffer<Element> {
    // Allocated at the first append: a parser that reads one entry line
    // again (`tokens(of:)`) takes the fast path and never needs it.
    private var base: UnsafeMutablePointer<Element>?
    private var capacity = 0
    private(set) var count = 0

    init() {}
    deinit { base?.deallocate() }

    var isEmpty: Bool { count == 0 }
    var first: Element? { count > 0 ? base![0] : nil }
    var contents: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

    subscript(index: Int) -> Element {
        precondition(index >= 0 && index < count)
        return base![index]
    }

    @inline(__always) func append(_ element: Element) {
        if count == capacity { grow() }
        (base! + count).initialize(to: element)
        count += 1
    }

    /// Forgets the elements (they are plain values), keeping the memory.
    func removeAll() { count = 0 }

    private func grow() {
        let bigger = UnsafeMutablePointer<Element>.allocate(capacity: max(16, capacity * 2))
        if let base {
            bigger.moveInitialize(from: base, count: count)
            base.deallocate()
        }
        base = bigger
        capacity = max(16, capacity * 2)
    }
}
