/// What a rule sees, and where it reports: the journal, the day the check
/// runs as (`--today`), and the diagnostics found so far.
public struct LintContext {
    public let journal: Journal
    public let today: CivilDate
    /// The rule being run (its id and severity go on every report).
    var rule: RuleDescription
    public internal(set) var diagnostics: [Diagnostic] = []
    /// The journal's lines other than entries and blanks (`forEachLine` reads only those).
    let lineIndex: LintLineIndex

    init(journal: Journal, today: CivilDate, rule: RuleDescription, lineIndex: LintLineIndex) {
        self.journal = journal
        self.today = today
        self.rule = rule
        self.lineIndex = lineIndex
    }

    /// In a capped run, where the rule's findings go instead of `diagnostics`.
    var keep: LintKeep?

    /// Reports a finding of the current rule at its default severity (in a
    /// capped run the message is built only for a finding kept).
    public mutating func report(_ message: @autoclosure () -> String, at range: SourceRange) {
        if keep != nil {
            keep!.add(rule.severity, rule: rule.id, message, at: range)
        } else {
            diagnostics.append(Diagnostic(rule.severity, rule: rule.id, message(), at: range))
        }
    }

    /// Ends a capped rule: its kept findings join `diagnostics`, and the
    /// count of the others `notMade`.
    mutating func finishKeeping(into notMade: inout [String: Int]) {
        guard keep != nil else { return }
        keep!.flush(into: &diagnostics)
        if keep!.dropped > 0 { notMade[rule.id, default: 0] += keep!.dropped }
        keep = nil
    }

    /// Calls `body` for every line of the given kinds, in every file.
    public func forEachLine(_ kinds: Set<LineKind>, _ body: (SyntaxTree, SyntaxLine, ArraySlice<Token>) -> Void) {
        forEachLine(kinds, lines: { tree, line in body(tree, line, tree.tokens(of: line)) })
    }

    /// The lines of `kinds` (never entries or blanks: the index leaves them
    /// out), without their tokens: a loaded journal keeps none for a comment line.
    public func forEachLine(_ kinds: Set<LineKind>, lines body: (SyntaxTree, SyntaxLine) -> Void) {
        precondition(!kinds.contains(.entry) && !kinds.contains(.blank), "the line index holds no entry or blank line")
        // A bit mask: a set lookup per line of a million declarations shows.
        let mask = kinds.reduce(UInt64(0)) { $0 | 1 << UInt64($1.rawValue) }
        for (tree, indexes) in zip(journal.files, lineIndex.lines) {
            for index in indexes {
                let line = tree.lines[Int(index)]
                if mask & (1 << UInt64(line.kind.rawValue)) != 0 { body(tree, line) }
            }
        }
    }

    /// The date a date token spells (the parser only makes valid ones).
    static func date(_ tree: SyntaxTree, _ token: Token) -> CivilDate {
        if case .valid(let d) = DateLexeme.parse(tree.bytes(token)) { return d }
        return .minimum
    }

    /// The range of an entry's date, name or value token (0, 1, 2), read
    /// from the line's words (not by tokenising it again).
    public func range(ofToken index: Int, of entry: Entry) -> SourceRange {
        let (tree, line) = journal.line(entry.source)
        return tree.range(tree.entryToken(index, of: line))
    }
}

extension LintContext {
    /// The attribute lines under a habit's declaration, in order.
    public func attributes(of habit: Habit) -> [AttributeLine] {
        guard let location = habit.location,
              let tree = journal.files.first(where: { $0.file === location.file }) else { return [] }
        let lines = tree.lines
        var result: [AttributeLine] = []
        var index = tree.lineIndex(containing: location.start) + 1
        while index < lines.count, lines[index].kind == .attribute || lines[index].kind == .comment {
            if lines[index].kind == .attribute {
                let tokens = tree.tokens(of: lines[index])
                result.append(AttributeLine(key: tree.text(tokens.first!), tree: tree, tokens: tokens))
            }
            index += 1
        }
        return result
    }

    /// The last `key:` line under a habit's declaration (the one in force).
    public func attribute(_ key: String, of habit: Habit) -> AttributeLine? {
        attributes(of: habit).last { $0.key == key }
    }

    /// The habits `test` selects, each tested where it lies: a loop over
    /// copies would retain and release every habit's references.
    public func habits(where test: (Habit) -> Bool) -> [Habit] {
        let habits = journal.habits
        return habits.indices.filter { test(habits[$0]) }.map { habits[$0] }
    }

    /// The value tokens of an attribute line (after `key:`, before a comment).
    public func values(_ tokens: ArraySlice<Token>) -> ArraySlice<Token> {
        tokens.dropFirst(2).prefix { $0.kind != .comment }
    }

    /// Whether an event at `location` on `date` comes before line `reference`
    /// on `day` in the journal's order (by date, then by file position).
    public func isBefore(_ date: CivilDate, _ location: SourceRange?, _ day: CivilDate, _ reference: LineReference) -> Bool {
        if date != day { return date < day }
        let (tree, line) = journal.line(reference)
        guard let location, location.file === tree.file else { return true }
        return location.start < Int(line.start)
    }

    /// Counts Unicode scalars (characters as a person counts them).
    public static func characterCount<C: Collection>(_ bytes: C) -> Int where C.Element == UInt8 {
        var count = 0
        for b in bytes where b & 0xC0 != 0x80 { count += 1 }
        return count
    }
}

/// An attribute line under a declaration: its key and its tokens.
public struct AttributeLine {
    public let key: String
    public let tree: SyntaxTree
    public let tokens: ArraySlice<Token>

    /// The key's range: where a finding about the line points.
    public var keyRange: SourceRange { tree.range(tokens.first!) }
}
