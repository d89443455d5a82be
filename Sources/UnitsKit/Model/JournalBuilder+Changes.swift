// Dated `unit`, `goal` and `floor` changes of a declared habit.

extension JournalBuilder {
    mutating func changeUnit(_ tree: SyntaxTree, _ t: [Token]) {
        guard let id = resolve(tree, t[2]) else { return }
        guard !journal.habits[id].isGroup else {
            report(.error, Rule.invalidAttribute, "'\(tree.text(t[2]))' is a group and has no unit", tree.range(t[2])); return
        }
        let body = t[3...].prefix { $0.kind != .comment }
        let words = body.prefix { $0.kind == .word }
        var version = UnitVersion(since: date(tree, t[0]), name: tree.text(words.first!),
                                  shorthand: words.count > 1 ? tree.text(words[words.startIndex + 1]) : nil,
                                  location: SourceRange(file: tree.file, start: Int(t[0].start), end: Int(body.last!.end)))
        if let eq = body.firstIndex(where: { $0.kind == .equals }) {
            version.size = amount(tree, t[eq + 1]) ?? .one
            let measure = t[(eq + 2)...].prefix { $0.kind == .word }
            version.measure = measure.isEmpty ? nil : Self.valueText(tree, measure)
        } else {
            // No size given: one unit is one of itself.
            version.size = .one
            version.measure = nil
        }
        journal.habits[id].units.append(version)
    }

    /// `DATE goal NAME N [MEASURE]` / `DATE min NAME N [MEASURE]`: the pair
    /// in force from this line on. Check habits only (lint says so otherwise).
    mutating func changeGoal(_ tree: SyntaxTree, _ t: [Token]) {
        guard let id = resolve(tree, t[2]), let value = amount(tree, t[3]) else { return }
        let habit = journal.habits[id]
        let current = habit.goals(version: .max)
        var change = GoalChange(since: date(tree, t[0]), goal: current.goal, minimum: current.minimum,
                                location: SourceRange(file: tree.file, start: Int(t[3].start), end: Int((t.last { $0.kind == .word } ?? t[3]).end)))
        if tree.text(t[1]) == "goal" { change.goal = value } else { change.minimum = value }
        journal.habits[id].goalChanges.append(change)
    }

    mutating func changeFloor(_ tree: SyntaxTree, _ t: [Token]) {
        guard let id = resolve(tree, t[2]) else { return }
        guard let floor = Self.parseFloor(tree.text(t[3])) else {
            report(.error, Rule.invalidAttribute, "expected a floor in units per week, e.g. `7/week`", tree.range(t[3])); return
        }
        journal.habits[id].floors.append(FloorChange(since: date(tree, t[0]), unitsPerWeek: floor, location: tree.range(t[3])))
    }
}
