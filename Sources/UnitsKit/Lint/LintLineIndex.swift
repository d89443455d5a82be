/// The lines of a journal that are neither entries, blank nor ordinary
/// comments, by file, in order: the few that most rules read, found in one
/// pass so that no rule walks a million entry lines.
final class LintLineIndex {
    /// Per file (as `journal.files`), the indexes of its other lines.
    let lines: [[Int32]]

    init(_ journal: Journal) {
        lines = journal.files.map { tree in
            var found: [Int32] = []
            tree.lines.forEachKind { index, kind in
                guard kind != .entry && kind != .blank else { return }
                if kind == .comment && LintDirective.in(tree.lines[index], of: tree) == nil { return }
                found.append(Int32(index))
            }
            return found
        }
    }
}
