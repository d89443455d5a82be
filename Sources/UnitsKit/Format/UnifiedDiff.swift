/// A small line-based unified diff (`diff -u` style, three lines of
/// context) for `units-fmt --diff`.
///
/// Common leading and trailing lines are skipped first; the middle is
/// diffed by longest common subsequence when it is small enough, and shown
/// as one replaced block when it is not (a formatter's diff of a huge,
/// never-formatted file is "everything changed" anyway).
public enum UnifiedDiff {
    /// The diff of one file's `old` and `new` bytes headed as git heads it:
    /// `a/PATH` and `b/PATH`, an absolute path without its leading `/`
    /// (`a/tmp/x.units`, not `a//tmp/x.units`), so `git apply` and
    /// `patch -p1` take it.
    public static func diff(old: [UInt8], new: [UInt8], path: String) -> String {
        var relative = Substring(path)
        while relative.hasPrefix("/") { relative = relative.dropFirst() }
        return diff(old: old, new: new, oldName: "a/" + relative, newName: "b/" + relative)
    }

    /// The diff of `old` and `new`, or "" when they are equal.
    public static func diff(old: [UInt8], new: [UInt8], oldName: String, newName: String, context: Int = 3) -> String {
        if old == new { return "" }
        let a = lines(old), b = lines(new)
        let script = editScript(a, b)
        var out = "--- \(oldName)\n+++ \(newName)\n"
        // Group the script into hunks: changes closer than 2*context merge.
        var index = 0
        while index < script.count {
            guard let firstChange = script[index...].firstIndex(where: { $0.kind != .equal }) else { break }
            var last = firstChange
            var k = firstChange
            while k < script.count {
                if script[k].kind != .equal { last = k; k += 1; continue }
                var run = k
                while run < script.count, script[run].kind == .equal { run += 1 }
                if run == script.count || run - k > 2 * context { break }
                k = run
            }
            let start = max(index, firstChange - context)
            let end = min(script.count, last + 1 + context)
            let hunk = script[start..<end]
            let oldStart = hunk.first!.oldLine, newStart = hunk.first!.newLine
            let oldCount = hunk.filter { $0.kind != .insert }.count
            let newCount = hunk.filter { $0.kind != .delete }.count
            out += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
            for op in hunk {
                switch op.kind {
                case .equal: out += " " + text(a[op.oldLine])
                case .delete: out += "-" + text(a[op.oldLine])
                case .insert: out += "+" + text(b[op.newLine])
                }
            }
            index = end
        }
        return out
    }

    struct Op {
        enum Kind { case equal, delete, insert }
        var kind: Kind
        /// 0-based line in old (for delete/equal) and new (insert/equal);
        /// for the other side, the line the change sits before.
        var oldLine: Int
        var newLine: Int
    }

    /// Lines with their line ending (the last may lack one).
    static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var result: [ArraySlice<UInt8>] = []
        var start = 0
        for i in bytes.indices where bytes[i] == ASCII.lf {
            result.append(bytes[start...i])
            start = i + 1
        }
        if start < bytes.count { result.append(bytes[start...]) }
        return result
    }

    static func text(_ line: ArraySlice<UInt8>) -> String {
        let s = String(decoding: line, as: UTF8.self)
        return line.last == ASCII.lf ? s : s + "\n\\ No newline at end of file\n"
    }

    static func range(_ start: Int, _ count: Int) -> String {
        // diff -u numbers lines from 1; an empty range names the line before.
        count == 0 ? "\(start),0" : count == 1 ? "\(start + 1)" : "\(start + 1),\(count)"
    }

    static let lcsLimit = 4_000_000

    static func editScript(_ a: [ArraySlice<UInt8>], _ b: [ArraySlice<UInt8>]) -> [Op] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        var ops: [Op] = (0..<prefix).map { Op(kind: .equal, oldLine: $0, newLine: $0) }
        let a0 = prefix, a1 = a.count - suffix, b0 = prefix, b1 = b.count - suffix
        let n = a1 - a0, m = b1 - b0
        if n * m <= lcsLimit && n > 0 && m > 0 {
            // lengths[i][j]: LCS of a[a0+i...] and b[b0+j...], row-major.
            let width = m + 1
            var lengths = [Int32](repeating: 0, count: (n + 1) * width)
            for i in stride(from: n - 1, through: 0, by: -1) {
                for j in stride(from: m - 1, through: 0, by: -1) {
                    lengths[i * width + j] = a[a0 + i] == b[b0 + j]
                        ? lengths[(i + 1) * width + j + 1] + 1
                        : max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
                }
            }
            var i = 0, j = 0
            while i < n || j < m {
                if i < n, j < m, a[a0 + i] == b[b0 + j] {
                    ops.append(Op(kind: .equal, oldLine: a0 + i, newLine: b0 + j)); i += 1; j += 1
                } else if i < n, j == m || lengths[(i + 1) * width + j] >= lengths[i * width + j + 1] {
                    ops.append(Op(kind: .delete, oldLine: a0 + i, newLine: b0 + j)); i += 1   // deletions first, as diff -u
                } else {
                    ops.append(Op(kind: .insert, oldLine: a0 + i, newLine: b0 + j)); j += 1
                }
            }
        } else {
            for i in a0..<a1 { ops.append(Op(kind: .delete, oldLine: i, newLine: b0)) }
            for j in b0..<b1 { ops.append(Op(kind: .insert, oldLine: a1, newLine: j)) }
        }
        for k in 0..<suffix { ops.append(Op(kind: .equal, oldLine: a1 + k, newLine: b1 + k)) }
        return ops
    }
}
