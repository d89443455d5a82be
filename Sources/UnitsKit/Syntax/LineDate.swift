/// A dated line's date token and an order-preserving key for it
/// (YYYYMMDD), for readers that compare the dates of every line of a file
/// (the linter's date order, a write's check that its lines fit): read
/// straight from the digits when the date is spelled canonically, without
/// a word scan or full date parsing.
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
        // dated canonically: eight digits and two '-' (no white space), then
        // white space. Its date token and key straight from the bytes, as
        // `firstToken` and `dateKey` would give them.
        if line.tokenCount == 0, line.kind == .entry, Int(line.contentEnd - line.start) > 10 {
            let p = b.baseAddress! + Int(line.start)
            @inline(__always) func d(_ i: Int) -> Int32 { Int32(p[i] &- ASCII.zero) }
            if ASCII.isSpace(p[10]), p[4] == ASCII.minus, p[7] == ASCII.minus,
               d(0) < 10, d(1) < 10, d(2) < 10, d(3) < 10, d(5) < 10, d(6) < 10, d(8) < 10, d(9) < 10 {
                let year = ((d(0) * 10 + d(1)) * 10 + d(2)) * 10 + d(3)
                let key = (year * 100 + d(5) * 10 + d(6)) * 100 + d(8) * 10 + d(9)
                return LineDate(token: Token(kind: .date, start: line.start, end: line.start + 10), key: key)
            }
        }
        guard let token = firstToken(of: line) else { return nil }
        return LineDate(token: token, key: Self.dateKey(b, token))
    }

    /// The key of the date token `token`.
    private static func dateKey(_ b: UnsafeBufferPointer<UInt8>, _ token: Token) -> Int32 {
        let s = Int(token.start)
        if token.length == 10, b[s + 4] == ASCII.minus, b[s + 7] == ASCII.minus {
            // Digits at 0-3, 5-6 and 8-9 (no array of offsets: this runs per line).
            let p = b.baseAddress! + s
            @inline(__always) func d(_ i: Int) -> Int32 { Int32(p[i] &- ASCII.zero) }
            let year = ((d(0) * 10 + d(1)) * 10 + d(2)) * 10 + d(3)
            return (year * 100 + d(5) * 10 + d(6)) * 100 + d(8) * 10 + d(9)
        }
        guard case .valid(let date) = DateLexeme.parse(UnsafeBufferPointer(rebasing: b[token.range])) else { return 0 }
        return LineDate.key(date)
    }
}
