/// Where a write's lines go and how they are laid out, by the formatter's
/// printer, so a write and `units-fmt` share one layout (Grammar/formatting.md,
/// "Writes keep a canonical journal canonical", steps 1 and 2).
enum WriteLayout {
    /// Where `change` goes in the file of `tree`.
    static func edit(for change: JournalChange, in tree: SyntaxTree) -> LineEdit {
        let lines = tree.lines
        switch change.placement {
        case .replace(let range):
            return LineEdit(range: range, lines: change.lines)
        case .end:
            return appendAtEnd(change, tree)
        case .dateOrder:
            guard let date = change.lines.first.flatMap(leadingDate) else { return appendAtEnd(change, tree) }
            // The last dated line on or before `date`, scanning from the end
            // (a write of today stops at once); is any later line after it?
            var later = false
            var k = lines.count - 1
            while k >= 0 {
                // A plan (a pause for next month) stands anywhere: a line of
                // today goes after it, as it would when appended by hand.
                if lines[k].kind.isPlan { k -= 1; continue }
                if let lineDate = Self.date(of: lines[k], in: tree) {
                    if lineDate <= date { break }
                    later = true
                }
                k -= 1
            }
            guard later else { return appendAtEnd(change, tree) }
            let index = position(after: k >= 0 ? k : nil, in: tree)
            var new = change.lines
            if change.separated {
                if index > 0, lines[index - 1].kind != .blank { new.insert("", at: 0) }
                if index < lines.count, lines[index].kind != .blank { new.append("") }
            }
            return LineEdit(range: index..<index, lines: new)
        }
    }

    /// Where a dated line goes that a later line follows: after `k` (the last
    /// dated line on or before its date) and its attribute lines; with no
    /// such line, before the first dated line and what leads into it.
    static func position(after k: Int?, in tree: SyntaxTree) -> Int {
        let lines = tree.lines
        guard let k else {
            var index = lines.firstIndex { $0.kind.isDated } ?? lines.count
            while index > 0, lines[index - 1].kind == .comment || lines[index - 1].kind == .blank { index -= 1 }
            return index
        }
        return attributesEnd(after: k, in: lines)
    }

    /// The index just past the attribute lines (and comments among them) after `index`.
    static func attributesEnd(after index: Int, in lines: LineList) -> Int {
        var end = index + 1, scan = index + 1
        while scan < lines.count, lines[scan].kind == .attribute || lines[scan].kind == .comment {
            scan += 1
            if lines[scan - 1].kind == .attribute { end = scan }
        }
        return end
    }

    /// The date-order places of many lines in one file (an import): where
    /// `edit(for:in:)` would insert a line of a date, nil to append it.
    struct DatePlaces {
        let tree: SyntaxTree
        /// The dated lines, in file order, and the earliest date from each on.
        var indexes: [Int] = []
        var earliestFrom: [CivilDate] = []

        init(_ tree: SyntaxTree) {
            self.tree = tree
            var dates: [CivilDate] = []
            for (index, line) in tree.lines.enumerated() {
                if let date = WriteLayout.date(of: line, in: tree) { indexes.append(index); dates.append(date) }
            }
            earliestFrom = dates
            for i in stride(from: dates.count - 2, through: 0, by: -1) { earliestFrom[i] = min(dates[i], earliestFrom[i + 1]) }
        }

