/// A line dated before the declaration of the habit it names: the habit did
/// not exist yet on that day (format.md section 8).
struct BeforeDeclarationRule: EntryPassRule {
    let description = RuleDescription(
        id: "before-declaration", severity: .error,
        summary: "An entry, unit/floor change, archive, pause or task link dated before its habit's declaration.",
        triggering: ["2025-09-05 habit Walk\n2025-09-01 Walk 3\n",
                     "2025-09-05 habit Walk\n2025-09-01 floor Walk 5\n",
                     "2025-09-05 habit Walk\n2025-09-01 task \"Buy shoes\" 1 Walk\n"],
        nonTriggering: ["2025-09-01 habit Walk\n2025-09-01 Walk 3\n2025-09-02 unit Walk lap\n"])

    func begin(_ context: inout LintContext) -> [CivilDate]? {
        context.journal.habits.map(\.declared)
    }

    func visit(_ entry: Entry, _ declared: inout [CivilDate], _ context: inout LintContext) {
        guard !entry.isFromTask, entry.date < declared[Int(entry.habit)] else { return }
        let habit = context.journal.habits[Int(entry.habit)]
        context.report(message(habit, entry.date), at: context.range(ofToken: 0, of: entry))
    }

    /// The other lines that name a habit.
    func finish(_ declared: inout [CivilDate], _ context: inout LintContext) {
        let habits = context.journal.habits
        context.forEachLine([.unitChange, .floorChange, .goalChange, .archive, .unarchive, .pause, .task]) { tree, line, tokens in
            let nameToken = line.kind == .task ? tokens.first { $0.kind == .name } : tokens.dropFirst(2).first
            guard let nameToken, let id = context.journal.habitID(named: tree.text(nameToken)) else { return }
            let date = LintContext.date(tree, tokens.first!)
            let habit = habits[id]
            if !habit.isBuiltIn, date < habit.declared {
                context.report(message(habit, date), at: tree.range(tokens.first!))
            }
        }
    }

    func message(_ habit: Habit, _ date: CivilDate) -> String {
        "\(date) is before '\(habit.name)' exists (declared \(habit.declared)): fix the date, or date the declaration earlier"
    }
}
