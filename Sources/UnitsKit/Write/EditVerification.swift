/// A quick proof that a write of entry lines (a `units log`, a backfill)
/// adds no lint finding, deciding exactly as `JournalWrite.fullVerify` would
/// (`EditVerificationTests` compares both on thousands of writes).
///
/// Exact because an inserted entry line changes other lines' findings only
/// through rules comparing entries with entries or the lines above (checked
/// here); the others are run on a small journal of the non-entry lines,
/// without and with the new lines.
enum EditVerification {
    /// True when `after` surely adds no lint finding and no error; false: build and lint.
    static func addsNothing(_ after: [UInt8], before journal: Journal, path: String, today: CivilDate?) -> Bool {
        guard journal.files.count == 1, !journal.diagnostics.contains(where: { $0.severity == .error }) else { return false }
        let tree = journal.files[0]
        let old = tree.file.bytes
        guard after.count > old.count, !SystemBytes.contains(old, Array("units-lint".utf8)), tree.byteOrderMarkLength == 0 else { return false }
        let lines = tree.lines
        // The changed lines: old lines low..<high became after's bytes
        // regionStart..<regionEnd (whole lines of both).
        let prefix = SystemBytes.commonPrefix(old[...], after[...])
        let low = prefix >= old.count ? lines.count : tree.lineIndex(containing: prefix)
        let regionStart = low < lines.count ? Int(lines[low].start) : old.count
        let suffix = SystemBytes.commonSuffix(old[regionStart...], after[regionStart...])
        // Every old line that starts before the common suffix changed.
        var high = low
        while high < lines.count, Int(lines[high].start) < old.count - suffix { high += 1 }
        let oldEnd = high > 0 && high > low ? Int(lines[high - 1].end) : regionStart
        let regionEnd = after.count - (old.count - oldEnd)
        guard regionEnd > regionStart, after[regionEnd - 1] == AppendPlan.lf else { return false }
        guard (low..<high).allSatisfy({ lines[$0].kind == .entry }) else { return false }
        let region = Parser.parse(SourceFile(path: path, bytes: Array(after[regionStart..<regionEnd])))
        guard region.diagnostics.isEmpty, region.lines.allSatisfy({ $0.kind == .entry }) else { return false }
        // Old lines re-printed around the new ones: the same tokens by value.
        let oldCount = high - low, added = region.lines.count - oldCount
        guard added > 0 else { return false }
        var p = 0
        while p < oldCount, FormatCheck.sameMeaning(lines[low + p], tree, region.lines[p], region) { p += 1 }
        for k in p..<oldCount where !FormatCheck.sameMeaning(lines[low + k], tree, region.lines[k + added], region) { return false }
        let insertion = low + p
        let new = p..<(p + added)
        // An entry line ends a declaration's attribute lines: never put one
        // between a declaration and its attributes.
        if insertion < lines.count, lines[insertion].kind == .attribute || lines[insertion].kind == .comment,
           insertion == 0 || lines[insertion - 1].kind != .entry { return false }
        // date-order: the new lines, in order, between the latest date above and the next date below.
        guard datesFit(new, of: region, at: insertion, in: tree) else { return false }
        // Every other rule, on the journal's non-entry lines, with and without the new ones.
        var without: [UInt8] = [], with: [UInt8] = []
        without.reserveCapacity(4096); with.reserveCapacity(4096)
        var newLines: Range<Int> = 0..<0
        for index in 0...lines.count {
            if index == insertion {
                let first = with.reduce(0) { $0 + ($1 == AppendPlan.lf ? 1 : 0) }
                for k in new {
                    with += region.file.bytes[Int(region.lines[k].start)..<Int(region.lines[k].end)]
                }
                newLines = first..<(first + added)
            }
            guard index < lines.count, lines[index].kind != .entry else { continue }
            let line = lines[index]
            let bytes = old[Int(line.start)..<Int(line.end)]
            without += bytes; with += bytes
            if !line.hasLineEnding { without.append(AppendPlan.lf); with.append(AppendPlan.lf) }
        }
        let configuration = LintConfiguration(today: today ?? CivilDate.maximum)
        let small = Journal(file: SourceFile(path: path, bytes: with), loader: .memory([:]))
        let smallBefore = Journal(file: SourceFile(path: path, bytes: without), loader: .memory([:]))
        guard !small.diagnostics.contains(where: { $0.severity == .error }) else { return false }
        var counts: [String: Int] = [:]
        for d in Linter.lint(smallBefore, configuration: configuration) where d.rule != "date-order" { counts[d.rule, default: 0] += 1 }
        for d in Linter.lint(small, configuration: configuration) where d.rule != "date-order" {
            counts[d.rule, default: 0] -= 1
            if counts[d.rule]! < 0 { return false }
        }
        // duplicate-check-in, negative-day-total: no other entry of a
        // check habit on the day of a new one, no negative value.
        let newEntries = small.entries.filter { newLines.contains(Int($0.source.line)) && $0.source.file == 0 }
        guard newEntries.count == added else { return false }
        var days: Set<Int64> = []
        for entry in newEntries {
            if entry.units.isNegative { return false }
            let habit = small.habits[Int(entry.habit)]
            if habit.kind == .count && !habit.isGroup { continue }
            guard let id = journal.habitID(named: habit.name) else { return false }
            days.insert(Int64(id) << 32 | Int64(UInt32(bitPattern: entry.date.dayNumber)))
        }
        if !days.isEmpty {
            let entries = journal.entries
            for k in 0..<entries.count where days.contains(Int64(entries.habit(at: k)) << 32 | Int64(UInt32(bitPattern: entries.date(at: k).dayNumber))) {
                return false
            }
        }
        return true
    }

    /// Whether the new lines' dates do not go down and lie between the latest
    /// date above them and the first below (`date-order` finds nothing new).
    static func datesFit(_ new: Range<Int>, of region: SyntaxTree, at insertion: Int, in tree: SyntaxTree) -> Bool {
        var latest: Int32 = 0
        // Plans (pauses, seasons) are not in date order's reckoning.
        for index in 0..<insertion where !tree.lines[index].kind.isPlan {
            if let date = tree.date(of: tree.lines[index]), date.key > latest { latest = date.key }
        }
        for k in new {
            guard let date = region.date(of: region.lines[k]), date.key >= latest else { return false }
            latest = date.key
        }
        for index in insertion..<tree.lines.count where !tree.lines[index].kind.isPlan {
            if let date = tree.date(of: tree.lines[index]) { return date.key >= latest }
        }
        return true
    }
}
