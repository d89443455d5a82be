/// `textDocument/formatting` and `rangeFormatting`: the fewest, smallest
/// edits that turn the document into what `units-fmt` writes (which refuses
/// a document with a line that does not parse).
extension LanguageServer {
    func formatting(_ params: JSONValue, range: Bool) throws(RequestError) -> JSONValue {
        let analysis = try analysis(params)
        let limit = range ? LSPRange(params["range"]) : nil
        if range, limit == nil { throw RequestError(code: .invalidParams, message: "params.range is missing") }
        guard case .formatted(let canonical) = Formatter.format(analysis.tree) else {
            throw RequestError(code: .requestFailed, message: "the journal has lines that do not parse; fix them first (see the diagnostics)")
        }
        var edits = Self.edits(from: analysis.document, to: canonical)
        if let limit {
            edits = edits.filter { $0.range.start.line <= limit.end.line && $0.range.end.line >= limit.start.line }
        }
        return .array(edits.map(\.json))
    }

    /// One text edit.
    struct TextEdit {
        var range: LSPRange
        var newText: String
        var json: JSONValue { ["range": range.json, "newText": .string(newText)] }
    }

    /// Minimal edits from a document to new bytes: a line diff, then each
    /// replaced line narrowed to the characters that differ.
    static func edits(from document: TextDocument, to new: [UInt8]) -> [TextEdit] {
        let old = document.bytes
        if old == new { return [] }
        let oldLines = lines(old), newLines = lines(new)
        // Lines are matched without their line ending: a CR LF journal
        // differs from its LF form in small edits, not every line.
        let matches = LineDiff.matches(oldLines.map { old[content($0, old)] }, newLines.map { new[content($0, new)] })
        var edits: [TextEdit] = []
        var i = 0, j = 0
        func flush(_ oldEnd: Int, _ newEnd: Int) {
            guard i < oldEnd || j < newEnd else { return }
            if oldEnd - i == newEnd - j {
                // Line for line: narrow each to what differs.
                for k in 0..<(oldEnd - i) { edits += narrowed(document, oldLines[i + k], new, newLines[j + k]) }
            } else {
                let start = i < oldLines.count ? oldLines[i].lowerBound : old.count
                let end = oldEnd > i ? oldLines[oldEnd - 1].upperBound : start
                let startNew = j < newLines.count ? newLines[j].lowerBound : new.count
                let endNew = newEnd > j ? newLines[newEnd - 1].upperBound : startNew
                edits.append(TextEdit(range: document.range(start: start, end: end),
                                      newText: String(decoding: new[startNew..<endNew], as: UTF8.self)))
            }
        }
        for (a, b) in matches {
            flush(a, b)
            if old[oldLines[a]] != new[newLines[b]] { edits += narrowed(document, oldLines[a], new, newLines[b]) }
            i = a + 1
            j = b + 1
        }
        flush(oldLines.count, newLines.count)
        return edits
    }

    /// Each line's byte range, its line ending included.
    static func lines(_ bytes: [UInt8]) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var start = 0
        for (k, b) in bytes.enumerated() where b == 0x0A {
            out.append(start..<(k + 1))
            start = k + 1
        }
        if start < bytes.count { out.append(start..<bytes.count) }
        return out
    }

    /// A line's range without its line ending (LF or CR LF).
    static func content(_ line: Range<Int>, _ bytes: [UInt8]) -> Range<Int> {
        var end = line.upperBound
        if end > line.lowerBound, bytes[end - 1] == 0x0A { end -= 1 }
        if end > line.lowerBound, bytes[end - 1] == 0x0D { end -= 1 }
        return line.lowerBound..<end
    }

    private static func narrowed(_ document: TextDocument, _ a: Range<Int>, _ new: [UInt8], _ b: Range<Int>) -> [TextEdit] {
        let old = document.bytes
        var prefix = 0
        while prefix < a.count, prefix < b.count, old[a.lowerBound + prefix] == new[b.lowerBound + prefix] { prefix += 1 }
        // Never split a UTF-8 sequence: back up to a sequence start.
        while prefix > 0, prefix < a.count, old[a.lowerBound + prefix] & 0xC0 == 0x80 { prefix -= 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix,
              old[a.upperBound - 1 - suffix] == new[b.upperBound - 1 - suffix] { suffix += 1 }
        while suffix > 0, a.upperBound - suffix < a.upperBound, old[a.upperBound - suffix] & 0xC0 == 0x80 { suffix -= 1 }
        // Nor a CR LF (no position names the place between its CR and LF).
        if prefix > 0, prefix < a.count, old[a.lowerBound + prefix - 1] == 0x0D, old[a.lowerBound + prefix] == 0x0A { prefix -= 1 }
        if suffix > 0, suffix < a.count, old[a.upperBound - suffix] == 0x0A, old[a.upperBound - suffix - 1] == 0x0D { suffix -= 1 }
        let start = a.lowerBound + prefix, end = a.upperBound - suffix
        let text = new[(b.lowerBound + prefix)..<(b.upperBound - suffix)]
        if start == end && text.isEmpty { return [] }
        return [TextEdit(range: document.range(start: start, end: end), newText: String(decoding: text, as: UTF8.self))]
    }
}
