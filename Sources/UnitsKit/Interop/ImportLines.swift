/// The lines an import appends, not yet copied out: the builder's buffers
/// and the sorted keys that order them. Written once into the bytes
/// appended, aligned as the printer aligns them (`EntryAlignment`).
struct ImportLines: Sendable {
    /// `; imported from SOURCE` and its line feed.
    var header: [UInt8] = []
    /// Entry and other lines (`ImportBuilder.Item` ranges with rank 1).
    var buffer: [UInt8] = []
    /// Declarations with their attribute lines (rank 0).
    var declarations: [UInt8] = []
    var lines: [ImportBuilder.Item] = []
    var declared: [ImportBuilder.Item] = []
    /// Output order: rank in bit 31 (0: `declared`, 1: `lines`), index in the low 31 bits.
    var keys: [UInt64] = []
    /// Where a declaration's attribute lines start in `declarations`, by its index in `declared`.
    var attributeStarts: [Int: Int] = [:]

    var isEmpty: Bool { keys.isEmpty }

    private func item(_ key: UInt64) -> ImportBuilder.Item {
        key >> 31 & 1 == 0 ? declared[Int(key & 0x7FFF_FFFF)] : lines[Int(key & 0x7FFF_FFFF)]
    }

    /// `prefix`, then every line in order, each ending in a line feed;
    /// with `aligned`, laid out as the printer lays out its blocks.
    func write(prefix: [UInt8] = [], aligned: Bool) -> [UInt8] {
        guard !keys.isEmpty else { return prefix }
        var out: [UInt8] = []
        out.reserveCapacity(prefix.count + header.count + buffer.count + declarations.count + keys.count * (aligned ? 24 : 1) + 64)
        out += prefix
        out += header
        // A comment above a run of declarations is written once.
        var lastComment: ArraySlice<UInt8>?
        var k = 0
        while k < keys.count {
            let first = item(keys[k])
            if first.isEntry {
                var end = k
                var alignment = EntryAlignment()
                while end < keys.count {
                    let line = item(keys[end])
                    guard line.isEntry else { break }
                    if aligned { alignment.measure(buffer[line.start..<line.end]) }
                    end += 1
                }
                for j in k..<end {
                    let line = item(keys[j])
                    if aligned {
                        alignment.write(buffer[line.start..<line.end], to: &out)
                    } else {
                        out += buffer[line.start..<line.end]
                        out.append(ASCII.lf)
                    }
                }
                lastComment = nil
                k = end
                continue
            }
            let isDeclaration = keys[k] >> 31 & 1 == 0
            var line = isDeclaration ? declarations[first.start..<first.end] : buffer[first.start..<first.end]
            if isDeclaration, line.starts(with: [0x3B, 0x20]), let newline = line.firstIndex(of: ASCII.lf) {
                let comment = line[..<newline]
                if let lastComment, comment.elementsEqual(lastComment) { line = line[(newline + 1)...] }
                lastComment = comment
            } else {
                lastComment = nil
            }
            if aligned, isDeclaration, let attributes = attributeStarts[Int(keys[k] & 0x7FFF_FFFF)], attributes > line.startIndex {
                out += line[..<attributes]
                var withEnding = line[attributes...]
                withEnding.append(ASCII.lf)
                EntryAlignment.alignAttributes(withEnding, to: &out)
            } else {
                out += line
                out.append(ASCII.lf)
            }
            k += 1
        }
        return out
    }
}
