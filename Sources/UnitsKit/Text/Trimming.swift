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
    /// By bytes when the run of spaces follows an ASCII byte (or nothing):
    /// then each space is a Character of its own, as the Character loop
    /// would find. After a non-ASCII scalar (a prepended mark may join the
    /// space into one cluster) the Character loop decides. A million-row
    /// picture trims a million lines (issue 14).
    var trimmingTrailingSpaces: String {
        let utf8 = self.utf8
        var end = utf8.endIndex
        while end > utf8.startIndex {
            let before = utf8.index(before: end)
            guard utf8[before] == 0x20 else { break }
            end = before
        }
        if end == utf8.endIndex { return self }
        if end == utf8.startIndex || utf8[utf8.index(before: end)] < 0x80 { return String(self[..<end]) }
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
