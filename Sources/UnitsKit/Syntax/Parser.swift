/// The hand-written parser: UTF-8 bytes in, a lossless `SyntaxTree` out.
/// Line by line: check the bytes, split the words, classify them by the
/// line's grammar; a line that does not fit is `.invalid`, with one diagnostic.
public enum Parser {
    /// Parses one file. Never fails: problems are in `tree.diagnostics`.
    public static func parse(_ file: SourceFile) -> SyntaxTree {
        var state = ParserState(file: file)
        file.withBytes { state.run($0) }
        return state.tree
    }

    /// How a block parse reads a file: `lines` lines at a time, each block
    /// handed to the reader while its tokens are there, so a million-line
    /// file never holds its millions of tokens at once.
    struct Blocks {
        var lines = 4096
        /// Whether the returned tree keeps every block's lines (their entry
        /// tokens let go, read again by `SyntaxTree.tokens(of:)`); else each
        /// block is forgotten once read.
        var keepingLines = true
        /// Whether plain entry lines are never tokenised: the parser hands
        /// over their date, name and value (`Block.entries`).
        var collectingEntries = false
        /// The tokens of declaration and attribute lines are let go too.
        var droppingDeclarations = false
        /// `file.withBytes(Parser.lineCount)`, when the reader has it already.
        var lineCount: Int?
    }

    /// One block of a block parse, as its reader sees it.
    struct Block {
        /// The tree so far (with `keepingLines`), or of this block alone.
        let tree: SyntaxTree
        /// The block's lines in `tree`.
        let lines: Range<Int>
        /// The block's plain entry lines, with `collectingEntries`.
        let entries: UnsafeBufferPointer<FastEntry>
    }

    /// Parses `file` a block at a time (see `Blocks`), every line exactly as
    /// `parse(_:)` does; `consume` sees each block and returns false to stop.
    @discardableResult
    static func parse(_ file: SourceFile, in blocks: Blocks, consume: (Block) -> Bool) -> SyntaxTree {
        var state = ParserState(file: file, reserveTokens: false, reserveLines: false)
        // Room for one block's entries (at most one a line).
        let room = max(1, blocks.lines)
        let entries = blocks.collectingEntries ? UnsafeMutablePointer<FastEntry>.allocate(capacity: room) : nil
        defer { entries?.deallocate() }
        if let entries { state.collectedEntries = EntrySink(base: entries, capacity: room) }
        if blocks.keepingLines {
            // The exact count: the array of lines never regrows. (Counting read
            // every page; each block reads its own again.)
            let count = blocks.lineCount ?? file.withBytes(lineCount)
            state.tree.lines.reserveCapacity(count)
            if blocks.collectingEntries { state.tree.entryTexts = EntryTextSpans(reserving: count) }
            file.releaseResidentPages(before: file.count)
        }
        file.withBytes { buf in
            var start = state.tree.byteOrderMarkLength
            var blockStart = 0
            repeat {
                file.releaseResidentPages(before: start)
                start = state.run(buf, from: start, maxLines: room)
                // A temporary, gone before the lines change below: a block held
                // then would make them copied whole, losing their reserved room.
                let entries = state.collectedEntries?.contents ?? UnsafeBufferPointer(start: nil, count: 0)
                let lines = blockStart..<state.tree.lines.count
                guard consume(Block(tree: state.tree, lines: lines, entries: entries)) else { return }
                state.collectedEntries?.count = 0
                guard blocks.keepingLines else {
                    state.tree.lines.removeAll(keepingCapacity: true)
                    state.tree.tokens.removeAll(keepingCapacity: true)
                    continue
                }
                // (A model's block of plain entries has no entry tokens to drop.)
                let dropEntries = state.entryLinesWithTokens > 0
                if dropEntries || blocks.droppingDeclarations {
                    state.tree.dropEntryTokens(lines: blockStart..<state.tree.lines.count, entries: dropEntries,
                                               declarations: blocks.droppingDeclarations)
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
    static func lineCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let raw = UnsafeRawBufferPointer(bytes)
        guard let base = raw.baseAddress else { return 1 }
        // Eight bytes at a time: each byte lane of `lanes` counts the LFs
        // seen in it (no carry crosses a byte), summed before a lane can wrap.
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

    /// Parses one file without the entry fast path (the tests' reference).
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
    /// The most bytes a journal may hold, with everything it includes: five
    /// times a lifetime's journal (100 MB), so a hostile shape of it stays
    /// a few gigabytes in memory. (Offsets are 32-bit: under 2 GiB.)
    public static let maximumFileSize = 512 << 20

    /// The limit as every refusal states it (Grammar/format.md, 2.1).
    public static let sizeLimitWords = "a journal may hold at most 512 MiB (536870912 bytes), with the files it includes"
}
