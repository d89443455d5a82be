extension CanonicalPrinter {
    /// Whether `printBlock(indices)` would print exactly `bytes[range]`
    /// (line feeds as line endings), without printing the whole block
    /// into one buffer: a run of entry lines is measured once, then
    /// printed and compared a few thousand lines at a time, stopping at
    /// the first difference. Why: a large import checks that its lines
    /// are already as the printer prints them; printing them all at once
    /// would fault in a second buffer the size of the block. Any other block is
    /// printed whole and compared.
    mutating func printsAs(_ indices: [Int], _ bytes: [UInt8], _ range: Range<Int>) -> Bool {
        guard let first = indices.first, tree.lines[first].kind == .entry, indices.count > 4096,
              indices.allSatisfy({ tree.lines[$0].kind == .entry }) else {
            let printed = printBlock(indices)
            return printed.count == range.count && printed.elementsEqual(bytes[range])
        }
        var widths = EntryWidths()
        for index in indices { measureEntry(tree.tokens(of: tree.lines[index]), into: &widths) }
        var at = range.lowerBound
        var k = 0
        while k < indices.count {
            out.removeAll(keepingCapacity: true)
            let end = min(k + 4096, indices.count)
            for index in indices[k..<end] { writeEntryLine(tree.tokens(of: tree.lines[index]), widths) }
            guard out.count <= range.upperBound - at, out.bytesEqual(0..<out.count, bytes, at: at) else { return false }
            at += out.count
            k = end
        }
        return at == range.upperBound
    }
}
