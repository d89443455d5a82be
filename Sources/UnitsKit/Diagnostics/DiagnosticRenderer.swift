/// Prints diagnostics the way compilers do:
///
///     habits.units:12:17: error: expected a number or yes/kinda/no [syntax]
///     2025-12-14 Reading lots
///                        ^~~~
///
/// The caret line copies the source line's tabs and counts display width,
/// so it stands under the right character with tabs and wide scripts.
public struct DiagnosticRenderer {
    public var useColor: Bool
    private var tables: [ObjectIdentifier: LineTable] = [:]

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
        // Messages quote journal text (names, values): never raw (issue 14).
        out += "\(TerminalText.escaped(range.file.path)):\(start): \(coloredLabel): \(TerminalText.escaped(diagnostic.message)) [\(diagnostic.rule)]\n"
        let lineIndex = start.line - 1
        let lineBytes = table.lineBytes(lineIndex)
        let line = String(decoding: lineBytes, as: UTF8.self)
        out += printable(line) + "\n"
        // The caret sits under the range's start; the tildes run to its end,
        // or to the end of the line for ranges that span lines.
        let lineStart = table.lineStarts[lineIndex]
        let prefixEnd = min(max(range.start, lineStart), lineBytes.endIndex)
        let prefix = range.file.bytes[lineStart..<prefixEnd]
        var caretLine = ""
        for scalar in String(decoding: prefix, as: UTF8.self).unicodeScalars {
            // Mirror `printable`: a control character shows as one column.
            let width = TerminalText.isControl(scalar) ? 1 : DisplayWidth.of(scalar)
            caretLine += scalar == "\t" ? "\t" : String(repeating: " ", count: width)
        }
        let spanEnd = min(max(range.end, prefixEnd), lineBytes.endIndex)
        let spanWidth = DisplayWidth.of(utf8: range.file.bytes[prefixEnd..<spanEnd])
        caretLine += "^" + String(repeating: "~", count: max(0, spanWidth - 1))
        out += (useColor ? "\u{1B}[32m\(caretLine)\u{1B}[0m" : caretLine) + "\n"
        if let fix = diagnostic.fixIt {
            out += "  fix: \(TerminalText.escaped(fix.message))\n"
        }
        return out
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
