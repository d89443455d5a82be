/// The bytes of the merged middle: printed by the formatter when both sides
/// were canonical (so a `units-fmt --check` hook passes after a merge), in
/// ours' line ending throughout.
enum MergeLayout {
    /// The merged middle (LF endings) as the formatter prints it, or nil
    /// when a side's middle was not canonical (then lines stay as written)
    /// or the printed text would not mean the same (never expected).
    static func canonical(merged: [UInt8], ours: [MergeUnit], theirs: [MergeUnit]) -> [UInt8]? {
        func text(_ units: [MergeUnit]) -> [UInt8] { units.reduce(into: []) { $0 += $1.text } }
        let o = text(ours), t = text(theirs)
        guard format(o) == o, format(t) == t, let printed = format(merged) else { return nil }
        let input = Parser.parse(SourceFile(path: "<merge>", bytes: merged))
        guard FormatCheck.problem(input: input, output: printed) == nil else { return nil }
        return printed
    }

    /// A middle printed by the formatter. The middle starts at a block
    /// boundary (`MergeWindow`), so printing it alone prints it as the
    /// whole file would; only a blank line at its end, which the formatter
    /// drops at the end of a file, is kept.
    static func format(_ bytes: [UInt8]) -> [UInt8]? {
        if bytes.isEmpty { return bytes }
        guard case .formatted(var printed) = Formatter.format(bytes, path: "<merge>") else { return nil }
        var trailing = bytes.count >= 2 && bytes[bytes.count - 1] == ASCII.lf && bytes[bytes.count - 2] == ASCII.lf
        if !trailing {
            // A last line of only white space is blank too.
            var i = bytes.count - 2
            while i >= 0, ASCII.isSpace(bytes[i]) || bytes[i] == ASCII.cr { i -= 1 }
            trailing = i >= 0 && bytes[i] == ASCII.lf && i < bytes.count - 2
        }
        if trailing, !printed.isEmpty { printed.append(ASCII.lf) }
        return printed
    }

    /// LF line endings replaced by `ending`.
    static func withEnding(_ bytes: [UInt8], _ ending: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + bytes.count / 16)
        for b in bytes {
            if b == ASCII.lf { out += ending } else { out.append(b) }
        }
        return out
    }
}
