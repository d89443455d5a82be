/// Turns the Markdown of the Grammar docs into roff for `units(5)`: the
/// subset those documents use (headings, paragraphs, lists, fenced code,
/// tables, `code`, **bold**, [links](url)).
enum MarkdownRoff {
    static func convert(_ markdown: String) -> String {
        var out = ""
        var inCode = false
        var skipping = false
        var needParagraph = true
        for raw in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(raw)
            if line.hasPrefix("```") {
                if skipping { continue }
                out += inCode ? ".RE\n.fi\n" : ".PP\n.nf\n.RS 4\n"
                inCode.toggle()
                needParagraph = true
                continue
            }
            if inCode {
                if !skipping { out += ManPage.escape(line).roffLineSafe + "\n" }
                continue
            }
            if line.hasPrefix("# ") { continue }   // the title: in NAME already
            if line.hasPrefix("## ") {
                let title = String(line.dropFirst(3))
                skipping = title == "Contents"
                if !skipping { out += ".SH \"\(ManPage.escape(stripNumber(title)).uppercased())\"\n" }
                needParagraph = true
                continue
            }
            if skipping { continue }
            if line.hasPrefix("### ") {
                out += ".SS \"\(ManPage.escape(stripNumber(String(line.dropFirst(4)))))\"\n"
                needParagraph = true
                continue
            }
            if line.trimmingSpaces().isEmpty { needParagraph = true; continue }
            if line.hasPrefix("|") {
                if line.allSatisfy({ "|-: ".contains($0) }) { continue }   // the separator row
                if needParagraph { out += ".PP\n" }
                out += ".nf\n" + inline(line).roffLineSafe + "\n.fi\n"
                needParagraph = false
                continue
            }
            if line.hasPrefix("- ") {
                out += ".IP \\(bu 2\n" + inline(String(line.dropFirst(2))).roffLineSafe + "\n"
                needParagraph = false
                continue
            }
            if let dot = line.firstIndex(of: "."), dot != line.startIndex, line[..<dot].allSatisfy(\.isNumber),
               line[line.index(after: dot)...].hasPrefix(" ") {
                out += ".IP \(line[..<dot]). 4\n" + inline(String(line[line.index(dot, offsetBy: 2)...])).roffLineSafe + "\n"
                needParagraph = false
                continue
            }
            if needParagraph {
                // A line indented under a list item continues it.
                if !line.hasPrefix("  ") { out += ".PP\n" }
                needParagraph = false
            }
            out += inline(line.trimmingSpaces()).roffLineSafe + "\n"
        }
        if inCode { out += ".RE\n.fi\n" }
        return out
    }

    /// `12. Entries` → `Entries`; `12.2 Count habits` → `Count habits`.
    static func stripNumber(_ title: String) -> String {
        let rest = title.drop { $0.isNumber || $0 == "." }
        return rest.hasPrefix(" ") ? String(rest.dropFirst()) : title
    }

    /// Inline markup to roff fonts.
    static func inline(_ text: String) -> String {
        var out = ""
        var chars = Array(text)[...]
        while let c = chars.first {
            if c == "`", let close = chars.dropFirst().firstIndex(of: "`") {
                out += "\\fB" + ManPage.escape(String(chars[(chars.startIndex + 1)..<close])) + "\\fR"
                chars = chars[(close + 1)...]
            } else if c == "*", chars.dropFirst().first == "*", let close = chars.indices.dropFirst(2).first(where: {
                $0 + 1 < chars.endIndex && chars[$0] == "*" && chars[$0 + 1] == "*"
            }) {
                out += "\\fB" + inline(String(chars[(chars.startIndex + 2)..<close])) + "\\fR"
                chars = chars[(close + 2)...]
            } else if c == "[", let close = chars.firstIndex(of: "]"), chars.index(after: close) < chars.endIndex,
                      chars[chars.index(after: close)] == "(", let end = chars[close...].firstIndex(of: ")") {
                out += inline(String(chars[(chars.startIndex + 1)..<close]))
                chars = chars[(end + 1)...]
            } else {
                out += ManPage.escape(String(c))
                chars = chars.dropFirst()
            }
        }
        return out
    }
}

extension String {
    /// A line roff will not take as a request: a leading `.` or `'` is escaped.
    var roffLineSafe: String {
        hasPrefix(".") || hasPrefix("'") ? "\\&" + self : self
    }
}
