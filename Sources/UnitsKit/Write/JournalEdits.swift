/// One edit of a journal's main file: the lines `range` (indexes into its
/// syntax tree's `lines`) are replaced by `lines` (an empty range inserts
/// before `range.lowerBound`; no lines delete).
public struct LineEdit: Sendable, Equatable {
    public var range: Range<Int>
    public var lines: [String]

    public init(range: Range<Int>, lines: [String]) {
        self.range = range
        self.lines = lines
    }
}

/// Several edits of the main file made as one write (`units group add`
/// joins members far apart; `units habit delete` removes lines all over).
public struct EditChange: Sendable {
    public var edits: [LineEdit]
    /// What the change does, in words; kept for `units undo`.
    public var summary: String

    public init(edits: [LineEdit], summary: String) {
        self.edits = edits
        self.summary = summary
    }
}

extension JournalWrite {
    /// Like `perform(path:settings:_:)`, for a change made of several line
    /// edits. A canonical file is printed whole after them (blocks they
    /// joined or shrank re-aligned); otherwise only the new lines are laid out.
    public static func perform(path: String, settings: WriteSettings,
                               edits decide: (Journal) throws(WriteRefusal) -> EditChange) -> Result<AppendResult, AppendFailure> {
        let load = { (file: LockedFile) in Journal(tree: Parser.parse(SourceFile(path: path, bytes: file.bytes))) }
        return write(path: path, settings: settings, load: load) { journal in
            let change: EditChange
            do throws(WriteRefusal) { change = try decide(journal) } catch { return .failure(.refused(error.message)) }
            let tree = journal.files[0]
            let edits = change.edits.sorted { $0.range.lowerBound < $1.range.lowerBound }
            for (a, b) in zip(edits, edits.dropFirst()) where a.range.upperBound > b.range.lowerBound {
                return .failure(.wouldBreak([Diagnostic(.error, rule: "layout", "overlapping edits (please report this)", path: path)]))
            }
            let raw = JournalEdits.apply(edits, to: tree)
            let rawTree = Parser.parse(SourceFile(path: path, bytes: raw.bytes))
            let rawErrors = rawTree.diagnostics.filter { $0.severity == .error }
            if !rawErrors.isEmpty { return .failure(.wouldBreak(rawErrors)) }
            let after = JournalEdits.layOut(original: tree, edited: rawTree, added: raw.added)
            if let problem = FormatCheck.problem(input: rawTree, output: after) {
                return .failure(.wouldBreak([Diagnostic(.error, rule: "layout", "laying out the new lines would change the journal: \(problem); nothing was written (please report this)", path: path)]))
            }
            return .success((after, change.summary))
        }
    }
}

/// The pieces of a several-edit write.
enum JournalEdits {
    /// The file with `edits` (sorted, not overlapping) applied in its line
    /// ending, and the line ranges the new lines have in the result.
    static func apply(_ edits: [LineEdit], to tree: SyntaxTree) -> (bytes: [UInt8], added: [Range<Int>]) {
        let source = tree.file.bytes
        let ending = AppendPlan.lineEnding(of: source)
        let lines = tree.lines
        var out: [UInt8] = []
        out.reserveCapacity(source.count + 256)
        var cursor = 0
        var shift = 0
        var added: [Range<Int>] = []
        for edit in edits {
            let start = edit.range.lowerBound < lines.count ? Int(lines[edit.range.lowerBound].start) : source.count
            let end = edit.range.isEmpty ? start : Int(lines[edit.range.upperBound - 1].end)
            out += source[cursor..<start]
            if start == source.count, let last = source.last, last != AppendPlan.lf, !edit.lines.isEmpty { out += ending }
            for line in edit.lines {
                out += Array(line.utf8)
                out += ending
            }
            cursor = max(cursor, end)
            let first = edit.range.lowerBound + shift
            if !edit.lines.isEmpty { added.append(first..<(first + edit.lines.count)) }
            shift += edit.lines.count - edit.range.count
        }
        out += source[cursor...]
        return (out, added)
    }

    /// Whether the file is what the printer prints for it (in its line ending).
    static func isCanonical(_ tree: SyntaxTree) -> Bool {
        var printer = CanonicalPrinter(tree: tree)
        let printed = printer.print()
        let ending = AppendPlan.lineEnding(of: tree.file.bytes)
        return WriteLayout.withEnding(printed, ending, keepFinal: true) == tree.file.bytes
    }

    static func layOut(original: SyntaxTree, edited: SyntaxTree, added: [Range<Int>]) -> [UInt8] {
        if isCanonical(original) {
            var printer = CanonicalPrinter(tree: edited)
            return WriteLayout.withEnding(printer.print(), AppendPlan.lineEnding(of: original.file.bytes), keepFinal: true)
        }
        var tree = edited
        for range in added {
            let bytes = WriteLayout.layOut(tree, added: range)
            tree = Parser.parse(SourceFile(path: tree.file.path, bytes: bytes))
        }
        return tree.file.bytes
    }
}
