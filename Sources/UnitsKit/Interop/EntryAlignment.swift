/// The columns of a run of imported entry lines (`DATE NAME VALUE [#tags]
/// [; note]`, as `ImportBuilder` writes them) padded as the printer pads an
/// entry block, so `WriteLayout.layOut` finds them laid out already; a line
/// of another shape is left for the printer.
struct EntryAlignment {
    private var nameWidth = 0
    /// The widest "VALUE #tags" of a line with a note (-1: none).
    private var restWidth = -1

    /// Where the words of an entry line are: the name, the rest, the note.
    private struct Parts {
        var nameStart: Int, nameEnd: Int, restEnd: Int, noteStart: Int?
        var nameWidth: Int, restWidth: Int
    }

    private static func parts(_ line: ArraySlice<UInt8>) -> Parts? {
        guard let dateEnd = line.firstIndex(of: ASCII.space) else { return nil }
        let nameStart = dateEnd + 1
        guard nameStart < line.endIndex, let nameEnd = line[nameStart...].firstIndex(of: ASCII.space), nameEnd > nameStart else { return nil }
        var restEnd = line.endIndex
        var noteStart: Int?
        if let semicolon = line[nameEnd...].firstIndex(of: 0x3B) {
            guard line[semicolon - 1] == ASCII.space else { return nil }
            restEnd = semicolon - 1
            noteStart = semicolon
        }
        guard restEnd > nameEnd + 1 else { return nil }
        let rest = line[(nameEnd + 1)..<restEnd]
        let restWidth = rest.allSatisfy({ $0 < 0x80 }) ? rest.count : DisplayWidth.of(utf8: rest)
        return Parts(nameStart: nameStart, nameEnd: nameEnd, restEnd: restEnd, noteStart: noteStart,
                     nameWidth: DisplayWidth.of(utf8: line[nameStart..<nameEnd]), restWidth: restWidth)
    }

    /// Widens the columns to fit one line.
    mutating func measure(_ line: ArraySlice<UInt8>) {
        guard let parts = Self.parts(line) else { return }
        nameWidth = max(nameWidth, parts.nameWidth)
        if parts.noteStart != nil { restWidth = max(restWidth, parts.restWidth) }
    }

    /// Appends one measured line, padded, and its line feed.
    func write(_ line: ArraySlice<UInt8>, to out: inout [UInt8]) {
        guard let parts = Self.parts(line) else {
            out.append(contentsOf: line); out.append(ASCII.lf); return
        }
        out.append(contentsOf: line[line.startIndex..<parts.nameEnd])
        Self.pad(nameWidth - parts.nameWidth + 1, &out)
        out.append(contentsOf: line[(parts.nameEnd + 1)..<parts.restEnd])
        if let noteStart = parts.noteStart {
            Self.pad(restWidth - parts.restWidth + 1, &out)
            out.append(contentsOf: line[noteStart..<line.endIndex])
        }
        out.append(ASCII.lf)
    }

    /// Appends a declaration's attribute lines (`  key: value`) with their
    /// values in one column, as the printer does; as they are when one has
    /// a comment or another shape.
    static func alignAttributes(_ lines: ArraySlice<UInt8>, to out: inout [UInt8]) {
        var parts: [(line: ArraySlice<UInt8>, colon: Int, value: Int)] = []
        var aligned = true
        // (`lines` ends with its last line's line feed.)
        for line in lines.dropLast().split(separator: ASCII.lf, omittingEmptySubsequences: false) {
            guard line.count > 2, line[line.startIndex] == ASCII.space, line[line.startIndex + 1] == ASCII.space,
                  !line.contains(0x3B), let colon = line.firstIndex(of: ASCII.colon), colon > line.startIndex + 2 else { aligned = false; break }
            var value = colon + 1
            while value < line.endIndex, line[value] == ASCII.space { value += 1 }
            guard value < line.endIndex else { aligned = false; break }
            parts.append((line, colon, value))
        }
        guard aligned else { out.append(contentsOf: lines); return }
        let width = parts.map { $0.colon - ($0.line.startIndex + 2) }.max() ?? 0
        for part in parts {
            out.append(contentsOf: part.line[part.line.startIndex...part.colon])
            pad(width - (part.colon - (part.line.startIndex + 2)) + 1, &out)
            out.append(contentsOf: part.line[part.value..<part.line.endIndex])
            out.append(ASCII.lf)
        }
    }

    private static func pad(_ count: Int, _ out: inout [UInt8]) {
        for _ in 0..<max(1, count) { out.append(ASCII.space) }
    }
}
