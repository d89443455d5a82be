/// Where three versions of a journal differ: the bytes all three share at
/// the start (`prefix`) and at the end (`suffix`) are left out of the merge
/// and copied as they are, so merging two large journals that each gained
/// a few lines costs about what comparing their bytes costs.
///
/// The cut points are moved to *block boundaries* so that the middle
/// ("window") of each version is a run of whole units that the formatter
/// can print on its own: it starts at a line at column 0 (never an
/// attribute, a comment or a blank line), and never between two entry
/// lines (an entry block is aligned as a whole).
struct MergeWindow {
    /// Bytes shared at the start of all three versions.
    let prefix: Int
    /// Bytes shared at the end of all three versions.
    let suffix: Int

    init(base: [UInt8], ours: [UInt8], theirs: [UInt8]) {
        let files = [base, ours, theirs]
        let shortest = files.map(\.count).min() ?? 0
        var p = 0
        base.withUnsafeBufferPointer { b in
            ours.withUnsafeBufferPointer { o in
                theirs.withUnsafeBufferPointer { t in
                    while p < shortest, b[p] == o[p], b[p] == t[p] { p += 1 }
                }
            }
        }
        // Back to a line start (the same in all three: the bytes before agree),
        // then to a block boundary.
        while p > 0, base[p - 1] != ASCII.lf { p -= 1 }
        while p > 0, !files.allSatisfy({ Self.isBoundary($0, at: p) }) {
            p -= 1
            while p > 0, base[p - 1] != ASCII.lf { p -= 1 }
        }
        var s = 0
        while s < shortest - p, base[base.count - 1 - s] == ours[ours.count - 1 - s], base[base.count - 1 - s] == theirs[theirs.count - 1 - s] {
            s += 1
        }
        // Forward to a point that starts a line in all three and is a boundary.
        func fits(_ s: Int) -> Bool {
            files.allSatisfy { file in
                let at = file.count - s
                return (at == p || file[at - 1] == ASCII.lf) && Self.isBoundary(file, at: at)
            }
        }
        while s > 0, !fits(s) { s -= 1 }
        prefix = p
        suffix = s
    }

    /// The middle of one version.
    func window(_ bytes: [UInt8]) -> ArraySlice<UInt8> { bytes[prefix..<(bytes.count - suffix)] }

    /// Whether a cut at line start `at` leaves whole blocks on both sides.
    static func isBoundary(_ bytes: [UInt8], at: Int) -> Bool {
        if at == 0 || at >= bytes.count { return true }
        let head = bytes[at]
        guard ASCII.isDigit(head) || ASCII.isLetter(head) else { return false }
        guard isEntry(bytes, lineAt: at) else { return true }
        // An entry: the line before must not be one.
        var before = at - 1
        while before > 0, bytes[before - 1] != ASCII.lf { before -= 1 }
        return !isEntry(bytes, lineAt: before)
    }

    /// Whether the line starting at `at` looks like an entry: a date, then
    /// a second word that is not a keyword. (Read from bytes, without the
    /// parser: it decides cut points and which lines the lint check needs.)
    static func isEntry(_ bytes: [UInt8], lineAt at: Int) -> Bool {
        var i = at
        guard i < bytes.count, ASCII.isDigit(bytes[i]) else { return false }
        while i < bytes.count, bytes[i] != ASCII.space, bytes[i] != ASCII.tab, bytes[i] != ASCII.lf { i += 1 }
        while i < bytes.count, bytes[i] == ASCII.space || bytes[i] == ASCII.tab { i += 1 }
        let start = i
        while i < bytes.count, !ASCII.isSpace(bytes[i]), bytes[i] != ASCII.lf, bytes[i] != ASCII.cr, bytes[i] != ASCII.semicolon { i += 1 }
        guard i > start else { return false }
        return !keywordWords.contains(bytes[start..<i])
    }

    private static let keywordWords: Set<ArraySlice<UInt8>> = Set((NameLexeme.keywords.union(["goal", "min"])).map { Array($0.utf8)[...] })

    /// The lines of `bytes` the lint check cannot do without: every line but
    /// entries and blank lines (declarations, attributes, tasks, changes,
    /// options, comments), each ending in LF.
    static func structure(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        var i = bytes.startIndex
        let end = bytes.endIndex
        bytes.withUnsafeBufferPointer { buffer in
            let base = bytes.startIndex
            while i < end {
                var j = i
                while j < end, buffer[j - base] != ASCII.lf { j += 1 }
                var contentEnd = j
                if contentEnd > i, buffer[contentEnd - 1 - base] == ASCII.cr { contentEnd -= 1 }
                let head = buffer[i - base]
                let keep: Bool
                if ASCII.isDigit(head) {
                    keep = !isEntryLine(buffer, from: i - base, to: contentEnd - base)
                } else {
                    var k = i
                    while k < contentEnd, buffer[k - base] == ASCII.space || buffer[k - base] == ASCII.tab { k += 1 }
                    keep = k < contentEnd
                }
                if keep {
                    out.append(contentsOf: buffer[(i - base)..<(contentEnd - base)])
                    out.append(ASCII.lf)
                }
                i = j + 1
            }
        }
        return out
    }

    private static func isEntryLine(_ b: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Bool {
        var i = from
        while i < to, b[i] != ASCII.space, b[i] != ASCII.tab { i += 1 }
        while i < to, b[i] == ASCII.space || b[i] == ASCII.tab { i += 1 }
        let start = i
        while i < to, b[i] != ASCII.space, b[i] != ASCII.tab, b[i] != ASCII.semicolon { i += 1 }
        guard i > start else { return false }
        // Keywords are short ASCII words; compare without allocating for the rest.
        guard i - start <= 9, b[start] >= 0x61, b[start] <= 0x7A else { return true }
        return !keywordWords.contains(ArraySlice(b[start..<i]))
    }
}
