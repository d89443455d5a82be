/// No line of a picture or the today view wider than its width: a longer one
/// is cut to end in `…` (`~` in ASCII), closing a colour left open.
public enum FitWidth {
    public static func lines(_ text: String, width: Int, ascii: Bool = false) -> String {
        guard width > 0 else { return text }
        // Split at line feeds by scalars (a CR LF is one Character).
        return text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
            .map { cut(Substring($0), width: width, ascii: ascii) }.joined(separator: "\n")
    }

    /// An output whose pieces (whole lines) reach `output` cut to `width`. Finish it before `output`.
    public static func output(to output: ReportOutput, width: Int, ascii: Bool = false) -> ReportOutput {
        ReportOutput { output.write(lines($0, width: width, ascii: ascii)) }
    }

    /// One line cut to `width` columns.
    public static func cut(_ line: Substring, width: Int, ascii: Bool = false) -> String {
        // No scalar takes more columns than its UTF-8 bytes: a line of at
        // most `width` bytes fits without measuring.
        guard line.utf8.count > width, TerminalStyle.visibleWidth(String(line)) > width else { return String(line) }
        let scalars = Array(line.unicodeScalars)
        var out = ""
        var used = 0
        var open: String?   // the reset for a colour still open (marked or real)
        var i = 0
        while i < scalars.count {
            let s = scalars[i]
            if let j = TerminalText.colorSequenceEnd(scalars, from: i) {
                // Copy a colour sequence whole (marked or real); it takes no columns.
                out.unicodeScalars.append(contentsOf: scalars[i...j])
                let isReset = scalars[j - 1] == "0" && scalars[j - 2] == "["
                open = isReset ? nil : (s == "\u{1B}" ? "\u{1B}[0m" : TerminalText.reset)
                i = j + 1
                continue
            }
            let w = DisplayWidth.of(s)
            if used + w > width - 1 { break }
            out.unicodeScalars.append(s)
            used += w
            i += 1
        }
        if let open { out += open }
        return out + (ascii ? "~" : "…")
    }
}
