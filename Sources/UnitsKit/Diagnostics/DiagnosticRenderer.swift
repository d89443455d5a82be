/// Prints diagnostics the way compilers do:
///
///     habits.units:12:17: error: expected a number or yes/kinda/no [syntax]
///     2025-12-14 Reading lots
///                        ^~~~
///
/// The caret line copies the line's tabs and counts display width.
public struct DiagnosticRenderer {
    public var useColor: Bool
    private var tables: [ObjectIdentifier: LineTable] = [:]

    /// The widest source line shown, in columns: a longer one is shown as
    /// a window around the caret, cut with `…`.
    public var maximumLineWidth = 160

    public init(useColor: Bool = false) { self.useColor = useColor }

    /// Line and column of both ends of a range (the end is exclusive).
    public mutating func span(of range: SourceRange) -> (start: LineColumn, end: LineColumn) {
        let table = self.table(for: range.file)
        return (table.location(of: range.start), table.location(of: range.end))
    }

    public mutating func render(_ diagnostic: Diagnostic) -> String {
        var out = ""
        let label = diagnostic.severity.rawValue
        let coloredLabel = useColor ? "\(color(for: diagnostic.severity))\(label)\u{1B}[0m" : label
        guard let range = diagnostic.range else {
            out += "\(TerminalText.escaped(diagnostic.path ?? "<unknown>")): \(coloredLabel): \(TerminalText.escaped(diagnostic.message)) [\(diagnostic.rule)]\n"
            return out
        }
        let table = self.table(for: range.file)
        let start = table.location(of: range.start)
        let message = Self.bounded(TerminalText.escaped(diagnostic.message))
        // Messages quote journal text (names, values): never raw.
        out += "\(TerminalText.escaped(range.file.path)):\(start): \(coloredLabel): \(message) [\(diagnostic.rule)]\n"
        let lineIndex = start.line - 1
        let lineBytes = table.lineBytes(lineIndex)
        // The caret sits under the range's start; the tildes run to its end,
        // or to the end of the line for ranges that span lines.
        let lineStart = table.lineStarts[lineIndex]
        let prefixEnd = min(max(range.start, lineStart), lineBytes.endIndex)
        // Only `reach` bytes either side of the caret are read (a scalar is
        // at most 4 bytes): a line of 500 MB costs what a short one does.
        let bytes = range.file.bytes
        let reach = 4 * maximumLineWidth + 4
        var from = lineStart, to = lineBytes.endIndex
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
        out += lead + printable(shown) + (cut ? "…" : "") + "\n"
        var caretLine = lead.isEmpty ? "" : " "
        for scalar in prefix {
            // Mirror `printable`: a control character shows as one column.
            caretLine += scalar == "\t" ? "\t" : String(repeating: " ", count: columns(scalar))
        }
        let tildes = min(max(0, spanWidth - 1), max(0, maximumLineWidth - prefixWidth - 1 - (lead.isEmpty ? 0 : 1)))
        caretLine += "^" + String(repeating: "~", count: tildes)
        out += (useColor ? "\u{1B}[32m\(caretLine)\u{1B}[0m" : caretLine) + "\n"
        if let fix = diagnostic.fixIt {
            out += "  fix: \(TerminalText.escaped(fix.message))\n"
        }
        return out
    }

    /// A message that quotes a 100,000-character name is cut to 400 columns.
    static func bounded(_ message: String) -> String {
        message.utf8.count <= 400 ? message : FitWidth.cut(Substring(message), width: 400)
    }

    public mutating func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map { render($0) }.joined()
    }

    private mutating func table(for file: SourceFile) -> LineTable {
        let key = ObjectIdentifier(file)
        if let table = tables[key] { return table }
        let table = LineTable(file)
        tables[key] = table
        return table
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
