@testable import UnitsKit

/// What a client that follows the LSP specification does with a text: its
/// lines end at LF, CR LF or a CR alone, and a position's character counts
/// UTF-16 code units. Written apart from `TextDocument` (on Unicode scalars
/// and Swift's own UTF-16 widths) so that the server is checked against it,
/// not against itself.
struct SpecClient {
    var text: String

    init(_ text: String) { self.text = text }

    /// Each scalar with its UTF-8 offset, and the text's UTF-8 length.
    private var scalars: [(offset: Int, scalar: Unicode.Scalar)] {
        var out: [(Int, Unicode.Scalar)] = []
        var offset = 0
        for s in text.unicodeScalars {
            out.append((offset, s))
            offset += String(s).utf8.count
        }
        return out
    }

    /// The position of a UTF-8 offset; nil inside a scalar or between a CR LF's two bytes.
    func position(ofUTF8 offset: Int) -> LSPPosition? {
        let all = scalars
        var line = 0, character = 0
        var k = 0
        while k < all.count, all[k].offset < offset {
            let s = all[k].scalar
            if s == "\r", k + 1 < all.count, all[k + 1].scalar == "\n" {
                if all[k + 1].offset == offset { return nil }
                line += 1; character = 0; k += 2
                continue
            }
            if s == "\n" || s == "\r" { line += 1; character = 0 } else { character += s.utf16.count }
            k += 1
        }
        let at = k < all.count ? all[k].offset : text.utf8.count
        return at == offset ? LSPPosition(line: line, character: character) : nil
    }

    /// The UTF-8 offset of a position, clamped as the specification says:
    /// past a line's end is its end, past the last line the text's end; a
    /// character inside a surrogate pair is the pair's start.
    func offset(of position: LSPPosition) -> Int {
        let all = scalars
        var k = 0, line = 0
        while line < position.line {
            guard k < all.count else { return text.utf8.count }
            let s = all[k].scalar
            k += (s == "\r" && k + 1 < all.count && all[k + 1].scalar == "\n") ? 2 : 1
            if s == "\n" || s == "\r" { line += 1 }
        }
        var units = 0
        while k < all.count, all[k].scalar != "\n", all[k].scalar != "\r" {
            let width = all[k].scalar.utf16.count
            if units + width > position.character { break }
            units += width
            k += 1
        }
        return k < all.count ? all[k].offset : text.utf8.count
    }

    private mutating func replace(_ start: Int, _ end: Int, with newText: String) {
        var bytes = Array(text.utf8)
        bytes.replaceSubrange(start..<end, with: Array(newText.utf8))
        text = String(decoding: bytes, as: UTF8.self)
    }

    /// Applies edits the way a client applies a server's `TextEdit[]`
    /// (all relative to the text before any of them; they do not overlap).
    mutating func apply(edits: [JSONValue]) {
        let ranges = edits.map { (LSPRange($0["range"])!, $0["newText"]!.string!) }
            .map { (offset(of: $0.0.start), offset(of: $0.0.end), $0.1) }
            .sorted { $0.0 > $1.0 }
        for (start, end, newText) in ranges { replace(start, max(start, end), with: newText) }
    }

    /// Applies one `didChange` content change (relative to the text as it is now).
    mutating func apply(change range: LSPRange, _ newText: String) {
        let start = offset(of: range.start), end = max(start, offset(of: range.end))
        replace(start, end, with: newText)
    }
}
