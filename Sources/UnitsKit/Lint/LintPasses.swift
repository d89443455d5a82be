/// Rules that read every entry, or every line, run together: one pass over
/// the entries and one over the lines, each rule into its own context.

/// A rule that looks at the journal's entries one at a time, in order.
protocol EntryPassRule: LintRule {
    associatedtype State
    /// Before the entries: the rule's state, or nil when it has nothing to find.
    func begin(_ context: inout LintContext) -> State?
    func visit(_ entry: Entry, _ state: inout State, _ context: inout LintContext)
    /// After the entries.
    func finish(_ state: inout State, _ context: inout LintContext)
}

extension EntryPassRule {
    func finish(_ state: inout State, _ context: inout LintContext) {}

    func check(_ context: inout LintContext) {
        guard var state = begin(&context) else { return }
        for entry in context.journal.entries { visit(entry, &state, &context) }
        finish(&state, &context)
    }
}

/// A rule that looks at the lines of every file of the journal, in order.
protocol LinePassRule: LintRule {
    associatedtype State
    /// Before the lines: the rule's state, or nil when it has nothing to find.
    func begin(_ context: inout LintContext) -> State?
    /// A file's lines start.
    func beginFile(_ tree: SyntaxTree, _ state: inout State)
    /// One line; `date` is given for a dated line with a date token.
    func visit(_ tree: SyntaxTree, _ line: SyntaxLine, _ date: LineDate?, _ state: inout State, _ context: inout LintContext)
}

extension LinePassRule {
    func beginFile(_ tree: SyntaxTree, _ state: inout State) {}

    func check(_ context: inout LintContext) {
        guard var state = begin(&context) else { return }
        for tree in context.journal.files {
            beginFile(tree, &state)
            tree.forEachLine { line, date in visit(tree, line, date, &state, &context) }
        }
    }
}

/// Each habit's items (pauses, archive events) in one flat array (no array retained per entry).
struct PerHabit<Item> {
    private(set) var items: [Item] = []
    /// Habit `h`'s items are `items[starts[h]..<starts[h + 1]]`.
    private var starts: [Int32] = [0]

    init(_ perHabit: [[Item]]) {
        for list in perHabit {
            items += list
            starts.append(Int32(items.count))
        }
    }

    var isEmpty: Bool { items.isEmpty }

    func range(_ habit: Int) -> Range<Int> { Int(starts[habit])..<Int(starts[habit + 1]) }
}

/// One rule in a pass: its state and context, when it runs.
private struct Slot<Rule: LintRule, State> {
    let rule: Rule
    var state: State?
    var context: LintContext
}

enum LintPasses {
    /// Runs the rules of the passes that `runs` lets run; each one's
    /// findings, by rule id (with `keep`, as `Linter.findings`).
    static func run(_ journal: Journal, today: CivilDate, lineIndex: LintLineIndex, keep: LintKeep?,
                    notMade: inout [String: Int], runs: (RuleDescription) -> Bool) -> [String: [Diagnostic]] {
        var found: [String: [Diagnostic]] = [:]
        func slot<R: LintRule, State>(_ rule: R, _ begin: (inout LintContext) -> State?) -> Slot<R, State> {
            var context = LintContext(journal: journal, today: today, rule: rule.description, lineIndex: lineIndex)
            context.keep = keep
            let state = runs(rule.description) ? begin(&context) : nil
            return Slot(rule: rule, state: state, context: context)
        }
        func entrySlot<R: EntryPassRule>(_ rule: R) -> Slot<R, R.State> { slot(rule, rule.begin) }
        func visit<R: EntryPassRule>(_ slot: inout Slot<R, R.State>, _ entry: Entry) {
            if slot.state != nil { slot.rule.visit(entry, &slot.state!, &slot.context) }
        }
        func finish<R: EntryPassRule>(_ slot: inout Slot<R, R.State>) {
            if slot.state != nil { slot.rule.finish(&slot.state!, &slot.context) }
            slot.context.finishKeeping(into: &notMade)
            found[slot.rule.description.id] = slot.context.diagnostics
        }
        var a = entrySlot(BeforeDeclarationRule()), b = entrySlot(ArchivedEntryRule()), c = entrySlot(PausedEntryRule())
        var d = entrySlot(StateOnCountHabitRule()), e = entrySlot(NumberOnCheckHabitRule()), f = entrySlot(DuplicateCheckInRule())
        var g = entrySlot(LargeEntryRule()), h = entrySlot(NegativeDayTotalRule())
        if a.state != nil || b.state != nil || c.state != nil || d.state != nil || e.state != nil || f.state != nil || g.state != nil || h.state != nil {
            for entry in journal.entries {
                visit(&a, entry); visit(&b, entry); visit(&c, entry); visit(&d, entry)
                visit(&e, entry); visit(&f, entry); visit(&g, entry); visit(&h, entry)
            }
        }
        finish(&a); finish(&b); finish(&c); finish(&d); finish(&e); finish(&f); finish(&g); finish(&h)

        func lineSlot<R: LinePassRule>(_ rule: R) -> Slot<R, R.State> { slot(rule, rule.begin) }
        var x = lineSlot(DateOrderRule()), y = lineSlot(FutureDateRule()), z = lineSlot(NoteLengthRule())
        if x.state != nil || y.state != nil || z.state != nil {
            for tree in journal.files {
                if x.state != nil { x.rule.beginFile(tree, &x.state!) }
                if y.state != nil { y.rule.beginFile(tree, &y.state!) }
                if z.state != nil { z.rule.beginFile(tree, &z.state!) }
                tree.forEachLine(releasing: true) { line, date in
                    if x.state != nil { x.rule.visit(tree, line, date, &x.state!, &x.context) }
                    if y.state != nil { y.rule.visit(tree, line, date, &y.state!, &y.context) }
                    if z.state != nil { z.rule.visit(tree, line, date, &z.state!, &z.context) }
                }
            }
        }
        for var slot in [x.context, y.context, z.context] {
            slot.finishKeeping(into: &notMade)
            found[slot.rule.id] = slot.diagnostics
        }
        return found
    }
}
