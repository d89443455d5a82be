/// A line-based unified diff (`diff -u` style) for `units-fmt --diff`, over
/// the toolkit's one line diff (`LineDiff`).
public enum UnifiedDiff {
    /// The diff of one file's `old` and `new` headed as git heads it (`a/PATH`,
    /// `b/PATH`, an absolute path without its `/`), so `git apply` takes it.
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

    /// The non-blank lines of `new` the diff inserts, without line endings.
    public static func insertedLines(old: [UInt8], new: [UInt8]) -> [String] {
        if old == new { return [] }
        let b = lines(new)
        return editScript(lines(old), b).compactMap { op -> String? in
            guard op.kind == .insert else { return nil }
            var line = b[op.newLine]
            while let last = line.last, last == ASCII.lf || last == ASCII.cr { line = line.dropLast() }
            let text = String(decoding: line, as: UTF8.self)
            return text.trimmingSpaces().isEmpty ? nil : text
        }
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

    /// The edit script of `LineDiff`'s matches, deletions first as in diff -u.
    static func editScript(_ a: [ArraySlice<UInt8>], _ b: [ArraySlice<UInt8>]) -> [Op] {
        var ops: [Op] = []
        var i = 0, j = 0
        for (x, y) in LineDiff.matches(a, b) + [(a.count, b.count)] {
            while i < x { ops.append(Op(kind: .delete, oldLine: i, newLine: j)); i += 1 }
            while j < y { ops.append(Op(kind: .insert, oldLine: i, newLine: j)); j += 1 }
            if x < a.count { ops.append(Op(kind: .equal, oldLine: x, newLine: y)); i += 1; j += 1 }
        }
        return ops
    }
}
