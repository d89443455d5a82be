/// `units-fmt --sort`: the lines of one file in date order, stably, losing
/// nothing (formatting.md, "Sorting"): records (a dated line with its
/// attributes and the comments above it) sorted by date, on each side of
/// an undated line (`include`, `option`), which stays where it is.
public enum DateSort {
    /// The file's bytes with its records in date order (a last line without
    /// a line ending gets one), or nil when they are in order already.
    public static func sorted(_ tree: SyntaxTree) -> [UInt8]? {
        let lines = tree.lines, bytes = tree.file.bytes
        struct Record { var date: CivilDate; var lines: Range<Int> }
        var out: [Range<Int>] = []          // line ranges, in output order
        var segment: [Record] = []
        var moved = false
        var index = 0
        // Lines before the first dated line stay first.
        while index < lines.count, !lines[index].kind.isDated { index += 1 }
        out.append(0..<index)
        func flush() {
            let order = segment.indices.sorted { (segment[$0].date, $0) < (segment[$1].date, $1) }
            if order != Array(segment.indices) { moved = true }
            for k in order { out.append(segment[k].lines) }
            segment.removeAll()
        }
        var leading = index              // where the comments leading into the next record start
        while index < lines.count {
            let kind = lines[index].kind
            if kind.isDated {
                // A dated line whose date does not read (refused by the caller): kept.
                guard let date = WriteLayout.date(of: lines[index], in: tree) else {
                    flush(); out.append(leading..<(index + 1)); index += 1; leading = index; continue
                }
                var end = index + 1
                // Its attribute lines, with the comments and blanks among them.
                var scan = end
                while scan < lines.count, lines[scan].kind == .attribute || lines[scan].kind == .comment || lines[scan].kind == .blank {
                    scan += 1
                    if lines[scan - 1].kind == .attribute { end = scan }
                }
                segment.append(Record(date: date, lines: leading..<end))
                index = end
                leading = end
            } else if kind == .comment || kind == .blank || kind == .attribute {
                index += 1
            } else {
                flush()
                out.append(leading..<(index + 1))
                index += 1
                leading = index
            }
        }
        flush()
        out.append(leading..<lines.count)
        guard moved else { return nil }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 1)
        for range in out {
            for k in range {
                let line = lines[k]
                result += bytes[Int(line.start)..<Int(line.end)]
                if !line.hasLineEnding { result.append(AppendPlan.lf) }
            }
        }
        return result
    }

    /// Whether `after` holds exactly the lines of `before`, blank lines and
    /// line endings aside: a sort moves lines, never loses or changes one.
    public static func sameLines(_ before: [UInt8], _ after: [UInt8]) -> Bool {
        func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
            bytes.split(separator: AppendPlan.lf, omittingEmptySubsequences: true)
                .map { $0.last == 0x0D ? $0.dropLast() : $0 }
                .filter { !$0.allSatisfy { $0 == 0x20 || $0 == 0x09 } }
                .sorted { $0.lexicographicallyPrecedes($1) }
        }
        return lines(before) == lines(after)
    }
}
