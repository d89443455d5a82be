/// The lines of a journal that are neither entries, blank nor ordinary
/// comments, by file, in order: the few that most rules (and the
/// `units-lint:` comments) look at. Found in one pass over the lines, so
/// that the rules that each read one or two kinds of line do not each walk
/// a million entry (or comment) lines. Of the comment lines only those that
/// talk to the linter are kept: no rule reads another.
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
