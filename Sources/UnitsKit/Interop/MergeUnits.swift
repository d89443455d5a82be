/// Which version a unit of the merged journal comes from.
enum MergeSide: Sendable { case base, ours, theirs }

/// One unit of a journal as the merge compares them (`format.md` 22): a
/// declaration with its attribute lines (and the comments among them), or
/// any other single line. `key` is the canonical form (each line as the
/// printer writes it alone, LF-separated), so spacing, alignment, date
/// spelling and line endings never make two units differ.
struct MergeUnit: Sendable {
    /// Each line's content, without its line ending.
    var lines: [ArraySlice<UInt8>]
    var key: [UInt8]
    /// The date of a dated head line.
    var date: CivilDate?
    var kind: LineKind
    var side: MergeSide

    /// The unit's text with LF line endings.
    var text: [UInt8] {
        var out: [UInt8] = []
        for line in lines { out += line; out.append(ASCII.lf) }
        return out
    }

    /// Whether two units have the same raw bytes (line endings aside).
    func sameBytes(as other: MergeUnit) -> Bool {
        lines.count == other.lines.count && zip(lines, other.lines).allSatisfy { $0.elementsEqual($1) }
    }

    /// This unit re-read from new text (a rename rewrote it).
    static func reading(_ text: [UInt8], side: MergeSide) -> MergeUnit? {
        let units = MergeUnits.split(text[...], side: side)
        return units.count == 1 ? units[0] : nil
    }
}

enum MergeUnits {
    /// The units of one version's window.
    static func split(_ bytes: ArraySlice<UInt8>, side: MergeSide) -> [MergeUnit] {
        let source = Array(bytes)
        let tree = Parser.parse(SourceFile(path: "<merge>", bytes: source))
        var printer = CanonicalPrinter(tree: tree)
        let indices = tree.lines.indices.filter { tree.lines[$0].end > tree.lines[$0].start }
        let lines = indices.map { tree.lines[$0] }
        var units: [MergeUnit] = []
        var index = 0
        while index < lines.count {
            // A declaration takes the attribute lines under it, and the
            // comment lines among them (not comments after the last one).
            var end = index + 1
            if lines[index].kind == .habit || lines[index].kind == .group {
                var scan = index + 1
                while scan < lines.count, lines[scan].kind == .attribute || lines[scan].kind == .comment {
                    scan += 1
                    if lines[scan - 1].kind == .attribute { end = scan }
                }
            }
            var unit = MergeUnit(lines: [], key: [], date: nil, kind: lines[index].kind, side: side)
            for k in index..<end {
                let line = lines[k]
                let content = source[Int(line.start)..<Int(line.contentEnd)]
                unit.lines.append(content)
                if k > index { unit.key.append(ASCII.lf) }
                unit.key += canonical(indices[k], content, tree: tree, printer: &printer)
            }
            unit.date = date(of: lines[index], in: tree)
            units.append(unit)
            index = end
        }
        return units
    }

    /// A line as the printer writes it on its own; a line that does not
    /// parse is compared by its bytes without trailing white space.
    static func canonical(_ index: Int, _ content: ArraySlice<UInt8>, tree: SyntaxTree, printer: inout CanonicalPrinter) -> [UInt8] {
        switch tree.lines[index].kind {
        case .invalid:
            var trimmed = content
            while let last = trimmed.last, ASCII.isSpace(last) { trimmed = trimmed.dropLast() }
            return Array(trimmed)
        case .blank:
            return []
        default:
            var printed = printer.printBlock([index])
            if printed.last == ASCII.lf { printed.removeLast() }
            return printed
        }
    }

    static func date(of line: SyntaxLine, in tree: SyntaxTree) -> CivilDate? {
        guard line.kind.isDated, line.tokenCount > 0 else { return nil }
        let token = tree.tokens[Int(line.firstToken)]
        guard token.kind == .date, case .valid(let date) = DateLexeme.parse(tree.bytes(token)) else { return nil }
        return date
    }
}
