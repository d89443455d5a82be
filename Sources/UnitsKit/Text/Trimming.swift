extension String {
    /// Without spaces and tabs at either end.
    func trimmingSpaces() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
              let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        return String(scalars[first...last])
    }

    /// Without trailing spaces (pictures pad cells, lines must not end in blanks).
    ///
    /// By bytes, unless the run of spaces follows a scalar that may be a
    /// prepended mark (Grapheme_Cluster_Break=Prepend, which joins the
    /// space after it into one Character, UAX #29 GB9b; no other rule keeps
    /// a space with what comes before it): then the Character loop
    /// decides. A million-row picture trims a million lines whose last cell
    /// is a non-ASCII glyph.
    var trimmingTrailingSpaces: String {
        let utf8 = self.utf8
        var end = utf8.endIndex
        while end > utf8.startIndex {
            let before = utf8.index(before: end)
            guard utf8[before] == 0x20 else { break }
            end = before
        }
        if end == utf8.endIndex { return self }
        if end == utf8.startIndex || !Self.mayBePrepend(lastScalarBefore: end, in: self) {
            return String(decoding: utf8[..<end], as: UTF8.self)
        }
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }

    /// Whether the scalar that ends just before `end` may have
    /// Grapheme_Cluster_Break=Prepend: conservatively, every scalar of the
    /// blocks that hold such marks (Arabic, Syriac and Arabic Extended,
    /// Malayalam's U+0D4E, and the Brahmic scripts of U+11000 to U+11FFF).
    static func mayBePrepend(lastScalarBefore end: String.Index, in text: String) -> Bool {
        let utf8 = text.utf8
        guard utf8[utf8.index(before: end)] >= 0x80 else { return false }
        let scalar = text.unicodeScalars[text.unicodeScalars.index(before: end)].value
        return (0x0600...0x08FF).contains(scalar) || scalar == 0x0D4E || (0x11000...0x11FFF).contains(scalar)
    }
}
