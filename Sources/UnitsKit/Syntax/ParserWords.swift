/// The parser's first step on a line: its raw words (strings and a
/// trailing comment kept whole).
extension ParserState {
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
}
