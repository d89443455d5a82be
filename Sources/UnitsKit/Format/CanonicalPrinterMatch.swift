extension CanonicalPrinter {
    /// Whether `printBlock(indices)` would print exactly `bytes[range]`
    /// (line feeds as line endings), without printing the whole block
    /// into one buffer: a run of entry lines is measured once, then
    /// printed and compared a few thousand lines at a time, stopping at
    /// the first difference. Why: a 600k-line import checks that its
    /// lines are already as the printer prints them; printing them all
    /// at once faulted in a second 18 MB buffer. Any other block is
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
        return bytes.withUnsafeBufferPointer { all in
            while k < indices.count {
                out.removeAll(keepingCapacity: true)
                let end = min(k + 4096, indices.count)
                for index in indices[k..<end] { writeEntryLine(tree.tokens(of: tree.lines[index]), widths) }
                guard out.count <= range.upperBound - at,
                      out.withUnsafeBufferPointer({ SystemBytes.equal($0.baseAddress!, all.baseAddress! + at, count: $0.count) }) else { return false }
                at += out.count
                k = end
            }
            return at == range.upperBound
        }
    }
}
