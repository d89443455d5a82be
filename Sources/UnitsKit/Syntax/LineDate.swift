/// A dated line's date token and an order-preserving key for it
/// (YYYYMMDD), for readers that compare the dates of every line of a file.
struct LineDate {
    var token: Token
    var key: Int32

    /// The key of a date.
    static func key(_ date: CivilDate) -> Int32 {
        let (y, m, d) = date.components
        return Int32(y * 10000 + m * 100 + d)
    }
}

extension SyntaxTree {
    /// Calls `body` with each line and, for a dated line, its date.
    /// `releasing`: only the block of lines being read stays resident (as
    /// in a block parse), for the last reader of the file's bytes.
    func forEachLine(releasing: Bool = false, _ body: (SyntaxLine, LineDate?) -> Void) {
        file.withBytes { bytes in
            for (index, line) in lines.enumerated() {
                if releasing, index % 4096 == 0 { file.releaseResidentPages(before: Int(line.start)) }
                body(line, date(of: line, bytes))
            }
        }
    }

    /// The date of a dated line (nil for any other line).
    func date(of line: SyntaxLine) -> LineDate? {
        file.withBytes { date(of: line, $0) }
    }

    private func date(of line: SyntaxLine, _ b: UnsafeBufferPointer<UInt8>) -> LineDate? {
        guard line.kind.isDated else { return nil }
        // An entry line without tokens (nearly every line of a big journal)
        // dated canonically, then white space: its date token and key
        // straight from the bytes, without a word scan.
        if line.tokenCount == 0, line.kind == .entry, Int(line.contentEnd - line.start) > 10,
           ASCII.isSpace(b[Int(line.start) + 10]), let key = Self.canonicalKey(b.baseAddress! + Int(line.start)) {
            return LineDate(token: Token(kind: .date, start: line.start, end: line.start + 10), key: key)
        }
        guard let token = firstToken(of: line) else { return nil }
        if token.length == 10, let key = Self.canonicalKey(b.baseAddress! + Int(token.start)) {
            return LineDate(token: token, key: key)
        }
        guard case .valid(let date) = DateLexeme.parse(UnsafeBufferPointer(rebasing: b[token.range])) else {
            return LineDate(token: token, key: 0)
        }
        return LineDate(token: token, key: LineDate.key(date))
    }

    /// The key of the ten bytes at `p` when they are a date spelled
    /// YYYY-MM-DD (no array of offsets: this runs per line).
    @inline(__always)
    private static func canonicalKey(_ p: UnsafePointer<UInt8>) -> Int32? {
        @inline(__always) func d(_ i: Int) -> Int32 { Int32(p[i] &- ASCII.zero) }
        guard p[4] == ASCII.minus, p[7] == ASCII.minus, d(0) < 10, d(1) < 10, d(2) < 10, d(3) < 10,
              d(5) < 10, d(6) < 10, d(8) < 10, d(9) < 10 else { return nil }
        let year = ((d(0) * 10 + d(1)) * 10 + d(2)) * 10 + d(3)
        return (year * 100 + d(5) * 10 + d(6)) * 100 + d(8) * 10 + d(9)
    }
}
