/// "Never a clean merge that does not lint" (`format.md` 22): the merged
/// middle is linted together with the journal's structure (every line of
/// the shared start and end but entries and blank lines, which cannot
/// make a finding appear in the middle that the sides did not have), and
/// compared with each side linted the same way. A finding that neither
/// side had is resolved where the meaning is certain:
///
/// - a unit added identically on both sides (a declaration, a task, a
///   `done`, a check-in) is kept once;
/// - the same task completed on both sides on two dates is completed once,
///   on the earlier date;
///
/// and otherwise the units in dispute are put between conflict markers.
/// Before that, a rename on one side (`units rename`) is carried over to
/// the lines the other side added under the old name.
struct MergeCheck {
    private let head: [UInt8]
    private let tail: [UInt8]
    private var oursJournal: Journal?
    private var theirsJournal: Journal?
    private let ours: [MergeUnit], theirs: [MergeUnit]
    private(set) var resolutions: [String] = []

    init(prefix: ArraySlice<UInt8>, suffix: ArraySlice<UInt8>, ours: [MergeUnit], theirs: [MergeUnit]) {
        head = MergeWindow.structure(prefix)
        tail = MergeWindow.structure(suffix)
        self.ours = ours
        self.theirs = theirs
    }

    func journal(_ middle: [UInt8]) -> Journal {
        Journal(tree: Parser.parse(SourceFile(path: "<merge>", bytes: head + middle + tail)), loader: .memory([:]))
    }

    static func text(_ units: [MergeUnit]) -> [UInt8] { units.reduce(into: []) { $0 += $1.text } }

    // MARK: Lint

    /// Resolves or marks as conflicts the findings neither side had.
    mutating func resolve(_ items: inout [MergeItem]) {
        // Only the common case is free: one side changed nothing.
        let changed = items.contains { item in
            guard let unit = item.unit else { return true }
            return unit.side != .base
        }
        guard changed else { return }
        if oursJournal == nil { oursJournal = journal(Self.text(ours)); theirsJournal = journal(Self.text(theirs)) }
        var settled = Set<Int>()   // findings already made conflicts, by offset
        for _ in 0..<64 {
            let (middle, offsets) = lintText(items)
            let merged = journal(middle)
            let newToOurs = JournalWrite.newFindings(before: oursJournal!, after: merged, today: nil)
            if newToOurs.isEmpty { return }
            let newToTheirs = Set(JournalWrite.newFindings(before: theirsJournal!, after: merged, today: nil))
            let disputed = newToOurs.filter { newToTheirs.contains($0) }
            guard let finding = disputed.first(where: { d in
                guard let start = d.range?.start else { return true }
                return !settled.contains(start)
            }) else { return }
            let at = finding.range.map { $0.start - head.count }
            guard let index = at.flatMap({ unitIndex(of: $0, offsets: offsets) }) else {
                // A finding outside the merged lines: no unit to blame, so
                // every changed unit is in dispute.
                disputeAll(&items)
                return
            }
            if let start = finding.range?.start { settled.insert(start) }
            settle(index, finding, &items)
        }
        disputeAll(&items)
    }

    /// The middle as the linter reads it (ours' side of a conflict), and the
    /// offset each item starts at.
    func lintText(_ items: [MergeItem]) -> ([UInt8], [Int]) {
        var out: [UInt8] = []
        var offsets: [Int] = []
        for item in items {
            offsets.append(out.count)
            switch item {
            case .unit(let unit): out += unit.text
            case .conflict(let ours, _): out += Self.text(ours)
            }
        }
        return (out, offsets)
    }

    func unitIndex(of offset: Int, offsets: [Int]) -> Int? {
        guard offset >= 0, let last = offsets.lastIndex(where: { $0 <= offset }) else { return nil }
        return last
    }

    /// Resolves one finding on item `index`.
    mutating func settle(_ index: Int, _ finding: Diagnostic, _ items: inout [MergeItem]) {
        guard let unit = items[index].unit, unit.side != .base else {
            if let unit = items[index].unit { dispute([index] + partners(of: unit, in: items, sides: [.ours, .theirs]), &items) }
            return
        }
        let other: MergeSide = unit.side == .ours ? .theirs : .ours
        // The same unit added on both sides: one.
        if let twin = items.indices.first(where: { $0 != index && items[$0].unit.map { $0.side == other && $0.key == unit.key } == true }) {
            let drop = unit.side == .theirs ? index : twin
            resolutions.append("kept once (added on both sides): \(String(decoding: unit.lines[0], as: UTF8.self))")
            items.remove(at: drop)
            return
        }
        // One task completed on both sides: the earlier `done`.
        if unit.kind == .done, let title = MergeNames.title(of: unit),
           let twin = items.indices.first(where: { k in
               guard k != index, let u = items[k].unit, u.side == other, u.kind == .done else { return false }
               return MergeNames.title(of: u) == title
           }), let twinUnit = items[twin].unit {
            let later = (unit.date ?? .minimum) >= (twinUnit.date ?? .minimum) ? index : twin
            resolutions.append("task completed on both sides kept completed once: \"\(title)\"")
            items.remove(at: later)
            return
        }
        dispute([index] + partners(of: unit, in: items, sides: [other]), &items)
    }

    /// The units of the given sides, not entries, that name what `unit`
    /// names (the declaration, archive or rename an entry collides with).
    func partners(of unit: MergeUnit, in items: [MergeItem], sides: Set<MergeSide>) -> [Int] {
        let names = MergeNames.names(in: unit)
        let title = MergeNames.title(of: unit)
        return items.indices.filter { k in
            guard let u = items[k].unit, sides.contains(u.side), u.kind != .entry else { return false }
            if let title, MergeNames.title(of: u) == title { return true }
            return !names.isDisjoint(with: MergeNames.names(in: u))
        }
    }

    /// Puts the items at `indices` (units) between conflict markers, at the
    /// place of the first of them.
    func dispute(_ indices: [Int], _ items: inout [MergeItem]) {
        let sorted = Array(Set(indices)).sorted()
        guard let first = sorted.first else { return }
        let units = sorted.compactMap { items[$0].unit }
        let block = MergeItem.conflict(ours: units.filter { $0.side != .theirs }, theirs: units.filter { $0.side != .ours })
        for k in sorted.reversed() { items.remove(at: k) }
        items.insert(block, at: first)
    }

    /// Every unit either side changed, in one conflict (a finding the merge
    /// cannot place).
    func disputeAll(_ items: inout [MergeItem]) {
        let changed = items.indices.filter { items[$0].unit.map { $0.side != .base } ?? false }
        dispute(changed, &items)
    }

    // MARK: Rename

    /// A `units rename OLD NEW` on one side (a declaration whose only change
    /// is its name) is applied to the units the other side added or changed.
    mutating func rename(_ items: inout [MergeItem], base: [MergeUnit]) {
        for (side, units) in [(MergeSide.ours, ours), (.theirs, theirs)] {
            for (old, new) in MergeNames.renames(base: base, side: units) {
                let other: MergeSide = side == .ours ? .theirs : .ours
                var count = 0
                for k in items.indices {
                    guard let unit = items[k].unit, unit.side == other,
                          let renamed = MergeNames.renaming(unit, old, new) else { continue }
                    items[k] = .unit(renamed)
                    count += 1
                }
                if count > 0 { resolutions.append("\(old) renamed to \(new) on one side: \(count) line\(count == 1 ? "" : "s") of the other side written with \(new)") }
            }
        }
    }
}
