/// Prints diagnostics the way compilers do:
///
///     habits.units:12:17: error: expected a number or yes/kinda/no [syntax]
///     2025-12-14 Reading lots
///                        ^~~~
///
/// The caret line copies the line's tabs and counts display width.
public struct DiagnosticRenderer {
    public var useColor: Bool
    /// Per file, an offset and the count of line feeds before it: the next
    /// finding's line is counted on from there, so findings in file order
    /// read the file once, and only up to the last of them.
    private var marks: [ObjectIdentifier: (offset: Int, lines: Int)] = [:]

    /// The widest source line shown, in columns: a longer one is shown as
    /// a window around the caret, cut with `…`.
    public var maximumLineWidth = 160

    public init(useColor: Bool = false) { self.useColor = useColor }

    /// Line and column of both ends of a range (the end is exclusive).
    public mutating func span(of range: SourceRange) -> (start: LineColumn, end: LineColumn) {
        (location(of: range.start, in: range.file).place, location(of: range.end, in: range.file).place)
    }

    /// Line and column of `offset`, and the offset its line starts at.
    private mutating func location(of offset: Int, in file: SourceFile) -> (place: LineColumn, lineStart: Int) {
        let key = ObjectIdentifier(file)
        let mark = marks[key] ?? (0, 0)
        let (offset, lines) = file.withBytes { bytes in
            let offset = min(max(offset, 0), bytes.count)
            var lines = mark.lines
            if offset >= mark.offset {
                for i in mark.offset..<offset { lines &+= bytes[i] == ASCII.lf ? 1 : 0 }
            } else {
                for i in offset..<mark.offset { lines &-= bytes[i] == ASCII.lf ? 1 : 0 }
            }
            return (offset, lines)
        }
        marks[key] = (offset, lines)
        return file.withBytes { bytes in
            var start = offset, column = 1
            while start > 0, bytes[start - 1] != ASCII.lf { start -= 1 }
            // Count scalars: every byte that is not a UTF-8 continuation byte.
            for i in start..<offset where bytes[i] & 0xC0 != 0x80 { column += 1 }
            return (LineColumn(line: lines + 1, column: column), start)
        }
    }

    public mutating func render(_ diagnostic: Diagnostic) -> String {
        var out = ""
        let label = diagnostic.severity.rawValue
        let coloredLabel = useColor ? "\(color(for: diagnostic.severity))\(label)\u{1B}[0m" : label
        guard let range = diagnostic.range else {
            out += "\(TerminalText.escaped(diagnostic.path ?? "<unknown>")): \(coloredLabel): \(TerminalText.escaped(diagnostic.message)) [\(diagnostic.rule)]\n"
            return out
        }
        let (start, lineStart) = location(of: range.start, in: range.file)
        let message = Self.bounded(TerminalText.escaped(diagnostic.message))
        // Messages quote journal text (names, values): never raw.
        out += "\(TerminalText.escaped(range.file.path)):\(start): \(coloredLabel): \(message) [\(diagnostic.rule)]\n"
        out += range.file.withBytes { excerpt(of: range, lineStart: lineStart, in: $0) }
        if let fix = diagnostic.fixIt {
            out += "  fix: \(TerminalText.escaped(fix.message))\n"
        }
        return out
    }

