/// What a merge unit names, read from its syntax tree: the habits and
/// groups it refers to, a task's title, and renames between versions.
enum MergeNames {
    static func tree(_ unit: MergeUnit) -> SyntaxTree {
        Parser.parse(SourceFile(path: "<merge>", bytes: unit.text))
    }

    /// The habit and group names the unit refers to (`RenamePlan`'s references).
    static func names(in unit: MergeUnit) -> Set<String> {
        let tree = tree(unit)
        var names: Set<String> = []
        for line in tree.lines {
            for token in tree.tokens(of: line) where token.kind == .name { names.insert(tree.text(token)) }
            if line.kind == .attribute, let key = tree.tokens(of: line).first, tree.text(key) == "group" {
                for token in tree.tokens(of: line).dropFirst(2) where token.kind != .comment { names.insert(tree.text(token)) }
            }
        }
        return names
    }

    /// The title of a task, `done` or `drop` line.
    static func title(of unit: MergeUnit) -> String? {
        guard unit.kind == .task || unit.kind == .done || unit.kind == .drop else { return nil }
        let tree = tree(unit)
        guard let line = tree.lines.first,
              let token = tree.tokens(of: line).first(where: { $0.kind == .string || $0.kind == .word }) else { return nil }
        return tree.stringValue(token)
    }

    /// The declared name of a habit or group declaration.
    static func declared(_ unit: MergeUnit) -> String? {
        guard unit.kind == .habit || unit.kind == .group else { return nil }
        let tree = tree(unit)
        guard let line = tree.lines.first, let token = tree.tokens(of: line).first(where: { $0.kind == .name }) else { return nil }
        return tree.text(token)
    }

    /// Renames a side made: a declaration of the base that the side no
    /// longer has, and a declaration the side added that is the same but
    /// for its name.
    static func renames(base: [MergeUnit], side: [MergeUnit]) -> [(String, String)] {
        let sideKeys = Set(side.map(\.key)), baseKeys = Set(base.map(\.key))
        let removed = base.filter { ($0.kind == .habit || $0.kind == .group) && !sideKeys.contains($0.key) }
        let added = side.filter { ($0.kind == .habit || $0.kind == .group) && !baseKeys.contains($0.key) }
        guard !removed.isEmpty, !added.isEmpty else { return [] }
        var result: [(String, String)] = []
        for old in removed {
            guard let oldName = declared(old) else { continue }
            for new in added {
                guard new.kind == old.kind, let newName = declared(new), newName != oldName,
                      let back = renaming(new, newName, oldName), back.key == old.key else { continue }
                result.append((oldName, newName))
                break
            }
        }
        return result
    }

    /// The unit with its references to `old` written as `new`
    /// (`RenamePlan`: names in entries, changes, tasks, archives, pauses,
    /// `group:` attributes; never notes, titles or comments), or nil when
    /// it has none.
    static func renaming(_ unit: MergeUnit, _ old: String, _ new: String) -> MergeUnit? {
        let tree = tree(unit)
        guard let edit = RenamePlan.edit(tree, old, new), var renamed = MergeUnit.reading(edit.after, side: unit.side) else { return nil }
        renamed.side = unit.side
        return renamed
    }
}
