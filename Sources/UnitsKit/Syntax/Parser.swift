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
        file.withBytes { state.run($0) }
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
        parse(file, blockLines: blockLines, lineCount: file.withBytes(lineCount), collecting: false) { tree, lines, _ in consume(tree, lines) }
    }

    /// A block parse for the model builder: as `parse(_:blockLines:consume:)`,
    /// but a plain entry line is never tokenised at all. The parser hands
    /// over its date, name and value (`FastEntry`, in line order, the
    /// block's lines that have no tokens), which is all a report needs of
    /// it. `lineCount` is `file.withBytes(lineCount)` (the caller has it).
    /// `keepingTagsAndNotes`: an entry line with tags or a note keeps its
    /// tokens too (`units export` writes them; read again, they cost more).
    /// `droppingDeclarations`: the tokens of declaration and attribute
    /// lines are let go too once `consume` has seen them (issue 14: a
    /// journal of a million habits holds millions of such lines).
    static func parseEntries(_ file: SourceFile, blockLines: Int, lineCount: Int, keepingTagsAndNotes: Bool = false,
                             droppingDeclarations: Bool = false,
                             consume: (SyntaxTree, Range<Int>, UnsafeBufferPointer<FastEntry>) -> Void) -> SyntaxTree {
        parse(file, blockLines: blockLines, lineCount: lineCount, collecting: true,
              keepingTagsAndNotes: keepingTagsAndNotes, droppingDeclarations: droppingDeclarations, consume: consume)
    }

    private static func parse(_ file: SourceFile, blockLines: Int, lineCount: Int, collecting: Bool,
                              keepingTagsAndNotes: Bool = false, droppingDeclarations: Bool = false,
                              consume: (SyntaxTree, Range<Int>, UnsafeBufferPointer<FastEntry>) -> Void) -> SyntaxTree {
        var state = ParserState(file: file, reserveTokens: false, reserveLines: false)
        // Room for one block's entries (at most one a line), for the whole parse.
        let room = max(1, blockLines)
        let entries = collecting ? UnsafeMutablePointer<FastEntry>.allocate(capacity: room) : nil
        defer { entries?.deallocate() }
        if let entries { state.collectedEntries = EntrySink(base: entries, capacity: room) }
        state.keepsTagsAndNotes = keepingTagsAndNotes
        state.tree.keepsTagsAndNotes = keepingTagsAndNotes
        // The exact count: a journal of short lines never regrows (and
        // copies) its array of lines.
        state.tree.lines.reserveCapacity(lineCount)
        // The line count read every page; each block reads its own again.
        file.releaseResidentPages(before: file.count)
        file.withBytes { buf in
            var start = state.tree.byteOrderMarkLength
            var blockStart = 0
            repeat {
                file.releaseResidentPages(before: start)
                start = state.run(buf, from: start, maxLines: max(1, blockLines))
                consume(state.tree, blockStart..<state.tree.lines.count, state.collectedEntries?.contents ?? UnsafeBufferPointer(start: nil, count: 0))
                state.collectedEntries?.count = 0
                // (A model builder's block of plain entries has no entry tokens to drop.)
                let dropEntries = state.entryLinesWithTokens > 0 && !state.keepsTagsAndNotes
                if dropEntries || droppingDeclarations {
                    state.tree.dropEntryTokens(lines: blockStart..<state.tree.lines.count, entries: dropEntries,
                                               declarations: droppingDeclarations)
                    // The block's pages of lines without tokens back to one number each.
                    state.tree.lines.compactTokens(from: blockStart)
                    state.entryLinesWithTokens = 0
                }
                blockStart = state.tree.lines.count
            } while start < buf.count
        }
        return state.tree
    }

    /// How many lines `bytes` holds at most (line feeds, plus one).
    static func lineCount(_ bytes: [UInt8]) -> Int { bytes.withUnsafeBufferPointer(lineCount) }

    /// How many lines `bytes` holds at most (line feeds, plus one).
    static func lineCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let raw = UnsafeRawBufferPointer(bytes)
        guard let base = raw.baseAddress else { return 1 }
        // Eight bytes at a time: each byte lane of `lanes` counts the LFs
        // seen in it (an exact per-byte test, no carry crosses a byte),
        // summed before a lane can wrap. (No popcount per word: the
        // baseline x86-64 target has none, and a SIMD32 loop was slower
        // still.)
        let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F, lf: UInt64 = 0x0A0A_0A0A_0A0A_0A0A
        let bytePairs: UInt64 = 0x00FF_00FF_00FF_00FF
        var count = 1, i = 0
        while i + 8 <= raw.count {
            var lanes: UInt64 = 0
            var rounds = 0
            while rounds < 255, i + 8 <= raw.count {
                let x = base.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ lf
                lanes &+= (~(((x & low) &+ low) | x | low)) >> 7
                i += 8
                rounds += 1
            }
            // Lanes to 16-bit sums (at most 2,040), then their total.
            let pairs = (lanes & bytePairs) &+ ((lanes >> 8) & bytePairs)
            count += Int((pairs &* 0x0001_0001_0001_0001) >> 48)
        }
        while i < raw.count { if raw[i] == ASCII.lf { count += 1 }; i += 1 }
        return count
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
        file.withBytes { state.run($0) }
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
    /// The most bytes a journal may hold: one file, standard input, or a
    /// file with everything it includes (`JournalBuilder.maximumIncludedBytes`).
    /// Five times the largest journal the tools are built for (a lifetime,
    /// 100 MB), and small enough that the most a hostile shape of it costs
    /// in memory (a few bytes per byte) stays a few gigabytes. Larger input
    /// is refused, with `sizeLimitWords`. (Offsets are 32-bit: under 2 GiB.)
    public static let maximumFileSize = 512 << 20

    /// The limit as every refusal states it (Grammar/format.md, 2.1).
    public static let sizeLimitWords = "a journal may hold at most 512 MiB (536870912 bytes), with the files it includes"
}
