// Habit and group declarations, and the shared unit tables they point to.

extension JournalBuilder {
    mutating func declare(_ tree: SyntaxTree, _ t: [Token], isGroup: Bool) {
        let name = tree.text(t[2])
        let declared = date(tree, t[0])
        if name == Journal.generalHabitName {
            // format.md 17: General is declared implicitly before the first line.
            report(.error, Rule.duplicateDeclaration, "'\(name)' is built in (declared before the first line): log to it without declaring it", tree.range(t[2]))
            currentDeclaration = nil
            return
        }
        if let existing = journal.habitIndex[name], !journal.habits[existing].isBuiltIn || journal.habits[existing].location != nil {
            var previous = ""
            if let first = journal.habits[existing].location {
                previous = " (first declared at \(lineTable(first.file).location(of: first.start)))"
            }
            report(.error, Rule.duplicateDeclaration, "'\(name)' is already declared\(previous); change it with `unit`, `floor`, `archive` lines instead of declaring it again", tree.range(t[2]))
            currentDeclaration = nil
            return
        }
        let range = SourceRange(file: tree.file, start: Int(t[0].start), end: Int(t[2].end))
        do {
            let id = journal.habits.count
            if id >= 4096, id == journal.habits.capacity { reserveForDeclarations(after: id, at: Int(t[0].start), of: tree.file.count) }
            // Made where it lies: no copy of the habit in and out.
            journal.habits.append(Habit(id: id, name: name, isGroup: isGroup, declared: declared, location: range))
            if !isGroup { journal.habits[id].units = sharedUnits(UnitVersion(since: declared, name: "unit")) }
            journal.habitIndex[name] = id
            currentDeclaration = id
        }
        attributesSeen.removeAll(keepingCapacity: true)
    }

    /// Room for the declarations still to come, projected from how many
    /// came in the bytes read so far: a journal of a million habits
    /// otherwise regrows its habits (120 bytes each) and names by doubling,
    /// each time holding the old and the new copy at once.
    /// Room reserved and not used is never touched, so costs no memory.
    /// (Never more than the file could hold: a declaration line takes at
    /// least 19 bytes, `2024-12-01 habit X` and its line feed.)
    mutating func reserveForDeclarations(after count: Int, at offset: Int, of size: Int) {
        let projected = offset > 0 ? count * size / offset + count / 8 : 0
        let capacity = max(count * 2, min(projected, size / 19 + 1))
        journal.habits.reserveCapacity(capacity)
        journal.habitIndex.reserveCapacity(capacity)
    }

    /// One array per distinct declaration unit, shared by every habit
    /// declared with it (at most 10,000 kept).
    mutating func sharedUnits(_ version: UnitVersion) -> [UnitVersion] {
        if let shared = unitTables[version] { return shared }
        let table = [version]
        if unitTables.count < 10_000 { unitTables[version] = table }
        return table
    }

    /// The floors of a declaration's `floor:`, shared as `sharedUnits`
    /// shares unit tables; a floor with a place of its own (one the linter
    /// reports, `FloorChange.location`) gets its own array.
    mutating func sharedFloors(_ floor: FloorChange) -> [FloorChange] {
        guard floor.location == nil else { return [floor] }
        if let shared = floorTables[floor] { return shared }
        let table = [floor]
        if floorTables.count < 10_000 { floorTables[floor] = table }
        return table
    }

    mutating func resolveGroups() {
        for id in journal.habits.indices {
            guard let name = journal.habits[id].groupName, let range = journal.habits[id].location else { continue }
            guard let group = journal.habitIndex[name], journal.habits[group].isGroup else {
                let exists = journal.habitIndex[name] != nil
                let hint = Suggestion.closest(to: name, in: journal.habits.filter(\.isGroup).map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
                report(.error, exists ? Rule.nestedGroup : Rule.unknownGroup,
                       exists ? "'\(name)' is a habit, not a group: a habit can only belong to a group"
                              : "'\(journal.habits[id].name)' belongs to unknown group '\(name)'\(hint)", range)
                continue
            }
            journal.habits[id].group = group
            journal.habits[group].members.append(id)
        }
    }
}