    /// The source line of the range's start and the caret line under it.
    private func excerpt<Bytes: RandomAccessCollection<UInt8>>(of range: SourceRange, lineStart: Int, in bytes: Bytes) -> String
    where Bytes.Index == Int {
        // Only `reach` bytes either side of the caret are read (a scalar is
        // at most 4 bytes): a line of 500 MB costs what a short one does.
        let reach = 4 * maximumLineWidth + 4
        // The line's end, without its line ending, looked for only as far as the window needs.
        var to = min(max(range.start, lineStart), bytes.count)
        let limit = min(bytes.count, to + reach + 2)
        while to < limit, bytes[to] != ASCII.lf { to += 1 }
        if to > lineStart, bytes[to - 1] == ASCII.cr { to -= 1 }
        // The caret sits under the range's start; the tildes run to its end,
        // or to the end of the line for ranges that span lines.
        let prefixEnd = min(max(range.start, lineStart), to)
        var from = lineStart
        if prefixEnd - from > reach {
            from = prefixEnd - reach
            while from < prefixEnd, bytes[from] & 0xC0 == 0x80 { from += 1 }   // not inside a scalar
        }
        let restCut = to - prefixEnd > reach
        if restCut {
            to = prefixEnd + reach
            while to > prefixEnd, bytes[to] & 0xC0 == 0x80 { to -= 1 }
        }
        let spanEnd = min(max(range.end, prefixEnd), to)
        var prefix = Array(String(decoding: bytes[from..<prefixEnd], as: UTF8.self).unicodeScalars)
        let rest = Array(String(decoding: bytes[prefixEnd..<to], as: UTF8.self).unicodeScalars)
        let spanWidth = DisplayWidth.of(utf8: bytes[prefixEnd..<spanEnd])
        // A very long line is shown as a window around the caret, cut with `…`.
        func columns(_ scalar: Unicode.Scalar) -> Int { TerminalText.isControl(scalar) || scalar == "\t" ? 1 : DisplayWidth.of(scalar) }
        var prefixWidth = prefix.reduce(0) { $0 + columns($1) }
        var lead = ""
        if prefixWidth + rest.reduce(0, { $0 + columns($1) }) > maximumLineWidth || restCut || from > lineStart, prefixWidth > maximumLineWidth / 3 {
            var drop = 0
            while prefixWidth > maximumLineWidth / 3 - 1 { prefixWidth -= columns(prefix[drop]); drop += 1 }
            prefix.removeFirst(drop)
            lead = "…"
        } else if from > lineStart {
            lead = "…"
        }
        var shown = String(String.UnicodeScalarView(prefix))
        var used = prefixWidth + (lead.isEmpty ? 0 : 1)
        var cut = false
        // (Past the bytes read, the line goes on: more than the window holds.)
        var remaining = rest.reduce(0) { $0 + columns($1) } + (restCut ? maximumLineWidth : 0)
        for scalar in rest {
            let w = columns(scalar)
            if used + w > maximumLineWidth - 1, used + remaining > maximumLineWidth { cut = true; break }
            shown.unicodeScalars.append(scalar)
            used += w
            remaining -= w
        }
        var out = lead + printable(shown) + (cut ? "…" : "") + "\n"
        var caretLine = lead.isEmpty ? "" : " "
        for scalar in prefix {
            // Mirror `printable`: a control character shows as one column.
            caretLine += scalar == "\t" ? "\t" : String(repeating: " ", count: columns(scalar))
        }
        let tildes = min(max(0, spanWidth - 1), max(0, maximumLineWidth - prefixWidth - 1 - (lead.isEmpty ? 0 : 1)))
        caretLine += "^" + String(repeating: "~", count: tildes)
        out += (useColor ? "\u{1B}[32m\(caretLine)\u{1B}[0m" : caretLine) + "\n"
        return out
    }

    /// A message that quotes a 100,000-character name is cut to 400 columns.
    static func bounded(_ message: String) -> String {
        message.utf8.count <= 400 ? message : FitWidth.cut(Substring(message), width: 400)
    }

    public mutating func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map { render($0) }.joined()
    }

    private func color(for severity: Severity) -> String {
        switch severity {
        case .error: "\u{1B}[1;31m"
        case .warning: "\u{1B}[1;33m"
        case .info: "\u{1B}[1;36m"
        }
    }

    /// Control characters (a NUL, a stray CR) would garble the terminal;
    /// show them as U+FFFD-style placeholders of one column each.
    private func printable(_ line: String) -> String {
        var out = ""
        for scalar in line.unicodeScalars {
            if TerminalText.isControl(scalar) { out += "\u{FFFD}" } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}