        func place(_ date: CivilDate) -> Int? {
            // The last dated line on or before `date`: the last i whose
            // earliest-from is on or before it (they never decrease).
            var lo = 0, hi = earliestFrom.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if earliestFrom[mid] <= date { lo = mid + 1 } else { hi = mid }
            }
            let last = lo - 1
            if last == indexes.count - 1 { return nil }   // no later line: appended
            return WriteLayout.position(after: last >= 0 ? indexes[last] : nil, in: tree)
        }
    }

    static func appendAtEnd(_ change: JournalChange, _ tree: SyntaxTree) -> LineEdit {
        let count = tree.lines.count
        var new = change.lines
        if change.separated, count > 0, !AppendPlan.endsWithBlankLine(tree.file.bytes) { new.insert("", at: 0) }
        return LineEdit(range: count..<count, lines: new)
    }

    /// The date a line starts with (`2025-12-14 ...`), if any.
    static func leadingDate(_ line: String) -> CivilDate? {
        let bytes = Array(line.utf8)
        let end = bytes.firstIndex(where: { $0 == 0x20 || $0 == 0x09 }) ?? bytes.count
        if case .valid(let date) = DateLexeme.parse(bytes[0..<end]) { return date }
        return nil
    }

    static func date(of line: SyntaxLine, in tree: SyntaxTree) -> CivilDate? {
        guard line.kind.isDated, let token = tree.firstToken(of: line) else { return nil }
        guard token.kind == .date, case .valid(let date) = DateLexeme.parse(tree.bytes(token)) else { return nil }
        return date
    }

    /// The file's bytes with `edit` applied and laid out, or the parse
    /// errors of the new lines, or the self-check's complaint. Only the
    /// blocks around the edit and the line before them are parsed and printed.
    static func build(_ edit: LineEdit, in tree: SyntaxTree) -> Result<[UInt8], AppendFailure> {
        let source = tree.file.bytes
        let ending = AppendPlan.lineEnding(of: source)
        let lines = tree.lines
        func inBlock(_ kind: LineKind) -> Bool { kind == .entry || kind == .attribute || kind == .comment }
        var low = min(edit.range.lowerBound, lines.count)
        while low > 0, inBlock(lines[low - 1].kind) { low -= 1 }
        if low > 0 { low -= 1 }
        var high = edit.range.upperBound
        while high < lines.count, inBlock(lines[high].kind) { high += 1 }
        let contextStart = low < lines.count ? Int(lines[low].start) : source.count
        let contextEnd = high > low && high <= lines.count ? Int(lines[high - 1].end) : contextStart
        let start = edit.range.lowerBound < lines.count ? Int(lines[edit.range.lowerBound].start) : source.count
        let end = edit.range.isEmpty ? start : Int(lines[edit.range.upperBound - 1].end)
        var context: [UInt8] = Array(source[contextStart..<start])
        if start == source.count, let last = source.last, last != AppendPlan.lf, !edit.lines.isEmpty { context += ending }
        for line in edit.lines {
            context += Array(line.utf8)
            context += ending
        }
        context += source[end..<max(end, contextEnd)]
        let raw = Parser.parse(SourceFile(path: tree.file.path, bytes: context))
        let errors = raw.diagnostics.filter { $0.severity == .error }
        if !errors.isEmpty { return .failure(.wouldBreak(errors)) }
        let first = edit.range.lowerBound - low
        let laid = layOut(raw, added: first..<(first + edit.lines.count))
        if let problem = FormatCheck.problem(input: raw, output: laid) {
            return .failure(.wouldBreak([Diagnostic(.error, rule: "layout", "laying out the new lines would change the journal: \(problem); nothing was written (please report this)", path: tree.file.path)]))
        }
        var out: [UInt8] = []
        out.reserveCapacity(source.count + laid.count - (max(end, contextEnd) - contextStart))
        out += source[0..<contextStart]
        out += laid
        out += source[max(end, contextEnd)...]
        return .success(out)
    }

    /// Lays out the `added` lines of `tree` with the printer (and re-prints
    /// the block they joined when it was canonical without them).
    static func layOut(_ tree: SyntaxTree, added: Range<Int>) -> [UInt8] {
        let lines = tree.lines
        let source = tree.file.bytes
        let ending = AppendPlan.lineEnding(of: source)
        let isLF = ending == [AppendPlan.lf]
        var printer = CanonicalPrinter(tree: tree)
        var splices: [(range: Range<Int>, bytes: [UInt8])] = []
        // Blocks are runs of lines and `added` ascends: a line below the end
        // of the last block laid out is in it (an import adds 600k lines).
        var coveredEnd = 0
        for index in added where index >= coveredEnd && index < lines.count {
            let block = self.block(around: index, in: lines)
            coveredEnd = block.last! + 1
            let old = block.filter { !added.contains($0) }
            let reprint = old.isEmpty || isCanonical(old, tree: tree, printer: &printer)
            let targets = reprint ? [block] : block.filter { added.contains($0) }.map { [$0] }
            for group in targets {
                let range = Int(lines[group.first!].start)..<Int(lines[group.last!].end)
                // Lines already as the printer prints them are left in place.
                let printed = printer.printBlock(group)
                if isLF, lines[group.last!].hasLineEnding, SystemBytes.equal(printed[...], source[range]) { continue }
                splices.append((range, withEnding(printed, ending, keepFinal: lines[group.last!].hasLineEnding)))
            }
        }
        // A line that is not an entry inserted into a run of entries splits it:
        // when the run was canonical as one block, each part is re-printed.
        if let lo = added.first, let hi = added.last, lo > 0, hi + 1 < lines.count,
           lines[lo - 1].kind == .entry, lines[hi + 1].kind == .entry,
           !added.contains(where: { lines[$0].kind == .entry }) {
            let above = block(around: lo - 1, in: lines), below = block(around: hi + 1, in: lines)
            if isCanonical(above + below, tree: tree, printer: &printer) {
                for part in [above, below] {
                    let range = Int(lines[part.first!].start)..<Int(lines[part.last!].end)
                    splices.append((range, withEnding(printer.printBlock(part), ending, keepFinal: lines[part.last!].hasLineEnding)))
                }
            }
        }
        return spliced(source, splices)
    }

    /// `after` is `old`'s file with some lines' words edited in place (a rename):
    /// each block with an edited line that was canonical in `old` is re-printed.
    static func relayout(old: SyntaxTree, after: [UInt8]) -> [UInt8] {
        let new = Parser.parse(SourceFile(path: old.file.path, bytes: after))
        guard new.lines.count == old.lines.count,
              !new.diagnostics.contains(where: { $0.severity == .error }) else { return after }
        let ending = AppendPlan.lineEnding(of: after)
        var oldPrinter = CanonicalPrinter(tree: old), newPrinter = CanonicalPrinter(tree: new)
        var splices: [(range: Range<Int>, bytes: [UInt8])] = []
        var covered = Set<Int>()
        for index in 0..<new.lines.count where !covered.contains(index) {
            let a = old.lines[index], b = new.lines[index]
            guard a.kind == b.kind, a.kind == .entry || a.kind == .attribute,
                  !old.file.bytes[Int(a.start)..<Int(a.contentEnd)].elementsEqual(after[Int(b.start)..<Int(b.contentEnd)]) else { continue }
            let block = self.block(around: index, in: new.lines)
            block.forEach { covered.insert($0) }
            guard block == self.block(around: index, in: old.lines), isCanonical(block, tree: old, printer: &oldPrinter) else { continue }
            let range = Int(new.lines[block.first!].start)..<Int(new.lines[block.last!].end)
            splices.append((range, withEnding(newPrinter.printBlock(block), ending, keepFinal: true)))
        }
        return spliced(after, splices)
    }

    /// `bytes` with each splice's range replaced by its bytes (ranges of `bytes`, not overlapping).
    static func spliced(_ bytes: [UInt8], _ splices: [(range: Range<Int>, bytes: [UInt8])]) -> [UInt8] {
        var out = bytes
        for splice in splices.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
            out.replaceSubrange(splice.range, with: splice.bytes)
        }
        return out
    }

    /// The line indexes of the block the line at `index` belongs to, as the
    /// printer groups lines (any line but an entry or attribute alone).
    static func block(around index: Int, in lines: LineList) -> [Int] {
        switch lines[index].kind {
        case .entry:
            var low = index, high = index + 1
            while low > 0, lines[low - 1].kind == .entry { low -= 1 }
            while high < lines.count, lines[high].kind == .entry { high += 1 }
            return Array(low..<high)
        case .attribute:
            var low = index
            var scan = index - 1
            while scan >= 0, lines[scan].kind == .attribute || lines[scan].kind == .comment {
                if lines[scan].kind == .attribute { low = scan }
                scan -= 1
            }
            return Array(low..<attributesEnd(after: index, in: lines))
        default:
            return [index]
        }
    }

    /// Whether these lines, printed as one block, are what the file holds.
    static func isCanonical(_ indices: [Int], tree: SyntaxTree, printer: inout CanonicalPrinter) -> Bool {
        let printed = printer.printBlock(indices)
        var expected: [UInt8] = []
        for index in indices {
            let line = tree.lines[index]
            guard line.hasLineEnding else { return false }
            expected += tree.file.bytes[Int(line.start)..<Int(line.contentEnd)]
            expected.append(AppendPlan.lf)
        }
        return printed == expected
    }

    static func withEnding(_ printed: [UInt8], _ ending: [UInt8], keepFinal: Bool) -> [UInt8] {
        // A fresh array of its own size: the printer's has a whole block's capacity.
        var out: [UInt8] = []
        out.reserveCapacity(printed.count + 8)
        for b in printed {
            if b == AppendPlan.lf { out += ending } else { out.append(b) }
        }
        if !keepFinal, out.count >= ending.count { out.removeLast(ending.count) }
        return out
    }
}
